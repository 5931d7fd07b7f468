/**
 * The courier dialogs' forms ('Your phone number', 'Where are you?') and the rules they check before saving:
 * a chunk of their own, fetched when the courier is chosen (CourierDetails keeps the modals and the rows).
 *
 * What this module may import is narrow on purpose, as LoginForms': React and the domain's rules. A lazy chunk
 * that imports the app's own modules can make Rolldown split the entry script (docs/webapp.md "Chunks"), so
 * the texts' `t` and the Telegram buttons come in through the props.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { isPhoneNumber } from "@domain/contact";
import { isMapsLink } from "@domain/maps";
import type { FromTelegramProps } from "./courierFromTelegram";
import type { MessageId } from "../lib/i18n";

interface FormProps {
  /** lib/i18n.ts's `t`. */
  t: (id: MessageId) => string;
  /** The Telegram buttons for these props (phone, location), or nothing outside Telegram. */
  fromTelegram: (props: FromTelegramProps) => ReactNode;
}

/**
 * What the server would refuse in a field, said under it before saving (the server still checks): the field
 * is marked invalid, described by the message and focused, and the dialog stays open. Editing clears it.
 */
function useFieldCheck<Field extends HTMLElement>() {
  const [error, setError] = useState<string | null>(null);
  const field = useRef<Field>(null);
  const id = useId();
  return {
    id,
    /** False, with the message shown and the field focused, when the value fails. */
    passes(ok: boolean, message: string): boolean {
      if (!ok) {
        setError(message);
        field.current?.focus();
      }
      return ok;
    },
    clear: () => setError(null),
    fieldProps: { id, ref: field, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined },
    // Beside the field, not in its label: the message describes the field, it is not part of its name.
    message: error && (
      <span className="field__error" id={`${id}-error`} role="alert" data-testid="field-error">
        {error}
      </span>
    ),
  };
}

export function PhoneForm({ t, fromTelegram, initial, onSave }: FormProps & { initial: string; onSave: (phone: string) => void }) {
  const [phone, setPhone] = useState(initial);
  const check = useFieldCheck<HTMLInputElement>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = phone.trim();
    if (typed === "" || !check.passes(isPhoneNumber(typed), t("courier.phoneInvalid"))) return;
    onSave(typed);
  };
  return (
    <form className="detail-form" onSubmit={onSubmit} noValidate>
      <p className="detail-form__lead">{t("courier.phoneLead")}</p>
      {fromTelegram({
        onPhone: (shared) => {
          setPhone(shared);
          onSave(shared);
        },
      })}
      <div className="field">
        <label className="field__label" htmlFor={check.id}>
          {t("courier.phone")}
        </label>
        <input
          className="field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+66 81 234 5678"
          maxLength={40}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            check.clear();
          }}
          autoFocus
          data-testid="phone-input"
          {...check.fieldProps}
        />
        {check.message}
      </div>
      <button type="submit" className="button" disabled={phone.trim() === ""}>
        {t("courier.savePhone")}
      </button>
    </form>
  );
}

export function AddressForm({
  t,
  fromTelegram,
  initialAddress,
  initialLink,
  onSave,
}: FormProps & {
  initialAddress: string;
  initialLink: string;
  onSave: (address: string, link: string) => void;
}) {
  const [address, setAddress] = useState(initialAddress);
  const [link, setLink] = useState(initialLink);
  const check = useFieldCheck<HTMLInputElement>();
  const blank = address.trim() === "" && link.trim() === "";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typedLink = link.trim();
    if (blank || !check.passes(typedLink === "" || isMapsLink(typedLink), t("courier.mapsLinkInvalid"))) return;
    onSave(address.trim(), typedLink);
  };
  return (
    <form className="detail-form" onSubmit={onSubmit} noValidate>
      <p className="detail-form__lead">{t("courier.addressLead")}</p>
      {fromTelegram({
        setAddress,
        setLink: (located) => {
          setLink(located);
          check.clear();
        },
      })}
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
      <div className="field">
        <label className="field__label" htmlFor={check.id}>
          {t("courier.mapsLink")}
        </label>
        <input
          className="field__input"
          type="url"
          inputMode="url"
          placeholder="https://maps.app.goo.gl/…"
          maxLength={500}
          value={link}
          onChange={(event) => {
            setLink(event.target.value);
            check.clear();
          }}
          data-testid="address-link-input"
          {...check.fieldProps}
        />
        {check.message}
      </div>
      <button type="submit" className="button" disabled={blank}>
        {t("courier.saveAddress")}
      </button>
    </form>
  );
}
