import { useState, type FormEvent } from "react";
import type { PromoCheckResponse } from "@domain/contracts/promos";
import { formatBaht } from "@domain/format";
import { t } from "../../../lib/i18n";
import "./PromoCodeField.css";

interface Props {
  /** The code applied (sent with the order), or "" for none. */
  applied: string;
  onApply: (code: string) => void;
  /** The server's verdict on the applied code for this cart, once it came. */
  verdict: PromoCheckResponse | undefined;
  checking: boolean;
}

/** The cart's 'Promo code' field (issue 25): apply checks the code at once; the verdict shows under it. */
export function PromoCodeField({ applied, onApply, verdict, checking }: Props) {
  const [typed, setTyped] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(typed.trim());
  };
  return (
    <form className="promo-field" onSubmit={submit} data-testid="promo-field">
      <label className="promo-field__label" htmlFor="promo-code">
        {t("promo.label")}
      </label>
      <div className="promo-field__row">
        <input
          id="promo-code"
          className="field__input promo-field__input"
          value={typed}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={t("promo.placeholder")}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="promo-input"
        />
        {applied !== "" && typed.trim() === applied ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setTyped("");
              onApply("");
            }}
            data-testid="promo-remove"
          >
            {t("promo.remove")}
          </button>
        ) : (
          <button type="submit" className="button button--ghost" disabled={typed.trim() === ""} data-testid="promo-apply">
            {t("promo.apply")}
          </button>
        )}
      </div>
      {applied !== "" && (
        <p
          className={`promo-field__verdict ${verdict?.valid === false ? "promo-field__verdict--refused" : ""}`}
          role="status"
          data-testid="promo-verdict"
        >
          {checking && !verdict
            ? t("promo.checking")
            : verdict?.valid
              ? t("promo.applied", { code: verdict.code, discount: formatBaht(verdict.discount) })
              : verdict
                ? verdict.message
                : null}
        </p>
      )}
    </form>
  );
}
