import { useState } from "react";
import { useLocation } from "wouter";
import type { Product } from "@domain/contracts/catalog";
import { AmountPicker } from "../../components/AmountPicker";
import { amountLimits, clampAmount } from "@domain/amount";
import { ProductDetails } from "../../features/catalog/components/ProductDetails";
import { usePickedOffer } from "../../features/catalog/stores/pickedOptionStore";
import { AddToOrderButton } from "../../features/cart/components/AddToOrderButton";
import { changeAmount, selectCartCount, useCartStore } from "../../features/cart/stores/cartStore";
import { ChosenShopButton } from "../../features/shops/components/ChosenShopButton";
import { LazyStorePicker } from "../../features/shops/components/LazyShopDialogs";
import { WishlistButton } from "../../features/wishlist/components/WishlistButton";
import { useCustomerWishlist } from "./useCustomerWishlist";
import { useOrderToggle } from "./useOrderToggle";
import { useTelegramProductBar } from "./useTelegramProductBar";
import "./storefront.css";
import { t } from "../../lib/i18n";
import { isInsideTelegram } from "../../lib/telegram";
import { paths } from "../../lib/paths";

/** Why the store picker is open: to change the shop, or to choose one and then order. */
type Picking = "shop" | "shop-then-order" | null;

/** The product page with what a customer can do on it: wish, pick an option, an amount and a shop, order. */
export function StorefrontProductDetails({ product }: { product: Product }) {
  const offer = usePickedOffer(product);
  const { canWish, productIds } = useCustomerWishlist();
  const order = useOrderToggle(product, offer);
  const [picking, setPicking] = useState<Picking>(null);

  // The amount to order; once ordered, the amount in the cart (changing it changes the cart).
  const cartAmount = useCartStore((state) => state.lines.find((line) => line.id === product.id && line.picked_option === offer.id)?.amount);
  const [draftAmount, setDraftAmount] = useState(1);
  const limits = amountLimits(product, offer.instock);
  const inStock = limits.max >= limits.min;
  const amount = cartAmount ?? clampAmount(draftAmount, limits);
  const onAmount = (next: number) => {
    if (cartAmount === undefined) setDraftAmount(next);
    else changeAmount(product.id, offer.id, next);
  };
  const pressOrder = () => void order.press(amount, () => setPicking("shop-then-order"));

  // Inside Telegram the order toggle is Telegram's MainButton (the page's own gives way, as the cart's Place
  // order does) and 'Cart' its SecondaryButton.
  const [, navigate] = useLocation();
  const cartCount = useCartStore(selectCartCount);
  const soldOut = !inStock && !order.ordered;
  useTelegramProductBar(
    {
      order: soldOut ? t("product.soldOut") : t(order.ordered ? "cart.ordered" : "cart.addToOrder"),
      orderable: !soldOut,
      cart: cartCount > 0 ? `${t("menu.cart")} (${cartCount})` : null,
    },
    pressOrder,
    () => navigate(paths.cart),
  );

  return (
    <>
      <ProductDetails
        product={product}
        wishlistControl={
          canWish && <WishlistButton productId={product.id} productName={product.name} inWishlist={productIds.includes(product.id)} />
        }
        buyControls={<ChosenShopButton onChange={() => setPicking("shop")} />}
        actionRow={
          // Inside Telegram a sold-out product has nothing left here (its 'Sold out' is Telegram's MainButton):
          // no empty bar stays stuck to the bottom.
          (inStock || !isInsideTelegram()) && (
          <div className="buy-row">
            {inStock && (
              <AmountPicker
                value={amount}
                onChange={onAmount}
                min={limits.min}
                max={Math.max(limits.max, amount)}
                step={limits.step}
                label={t("product.amountOf", { name: product.name })}
              />
            )}
            {!isInsideTelegram() && <AddToOrderButton ordered={order.ordered} soldOut={!inStock} onPress={pressOrder} />}
          </div>
          )
        }
      />
      <LazyStorePicker
        active={picking !== null}
        onClose={() => setPicking(null)}
        product={product}
        optionId={offer.id}
        optionLabel={offer.price_text}
        amount={picking === "shop-then-order" ? amount : 1}
        onChosen={picking === "shop-then-order" ? () => order.add(amount) : undefined}
      />
    </>
  );
}
