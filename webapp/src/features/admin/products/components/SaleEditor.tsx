import { BASE_OPTION_ID } from "@domain/constants";
import { formatBaht } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import { saleRuns } from "@domain/sale";
import { useState } from "react";
import { notify } from "../../../../components/notificationStore";
import { ApiRequestError } from "../../../../lib/api";
import { t } from "../../../../lib/i18n";
import { haptic } from "../../../../lib/telegram";
import type { AdminProduct, AdminProductOption } from "../api/types";
import { useSetOptionSale, type SaleSent } from "../api/useSetOptionSale";
import { liveOptions } from "../asCatalogProduct";
import { isoWithOffset, localInputValue, saleFieldOf, salePriceToSend, type SaleField } from "../saleFields";
import { TextControl } from "./FormControls";

/**
 * The product form's sale prices: for the base option and every other one, a sale price in whole Baht below the
 * usual price and an optional end (a date and time on the island's clock), saved or ended at once by the option's
 * sale call. The server checks them; what it refuses is said under the field it names.
 */
export function SaleEditor({ product }: { product: AdminProduct }) {
  const isBase = (option: AdminProductOption) => Number(option.id === BASE_OPTION_ID);
  const options = [...liveOptions(product)].sort((a, b) => isBase(b) - isBase(a) || a.per_price - b.per_price);
  return (
    <section className="admin-sale" data-testid="sale-editor" aria-labelledby="admin-sale-title">
      <h2 className="section-title" id="admin-sale-title">
        {t("staff.sale.title")}
      </h2>
      <p className="admin-field__hint">{t("staff.sale.hint")}</p>
      <ul className="admin-sale__options">
        {options.map((option) => (
          <SaleRow key={option.id} productId={product.id} option={option} />
        ))}
      </ul>
    </section>
  );
}

function SaleRow({ productId, option }: { productId: number; option: AdminProductOption }) {
  const [price, setPrice] = useState(option.sale_price === null ? "" : String(option.sale_price));
  const [endsAt, setEndsAt] = useState(localInputValue(option.sale_ends_at));
  const [problem, setProblem] = useState<{ field: SaleField; text: string } | null>(null);
  const save = useSetOptionSale();
  const name = option.price_text || t("staff.option.standard");

  const send = (sale: SaleSent, done: string) => {
    setProblem(null);
    save.mutate(
      { id: productId, optionId: option.id, sale },
      {
        onSuccess: () => {
          haptic("success");
          notify(done, "S");
        },
        onError: (error) => {
          haptic("error");
          if (error instanceof ApiRequestError && error.failure === 400) {
            setProblem({ field: saleFieldOf(error.message), text: error.message });
          }
        },
      },
    );
  };
  const onSave = () => {
    const sale = { sale_price: salePriceToSend(price), sale_ends_at: endsAt.trim() === "" ? null : isoWithOffset(endsAt) };
    send(sale, t(sale.sale_price === null && sale.sale_ends_at === null ? "staff.sale.ended" : "staff.sale.saved"));
  };
  const onEnd = () => {
    setPrice("");
    setEndsAt("");
    send({ sale_price: null, sale_ends_at: null }, t("staff.sale.ended"));
  };
  const edit = (field: SaleField, change: (value: string) => void) => (value: string) => {
    change(value);
    setProblem((before) => (before?.field === field ? null : before));
  };

  return (
    <li className="admin-sale__option" data-testid="sale-option" data-option-id={option.id}>
      <p className="admin-sale__name">
        <strong>{name}</strong>
        <span>{t("staff.sale.usualPrice", { price: formatBaht(option.per_price) })}</span>
        <SaleState option={option} />
      </p>
      <div className="admin-sale__fields">
        <TextControl
          label={t("staff.sale.price")}
          value={price}
          onChange={edit("sale_price", setPrice)}
          kind="number"
          testId="sale-price"
          error={problem?.field === "sale_price" ? problem.text : undefined}
        />
        <TextControl
          label={t("staff.sale.endsAt")}
          value={endsAt}
          onChange={edit("sale_ends_at", setEndsAt)}
          kind="datetime"
          clearable
          hint={t("staff.sale.endsAtHint")}
          testId="sale-ends-at"
          error={problem?.field === "sale_ends_at" ? problem.text : undefined}
        />
      </div>
      <div className="admin-sale__actions">
        <button type="button" className="button admin-small" onClick={onSave} disabled={save.isPending} data-testid="save-sale">
          {save.isPending && <span className="button__spinner" aria-hidden="true" />}
          {t("staff.sale.save")}
        </button>
        {option.sale_price !== null && (
          <button
            type="button"
            className="button button--ghost admin-small"
            onClick={onEnd}
            disabled={save.isPending}
            data-testid="end-sale"
          >
            {t("staff.sale.end")}
          </button>
        )}
      </div>
    </li>
  );
}

/** What customers see now: the sale running (until when), over, or none. */
function SaleState({ option }: { option: AdminProductOption }) {
  if (option.sale_price === null) return null;
  if (!saleRuns(option, Date.now())) {
    return (
      <span className="admin-mark pill" data-testid="sale-state">
        {t("staff.sale.over")}
      </span>
    );
  }
  const price = formatBaht(option.sale_price);
  return (
    <span className="admin-mark pill admin-mark--on" data-testid="sale-state">
      {option.sale_ends_at === null
        ? t("staff.sale.running", { price })
        : t("staff.sale.runningUntil", { price, until: formatOrderDate(option.sale_ends_at) })}
    </span>
  );
}
