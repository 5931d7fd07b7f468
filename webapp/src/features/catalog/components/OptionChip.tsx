import type { Product } from "@domain/contracts/catalog";
import { offersOf, type OptionOffer } from "@domain/options";
import { ChevronDownIcon } from "../../../components/icons";
import { countOf } from "@domain/format";
import { openOptionPicker } from "../stores/optionPickerStore";
import "./OptionChip.css";

/** The picked option, as a button opening the option picker; nothing for a product with one option only. */
export function OptionChip({ product, offer, wide = false }: { product: Product; offer: OptionOffer; wide?: boolean }) {
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
      <span className="option-chip__label">{wide ? "Option" : countOf(offers, "option")}</span>
      <span className="option-chip__value" data-testid="option-chip-value">
        {offer.price_text || "Standard"}
      </span>
      {wide && <span className="option-chip__more">{countOf(offers, "option")}</span>}
      <ChevronDownIcon />
    </button>
  );
}
