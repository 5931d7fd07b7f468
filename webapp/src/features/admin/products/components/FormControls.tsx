import type { AdminShop } from "../api/types";
import { useId, type ReactNode } from "react";
import { CATEGORIES } from "@domain/catalog";
import { CloseIcon } from "../../../../components/moreIcons";
import { t } from "../../../../lib/i18n";
import { categoryName } from "../../../../lib/labels";

interface TextControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 'number' brings the phone's number pad; the value stays text until it is checked. 'datetime': a date and a time. */
  kind?: "text" | "number" | "textarea" | "datetime";
  /** A clear button inside the field (spec §2 "optional clear"). */
  clearable?: boolean;
  hint?: ReactNode;
  testId?: string;
  /** What is wrong with the value: shown under the field, which is marked invalid and says why to a screen reader. */
  error?: string;
}

/** A text, number or textarea input with its label and an optional clear button. */
export function TextControl({ label, value, onChange, kind = "text", clearable = false, hint, testId, error }: TextControlProps) {
  const id = useId();
  const common = {
    id,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    "data-testid": testId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div className="field admin-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="admin-field__box" data-clearable={clearable || undefined}>
        {kind === "textarea" ? (
          <textarea className="field__input admin-field__area" rows={3} {...common} />
        ) : (
          // Numbers stay text fields with the number pad: what was typed is checked (and named) before sending.
          <input
            className="field__input"
            type={kind === "datetime" ? "datetime-local" : "text"}
            inputMode={kind === "number" ? "numeric" : undefined}
            {...common}
          />
        )}
        {clearable && value !== "" && (
          <button type="button" className="admin-field__clear" aria-label={t("staff.form.clear", { label })} onClick={() => onChange("")}>
            <CloseIcon />
          </button>
        )}
      </span>
      {hint && <span className="admin-field__hint">{hint}</span>}
      {error && (
        <span className="admin-field__error" id={`${id}-error`} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The spec's YES/NO button row for a '1'/'0' flag. */
export function YesNoRow({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: "1" | "0") => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field admin-field">
      <span className="field__label" id={id}>
        {label}
      </span>
      <span className="admin-yesno" role="radiogroup" aria-labelledby={id} data-testid={testId}>
        {(["1", "0"] as const).map((flag) => (
          <button
            key={flag}
            type="button"
            role="radio"
            aria-checked={value === flag}
            className="admin-yesno__choice"
            onClick={() => onChange(flag)}
          >
            {flag === "1" ? t("staff.form.yes") : t("staff.form.no")}
          </button>
        ))}
      </span>
    </div>
  );
}

export function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field admin-field">
      <label className="field__label" htmlFor={id}>
        {t("staff.form.category")}
      </label>
      <select
        id={id}
        className="field__input admin-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="field-category"
      >
        {CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryName(category.id) ?? category.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A shop to put stock on: the warehouse shown as such, a placeholder while the shop list loads (`shops`
 * undefined). The stock dialog and the create form's "Stock goes to" both choose with it; `shops` are the
 * choices, already filtered by the caller.
 */
export function ShopSelect({
  label,
  value,
  onChange,
  shops,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  shops: readonly AdminShop[] | undefined;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="field admin-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input admin-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={shops === undefined}
        data-testid={testId}
      >
        {shops === undefined && <option value={value}>{t("staff.stock.loadingShops")}</option>}
        {(shops ?? []).map((shop) => (
          <option key={shop.id} value={shop.id}>
            {shop.is_warehouse ? t("staff.stock.warehouseName", { name: shop.name }) : shop.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The create form's "Stock goes to": the warehouse (the default, spec §5 add stock) or a pickup shop, so a new
 * product can be on a shelf customers see from the start. `shops` is the shop management list (undefined while it loads).
 */
export function StockShopSelect({
  value,
  onChange,
  shops,
}: {
  value: string;
  onChange: (value: string) => void;
  shops: readonly AdminShop[] | undefined;
}) {
  return (
    <ShopSelect
      label={t("staff.form.stockShop")}
      value={value}
      onChange={onChange}
      shops={shops?.filter((shop) => !shop.is_deleted)}
      testId="field-shop_id"
    />
  );
}
