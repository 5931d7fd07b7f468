/**
 * An order's settings (spec §5 "Order settings"): delivery, payment, and the courier's phone and address.
 * Controlled: the cart page keeps them in the cart, a pending order's page in the form that saves them.
 */
import { CENTRAL_STATION_ADDRESS, DELIVERY_OPTIONS, PAYMENT_OPTIONS, type OrderSettings } from "@domain/orders";
import { t } from "../lib/i18n";
import { deliveryOptionLabel, paymentOptionLabel } from "../lib/labels";
import { ChoiceGroup, type Choice } from "./ChoiceGroup";
import { CourierDetails } from "./CourierDetails";
import { MapPinIcon } from "./icons";
import { CardIcon, CashIcon, CryptoIcon, ExternalLinkIcon, ScooterIcon, WalkIcon } from "./moreIcons";
import "./OrderSettingsFields.css";

export interface SettingsFieldsProps {
  settings: OrderSettings;
  onChange: (change: Partial<OrderSettings>) => void;
  /** The chosen shop has no TON wallet: crypto is shown but not offered. */
  cryptoUnavailable?: boolean;
  /**
   * The shop the order is collected from, once one is chosen: self-pickup's point is its address (and map);
   * without one, the spec's fixed central-station address (docs/decisions.md "The pickup point is the shop's").
   */
  pickupShop?: PickupShop | null;
}

/** What the pickup point says of a shop: its name, address and map link ("" when it has none). */
export interface PickupShop {
  name: string;
  address: string;
  map_link: string;
}

/** The choices in the language in effect (read at render: the catalogue is loaded by then). */
const deliveryChoices = (): readonly Choice[] => [
  { value: DELIVERY_OPTIONS.selfPickup, label: deliveryOptionLabel(DELIVERY_OPTIONS.selfPickup)!, Icon: WalkIcon },
  { value: DELIVERY_OPTIONS.courier, label: deliveryOptionLabel(DELIVERY_OPTIONS.courier)!, Icon: ScooterIcon },
];

const paymentChoices = (): readonly Choice[] => [
  { value: PAYMENT_OPTIONS.cash, label: paymentOptionLabel(PAYMENT_OPTIONS.cash)!, Icon: CashIcon },
  { value: PAYMENT_OPTIONS.bankCard, label: paymentOptionLabel(PAYMENT_OPTIONS.bankCard)!, Icon: CardIcon },
  { value: PAYMENT_OPTIONS.crypto, label: paymentOptionLabel(PAYMENT_OPTIONS.crypto)!, Icon: CryptoIcon },
];

/** Delivery: self-pickup (at the shop's address, or the fixed one) or a courier (who needs a phone and an address). */
function DeliveryOptions({ settings, onChange, pickupShop }: SettingsFieldsProps) {
  const delivery = settings.delivery_option;
  return (
    <div className="order-options">
      <ChoiceGroup
        label={t("settings.delivery")}
        choices={deliveryChoices()}
        value={delivery}
        onChange={(delivery_option) => onChange({ delivery_option })}
        testId="delivery-options"
      />
      {delivery === DELIVERY_OPTIONS.selfPickup && (
        <p className="pickup-point" data-testid="pickup-point" data-shop={pickupShop ? "chosen" : undefined}>
          <MapPinIcon />
          <span>
            <span className="pickup-point__label">{t("settings.pickupPoint")}</span>
            {pickupShop ? (
              <>
                <span className="pickup-point__shop">{pickupShop.name}</span>
                {pickupShop.address}
                {pickupShop.map_link && (
                  <a className="pickup-point__map" href={pickupShop.map_link} target="_blank" rel="noopener noreferrer">
                    {t("ui.map")}
                    <ExternalLinkIcon />
                  </a>
                )}
              </>
            ) : (
              CENTRAL_STATION_ADDRESS
            )}
          </span>
        </p>
      )}
      {delivery === DELIVERY_OPTIONS.courier && <CourierDetails settings={settings} onChange={onChange} />}
    </div>
  );
}

function PaymentOptions({ settings, onChange, cryptoUnavailable }: SettingsFieldsProps) {
  return (
    <>
      <ChoiceGroup
        label={t("settings.payment")}
        choices={paymentChoices()}
        value={settings.payment_option}
        onChange={(payment_option) => onChange({ payment_option })}
        disabledValues={cryptoUnavailable ? [PAYMENT_OPTIONS.crypto] : undefined}
        testId="payment-options"
      />
      {cryptoUnavailable && (
        <p className="payment-note" data-testid="crypto-unavailable">
          {t("settings.cryptoNeedsWallet")}
        </p>
      )}
    </>
  );
}

/** Delivery and payment, each under its heading: the cart page and a pending order's form show them alike. */
export function OrderSettingsSections(props: SettingsFieldsProps) {
  return (
    <>
      <section className="settings-section">
        <h2 className="section-title">{t("settings.delivery")}</h2>
        <DeliveryOptions {...props} />
      </section>
      <section className="settings-section">
        <h2 className="section-title">{t("settings.payment")}</h2>
        <PaymentOptions {...props} />
      </section>
    </>
  );
}
