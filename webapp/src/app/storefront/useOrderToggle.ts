import type { CardProduct } from "@domain/contracts/catalog";
import { isSoldOut, type OptionOffer } from "@domain/options";
import { haptic, showConfirm } from "../../lib/telegram";
import { addToCart, isInCart, removeFromCart, useCartStore } from "../../features/cart/stores/cartStore";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { t } from "../../lib/i18n";

/**
 * The order button of a product and its picked option (spec §2 "Cart page"): adds it; once in the cart it
 * reads 'Ordered' and takes it out again after asking. With no shop chosen, the store picker comes first and
 * the product goes in once a shop is picked.
 */
export function useOrderToggle(product: CardProduct, offer: OptionOffer) {
  const ordered = useCartStore((state) => isInCart(state.lines, product.id, offer.id));
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);

  const add = (amount: number) => {
    addToCart(product.id, offer.id, amount);
    haptic("success");
  };

  const press = async (amount: number, openStorePicker: () => void) => {
    if (ordered) {
      if (!(await showConfirm(t("cart.confirmRemove")))) return;
      if (removeFromCart(product.id, offer.id)) haptic("warning");
      return;
    }
    if (chosenShopId === null) {
      openStorePicker();
      return;
    }
    add(amount);
  };

  return { ordered, soldOut: isSoldOut(offer), press, add };
}
