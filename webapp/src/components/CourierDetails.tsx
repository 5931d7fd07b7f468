import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { MapPinIcon } from "./icons";
import { ChevronRightIcon, PhoneIcon } from "./moreIcons";
import { Modal } from "./Modal";
import { notify } from "./notificationStore";
import type { SettingsFieldsProps } from "./OrderSettingsFields";
import "./OrderSettingsFields.css";
import { t } from "../lib/i18n";
import { FromTelegram, hasCourierFromTelegram, type FromTelegramProps } from "./courierFromTelegram";

// Phone and location from Telegram (issue 26): a chunk of their own, fetched inside Telegram only.
const fromTelegram = (props: FromTelegramProps) =>
  hasCourierFromTelegram() && (
    <Suspense fallback={null}>
      <FromTelegram {...props} />
    </Suspense>
  );

// The dialogs' forms and the rules they check: a chunk of their own, fetched as soon as the courier is chosen.
const loadForms = () => import("./CourierForms");
const PhoneForm = lazy(() => loadForms().then((forms) => ({ default: forms.PhoneForm })));
const AddressForm = lazy(() => loadForms().then((forms) => ({ default: forms.AddressForm })));

type Editing = "phone" | "address" | null;

/** Spec §2: the courier needs a phone ('Your phone number') and an address or a maps link ('Where are you?'). */
export function CourierDetails({ settings, onChange }: SettingsFieldsProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  useEffect(() => {
    void loadForms();
  }, []);
  const where = [settings.delivery_address, settings.delivery_address_link].filter(Boolean).join(" · ");

  return (
    <div className="courier-details">
      <DetailRow
        icon={<PhoneIcon />}
        label={t("courier.phone")}
        value={settings.phone}
        empty={t("courier.addPhone")}
        onEdit={() => setEditing("phone")}
        testId="courier-phone"
      />
      <DetailRow
        icon={<MapPinIcon />}
        label={t("courier.address")}
        value={where}
        empty={t("courier.addAddress")}
        onEdit={() => setEditing("address")}
        testId="courier-address"
      />

      <Modal active={editing === "phone"} onClose={close} title={t("courier.phoneTitle")}>
        <Suspense fallback={null}>
          <PhoneForm
            t={t}
            fromTelegram={fromTelegram}
            initial={settings.phone}
            onSave={(phone) => {
              onChange({ phone });
              notify(t("courier.phoneUpdated"), "S");
              close();
            }}
          />
        </Suspense>
      </Modal>
      <Modal active={editing === "address"} onClose={close} title={t("courier.addressTitle")}>
        <Suspense fallback={null}>
          <AddressForm
            t={t}
            fromTelegram={fromTelegram}
            initialAddress={settings.delivery_address}
            initialLink={settings.delivery_address_link}
            onSave={(delivery_address, delivery_address_link) => {
              onChange({ delivery_address, delivery_address_link });
              notify(t("courier.addressUpdated"), "S");
              close();
            }}
          />
        </Suspense>
      </Modal>
    </div>
  );
}

interface DetailRowProps {
  icon: ReactNode;
  label: string;
  value: string;
  empty: string;
  onEdit: () => void;
  testId: string;
}

function DetailRow({ icon, label, value, empty, onEdit, testId }: DetailRowProps) {
  return (
    <button type="button" className="detail-row" onClick={onEdit} data-missing={value === "" || undefined} data-testid={testId}>
      <span className="detail-row__icon">{icon}</span>
      <span className="detail-row__text">
        <span className="detail-row__label">{label}</span>
        <span className="detail-row__value">{value || empty}</span>
      </span>
      <ChevronRightIcon />
    </button>
  );
}
