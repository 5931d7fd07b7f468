import { useState } from "react";
import type { Order } from "@domain/contracts/orders";
import { settingsComplete, settingsToSend, type OrderSettings } from "@domain/orders";
import { OrderSettingsSections } from "../../../components/OrderSettingsFields";
import { useCryptoFallback } from "../../../components/useCryptoFallback";
import { haptic } from "../../../lib/telegram";
import { showAlert } from "../../../lib/telegramActions";
import { useSaveOrderSettings } from "../api/useSaveOrderSettings";
import "./orders.css";
import { t } from "../../../lib/i18n";

interface PendingOrderSettingsProps {
  order: Order;
  acceptsCrypto: boolean | undefined;
  onPlaced: (order: Order) => void;
}

/**
 * A pending order (P) waits for its delivery and payment; nothing is reserved yet. Saving them here reserves
 * the stock and makes it New, with the 3-hour hold for pickup (spec §4, §5 "Order settings"). `acceptsCrypto`:
 * whether the order's shop takes crypto (undefined while not known).
 */
export function PendingOrderSettings({ order, acceptsCrypto, onPlaced }: PendingOrderSettingsProps) {
  const [settings, setSettings] = useState<OrderSettings>(() => ({
    delivery_option: order.delivery_option,
    payment_option: order.payment_option,
    phone: order.phone,
    delivery_address: order.delivery_address,
    delivery_address_link: order.delivery_address_link,
  }));
  const save = useSaveOrderSettings();
  const change = (next: Partial<OrderSettings>) => setSettings((current) => ({ ...current, ...next }));
  const cryptoUnavailable = useCryptoFallback(acceptsCrypto, settings.payment_option, change);

  const place = () => {
    if (save.isPending) return;
    if (!settingsComplete(settings)) {
      haptic("error");
      void showAlert(t("cart.chooseOptions"));
      return;
    }
    save.mutate(
      { id: order.id, settings: settingsToSend(settings) },
      {
        onSuccess: (placed) => {
          haptic("success");
          onPlaced(placed);
        },
        onError: () => haptic("error"),
      },
    );
  };

  return (
    <div className="order-card card pending-settings" data-testid="pending-settings">
      <p className="pending-settings__lead">{t("order.pendingLead")}</p>
      <OrderSettingsSections settings={settings} onChange={change} cryptoUnavailable={cryptoUnavailable} pickupShop={order.store} />
      <button
        type="button"
        className="button pending-settings__place"
        onClick={place}
        disabled={save.isPending}
        data-testid="save-order-settings"
      >
        {save.isPending && <span className="button__spinner" aria-hidden="true" />}
        {t("cart.placeOrder")}
      </button>
    </div>
  );
}
