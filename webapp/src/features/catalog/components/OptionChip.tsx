import type { CardProduct } from "@domain/contracts/catalog";
import { offersOf, type OptionOffer } from "@domain/options";
import { ChevronDownIcon } from "../../../components/icons";
import { openOptionPicker } from "../stores/optionPickerStore";
import "./OptionChip.css";
import { t } from "../../../lib/i18n";

/** The picked option, as a button opening the option picker; nothing for a product with one option only. */
export function OptionChip({ product, offer, wide = false }: { product: CardProduct; offer: OptionOffer; wide?: boolean }) {
  const offers = offersOf(product).length;
  if (offers < 2) return null;
  return (
    <button
      type="button"
      className="option-chip"
      data-wide={wide || undefined}
      onClick={() => openOptionPicker(product)}
      aria-haspopup="dialog"
      data-testid="option-chip"
    >
      <span className="option-chip__label">{wide ? t("product.option") : t("product.optionCount", { count: offers })}</span>
      <span className="option-chip__value" data-testid="option-chip-value">
        {offer.price_text || t("product.standardOption")}
      </span>
      {wide && <span className="option-chip__more">{t("product.optionCount", { count: offers })}</span>}
      <ChevronDownIcon />
    </button>
  );
}
