import { Suspense, useState, type FormEvent, type ReactNode } from "react";
import { ChevronRightIcon, MapPinIcon, PhoneIcon } from "./icons";
import { Modal } from "./Modal";
import { notify } from "./notificationStore";
import type { SettingsFieldsProps } from "./OrderSettingsFields";
import "./OrderSettingsFields.css";
import { t } from "../lib/i18n";
import { FromTelegram, hasCourierFromTelegram } from "./courierFromTelegram";

// Phone and location from Telegram (issue 26): a chunk of their own, fetched inside Telegram only.
const fromTelegram = (buttons: ReactNode) => hasCourierFromTelegram() && <Suspense fallback={null}>{buttons}</Suspense>;

type Editing = "phone" | "address" | null;

/** Spec §2: the courier needs a phone ('Your phone number') and an address or a maps link ('Where are you?'). */
export function CourierDetails({ settings, onChange }: SettingsFieldsProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
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
        <PhoneForm
          initial={settings.phone}
          onSave={(phone) => {
            onChange({ phone });
            notify(t("courier.phoneUpdated"), "S");
            close();
          }}
        />
      </Modal>
      <Modal active={editing === "address"} onClose={close} title={t("courier.addressTitle")}>
        <AddressForm
          initialAddress={settings.delivery_address}
          initialLink={settings.delivery_address_link}
          onSave={(delivery_address, delivery_address_link) => {
            onChange({ delivery_address, delivery_address_link });
            notify(t("courier.addressUpdated"), "S");
            close();
          }}
        />
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

function PhoneForm({ initial, onSave }: { initial: string; onSave: (phone: string) => void }) {
  const [phone, setPhone] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (phone.trim() === "") return;
    onSave(phone.trim());
  };
  return (
    <form className="detail-form" onSubmit={onSubmit} noValidate>
      <p className="detail-form__lead">{t("courier.phoneLead")}</p>
      {fromTelegram(
        <FromTelegram
          onPhone={(shared) => {
            setPhone(shared);
            onSave(shared);
          }}
        />,
      )}
      <label className="field">
        <span className="field__label">{t("courier.phone")}</span>
        <input
          className="field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+66 81 234 5678"
          maxLength={40}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoFocus
          data-testid="phone-input"
        />
      </label>
      <button type="submit" className="button" disabled={phone.trim() === ""}>
        {t("courier.savePhone")}
      </button>
    </form>
  );
}

function AddressForm({
  initialAddress,
  initialLink,
  onSave,
}: {
  initialAddress: string;
  initialLink: string;
  onSave: (address: string, link: string) => void;
}) {
  const [address, setAddress] = useState(initialAddress);
  const [link, setLink] = useState(initialLink);
  const blank = address.trim() === "" && link.trim() === "";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    onSave(address.trim(), link.trim());
  };
  return (
    <form className="detail-form" onSubmit={onSubmit} noValidate>
      <p className="detail-form__lead">{t("courier.addressLead")}</p>
      {fromTelegram(<FromTelegram setAddress={setAddress} setLink={setLink} />)}
      <label className="field">
        <span className="field__label">{t("courier.address")}</span>
        <textarea
          className="field__input field__input--area"
          autoComplete="street-address"
          placeholder={t("courier.addressPlaceholder")}
          maxLength={300}
          rows={3}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoFocus
          data-testid="address-input"
        />
      </label>
      <label className="field">
        <span className="field__label">{t("courier.mapsLink")}</span>
        <input
          className="field__input"
          type="url"
          inputMode="url"
          placeholder="https://maps.app.goo.gl/…"
          maxLength={500}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          data-testid="address-link-input"
        />
      </label>
      <button type="submit" className="button" disabled={blank}>
        {t("courier.saveAddress")}
      </button>
    </form>
  );
}
