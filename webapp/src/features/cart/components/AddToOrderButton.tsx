import { BagIcon, CheckIcon } from "../../../components/icons";
import { t } from "../../../lib/i18n";
import "./AddToOrderButton.css";

interface AddToOrderButtonProps {
  /** This product and option are in the cart: the button reads 'Ordered' and takes them out again. */
  ordered: boolean;
  soldOut: boolean;
  onPress: () => void;
}

/** Spec §2 "Cart page": the add button toggles to 'Ordered' when the product and option are in the cart. */
export function AddToOrderButton({ ordered, soldOut, onPress }: AddToOrderButtonProps) {
  if (soldOut && !ordered) {
    return (
      <button type="button" className="button add-to-order" disabled data-testid="add-to-order">
        {t("product.soldOut")}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={ordered ? "button add-to-order add-to-order--ordered" : "button add-to-order"}
      onClick={onPress}
      aria-pressed={ordered}
      data-testid="add-to-order"
    >
      {ordered ? <CheckIcon /> : <BagIcon />}
      {ordered ? t("cart.ordered") : t("cart.addToOrder")}
    </button>
  );
}
