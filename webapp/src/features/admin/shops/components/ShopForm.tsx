import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import type { AdminShop } from "@domain/contracts/adminShops";
import { ShopLogo } from "../../../../components/ShopLogo";
import { notify } from "../../../../components/notificationStore";
import { t } from "../../../../lib/i18n";
import { REGIONS } from "../shopTexts";
import "./shops.css";

interface ShopFormProps {
  /** The shop being edited; none on /shop/create. */
  shop?: AdminShop;
  submitLabel: string;
  pending: boolean;
  onSubmit: (form: FormData) => void;
  /** Below the main button: the edit screen's DELETE. */
  children?: ReactNode;
}

/** Read into a data: address (the page's CSP allows data: pictures, not blob:). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable file"));
    reader.readAsDataURL(file);
  });
}

/**
 * Spec §2 "Shop create/edit form": logo (images only), shop name, region (Koh Samui), district, address, map
 * link and the shop admin's e-mail, sent as the multipart form the server reads. Creating needs a logo (spec §5
 * "Shops"); nothing else is checked here: the server checks everything and its message is shown.
 */
export function ShopForm({ shop, submitLabel, pending, onSubmit, children }: ShopFormProps) {
  const id = useId();
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(shop?.path || null);
  const [fields, setFields] = useState({
    name: shop?.name ?? "",
    city_id: String(shop?.city_id ?? REGIONS[0].id),
    district: shop?.district ?? "",
    address: shop?.address ?? "",
    map_link: shop?.map_link ?? "",
    admin: shop?.admin_email ?? "",
  });
  const set = (name: keyof typeof fields) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const needsLogo = !shop && logo === null;

  const onLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0] ?? null;
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      input.value = "";
      notify(t("staff.shops.pickImage"), "W");
      return;
    }
    setLogo(file);
    setPreview(await readAsDataUrl(file).catch(() => null));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || needsLogo) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value.trim());
    if (logo) form.append("file-0", logo);
    onSubmit(form);
  };

  return (
    <form className="shop-form card" onSubmit={submit} noValidate data-testid="shop-form">
      <div className="shop-form__logo">
        <ShopLogo src={preview} large testId="shop-logo-preview" />
        <span className="shop-form__logo-text">
          <label className="button button--ghost shop-form__pick" htmlFor={`${id}-logo`}>
            {preview ? t("staff.shops.changeLogo") : t("staff.shops.pickLogo")}
          </label>
          <input
            id={`${id}-logo`}
            className="shop-form__file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/*"
            onChange={(event) => void onLogo(event)}
            data-testid="shop-logo"
          />
          <span className="shop-form__hint">
            {logo ? logo.name : shop ? t("staff.shops.keepLogo") : t("staff.shops.logoHint")}
          </span>
        </span>
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t("staff.shops.name")}
        </label>
        <input
          id={`${id}-name`}
          className="field__input"
          value={fields.name}
          onChange={set("name")}
          autoComplete="off"
          data-testid="shop-name"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-region`}>
          {t("staff.shops.region")}
        </label>
        <select
          id={`${id}-region`}
          className="field__input shop-form__select"
          value={fields.city_id}
          onChange={set("city_id")}
          data-testid="shop-region"
        >
          {REGIONS.map((region) => (
            <option key={region.id} value={region.id}>
              {t(region.name)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-district`}>
          {t("staff.shops.district")}
        </label>
        <input
          id={`${id}-district`}
          className="field__input"
          value={fields.district}
          onChange={set("district")}
          autoComplete="off"
          data-testid="shop-district"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-address`}>
          {t("staff.shops.address")}
        </label>
        <input
          id={`${id}-address`}
          className="field__input"
          value={fields.address}
          onChange={set("address")}
          autoComplete="off"
          data-testid="shop-address"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-map`}>
          {t("staff.shops.mapLink")}
        </label>
        <input
          id={`${id}-map`}
          className="field__input"
          inputMode="url"
          placeholder="https://maps.app.goo.gl/…"
          value={fields.map_link}
          onChange={set("map_link")}
          data-testid="shop-map-link"
        />
        <span className="shop-form__hint">{t("staff.shops.mapHint")}</span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-admin`}>
          {t("staff.shops.admin")}
        </label>
        <input
          id={`${id}-admin`}
          className="field__input"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={fields.admin}
          onChange={set("admin")}
          data-testid="shop-admin"
        />
        <span className="shop-form__hint">{t("staff.shops.adminHint")}</span>
      </div>

      <button type="submit" className="button shop-form__submit" disabled={pending || needsLogo} data-testid="shop-submit">
        {pending && <span className="button__spinner" aria-hidden="true" />}
        {submitLabel}
      </button>
      {needsLogo && <p className="shop-form__hint shop-form__hint--center">{t("staff.shops.needLogo")}</p>}
      {children}
    </form>
  );
}
