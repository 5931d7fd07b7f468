import { useState } from "react";
import type { CardProduct } from "@domain/contracts/catalog";
import { ProductCard } from "../../components/product/ProductCard";
import type { PicturePriority } from "../../components/product/ProductPicture";
import { OptionChip } from "../../features/catalog/components/OptionChip";
import { usePickedOffer } from "../../features/catalog/stores/pickedOptionStore";
import { AddToOrderButton } from "../../features/cart/components/AddToOrderButton";
import { LazyShopsHoldingModal, LazyStorePicker } from "../../features/shops/components/LazyShopDialogs";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { WishlistButton } from "../../features/wishlist/components/WishlistButton";
import { useCustomerWishlist } from "./useCustomerWishlist";
import { useOrderToggle } from "./useOrderToggle";

/** From a card one unit is ordered; the product page has the amount picker. */
const CARD_AMOUNT = 1;

/** What the store picker was opened for: choosing a shop alone, or choosing one to order the product from. */
type CardDialog = { kind: "store-picker"; thenOrder: boolean } | { kind: "shops-holding" } | null;

interface StorefrontProductCardProps {
  product: CardProduct;
  priority?: PicturePriority;
  /** A shop was chosen from this card, before the page shows what that changes (the home list keeps the card in view). */
  onShopChosen?: () => void;
}

/** A product card of the home list and the wishlist, with what a customer can do from it. */
export function StorefrontProductCard({ product, priority = "lazy", onShopChosen }: StorefrontProductCardProps) {
  const offer = usePickedOffer(product);
  const { canWish, productIds } = useCustomerWishlist();
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const order = useOrderToggle(product, offer);
  const [dialog, setDialog] = useState<CardDialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <ProductCard
        product={product}
        offer={offer}
        optionControl={<OptionChip product={product} offer={offer} />}
        priority={priority}
        wishlistControl={
          canWish && <WishlistButton productId={product.id} productName={product.name} inWishlist={productIds.includes(product.id)} />
        }
        orderControl={
          <AddToOrderButton
            ordered={order.ordered}
            soldOut={order.soldOut}
            onPress={() => void order.press(CARD_AMOUNT, () => setDialog({ kind: "store-picker", thenOrder: true }))}
          />
        }
        // Spec §2: the shop count picks a shop while none is chosen, else lists the shops holding the option.
        onShopCountClick={() => setDialog(chosenShopId === null ? { kind: "store-picker", thenOrder: false } : { kind: "shops-holding" })}
      />
      <LazyStorePicker
        active={dialog?.kind === "store-picker"}
        onClose={close}
        product={product}
        optionId={offer.id}
        optionLabel={offer.price_text}
        amount={CARD_AMOUNT}
        onChosen={() => {
          onShopChosen?.();
          if (dialog?.kind === "store-picker" && dialog.thenOrder) order.add(CARD_AMOUNT);
        }}
      />
      <LazyShopsHoldingModal
        active={dialog?.kind === "shops-holding"}
        onClose={close}
        product={product}
        optionId={offer.id}
        optionLabel={offer.price_text}
      />
    </>
  );
}
