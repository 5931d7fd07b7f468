import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { productImagePath } from "@domain/catalog";
import type { PlaceOrderBody } from "@domain/contracts/orders";
import { formatAmount, formatBaht } from "@domain/format";
import { DELIVERY_OPTIONS, settingsComplete, settingsToSend } from "@domain/orders";
import { BagIcon } from "../../components/icons";
import { ApiRequestError } from "../../lib/api";
import { paths } from "../../lib/paths";
import { useSessionTokenStore } from "../../lib/session";
import { haptic, isInsideTelegram, showConfirm } from "../../lib/telegram";
import { showAlert, showMainButton } from "../../lib/telegramActions";
import { refreshSessionUser } from "../../features/auth/api/useMe";
import { useRequireLogin } from "../../features/auth/hooks/useRequireLogin";
import { amountLimits } from "@domain/amount";
import { CartLineRow } from "../../features/cart/components/CartLineRow";
import { PromoCodeField } from "../../features/cart/components/PromoCodeField";
import { takeNewerSavedCart } from "../../features/cart/savedCart";
import { usePromoCheck } from "../../features/cart/api/usePromoCheck";
import { OrderSettingsSections } from "../../components/OrderSettingsFields";
import { useCryptoFallback } from "../../components/useCryptoFallback";
import {
  changeAmount,
  changeSettings,
  emptyCartAfterPlacing,
  placementKeyFor,
  removeFromCart,
  useCartStore,
} from "../../features/cart/stores/cartStore";
import { usePlaceOrder } from "../../features/orders/api/usePlaceOrder";
import { useShopAcceptsCrypto } from "../../features/shops/hooks/useShopAcceptsCrypto";
import { useShopsForLines } from "../../features/shops/api/useShopsForLines";
import { useShops } from "../../features/shops/api/useShops";
import { CartShopPicker } from "../../features/shops/components/CartShopPicker";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { shopsHolding } from "../../lib/shopsHolding";
import { optionPrice } from "../../lib/prices";
import { UsualPrice } from "../../components/product/UsualPrice";
import { useCartView, type PricedCartLine } from "../storefront/useCartView";
import { changesSince, shownPlacement, type ShownPlacement } from "../storefront/resumeAfterSignIn";
import { useLoginModalStore } from "../../features/auth/stores/loginModalStore";
import { askForNoticesAfterPlacing } from "./noticesAfterPlacing";
import "./pages.css";
import { t } from "../../lib/i18n";

/**
 * How long Place order waits for Telegram to hand back the saved cart (issue 26): past it the order goes out as
 * the device holds it, as it did before the check.
 */
const SAVED_CART_WAIT_MS = 4_000;

/** /orders, the cart page (spec §2): lines, the pickup shop, delivery and payment, the total, Place order. */
export function CartPage() {
  const cart = useCartView();
  // Set when Place order found the cart replaced by one saved on another device: said above the cart as it is now.
  const [changedElsewhere, setChangedElsewhere] = useState(false);

  // Inside Telegram the cart may have been ordered or changed on another device since this one read it.
  useEffect(() => {
    void takeNewerSavedCart();
  }, []);

  useEffect(() => {
    if (changedElsewhere) window.scrollTo({ top: 0 });
  }, [changedElsewhere]);

  const notice = changedElsewhere && (
    <p className="cart-notice" role="alert" data-testid="cart-changed-elsewhere">
      {t("cart.changedElsewhere")}
    </p>
  );
  if (cart.lines.length === 0) return <EmptyCart notice={notice} />;
  return <FilledCart cart={cart} notice={notice} onChangedElsewhere={setChangedElsewhere} />;
}

function EmptyCart({ notice }: { notice: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page__title">{t("cart.title")}</h1>
      {notice}
      <div className="status-message" data-testid="cart-empty">
        <span className="status-message__icon">
          <BagIcon />
        </span>
        <p className="status-message__title">{t("cart.empty")}</p>
        <p>{t("cart.emptyHint")}</p>
        <Link href={paths.home} className="button">
          {t("cart.browse")}
        </Link>
      </div>
    </section>
  );
}

interface FilledCartProps {
  cart: ReturnType<typeof useCartView>;
  notice: ReactNode;
  onChangedElsewhere: (changed: boolean) => void;
}

function FilledCart({ cart, notice, onChangedElsewhere }: FilledCartProps) {
  const [, navigate] = useLocation();
  const settings = useCartStore((state) => state.settings);
  const chosenShopId = useChosenShopStore((state) => state.chosenShopId);
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  const requireLogin = useRequireLogin();
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();

  // Spec §4 "Cart placement": which shops can serve the cart is asked again whenever the cart changes.
  const shopLines = cart.lines.map(({ line }) => ({ product_id: line.id, option_id: Number(line.picked_option), amount: line.amount }));
  const serving = useShopsForLines(shopLines);
  const shops = useShops();
  const servingShopIds = serving.data?.map((shop) => shop.id);
  const shopChosen = chosenShopId !== null && servingShopIds?.includes(chosenShopId) === true;
  const cryptoUnavailable = useCryptoFallback(useShopAcceptsCrypto(chosenShopId), settings.payment_option, changeSettings);
  // Issue 25: the code applied is checked on entry and again as the cart or shop changes; sent with the order.
  const [promoCode, setPromoCode] = useState("");
  const promoReady = promoCode !== "" && signedIn && shopChosen && chosenShopId !== null;
  const promoAsk = promoReady ? { code: promoCode, shop_id: chosenShopId, items: shopLines } : null;
  const promo = usePromoCheck(promoAsk);
  const promoVerdict = promoAsk ? promo.data : undefined;
  const toPay = promoVerdict?.valid ? promoVerdict.discounted_total : cart.total;

  const [checkingSavedCart, setCheckingSavedCart] = useState(false);
  // Place order pressed signed out: the cart as shown, placed by itself once the sign-in is done (unless it changed).
  const [shownAtPress, setShownAtPress] = useState<ShownPlacement | null>(null);
  const [changedWhileSigningIn, setChangedWhileSigningIn] = useState<string[] | null>(null);
  const [resuming, setResuming] = useState(false);
  const loginOpen = useLoginModalStore((state) => state.open);

  /** The request for the cart as shown, or null when it cannot go yet (settings incomplete, no shop that serves it). */
  const bodyAsShown = (): PlaceOrderBody | null => {
    if (!settingsComplete(settings) || !shopChosen || chosenShopId === null) return null;
    return {
      shop_id: chosenShopId,
      items: shopLines,
      ...settingsToSend(settings),
      ...(promoCode !== "" ? { promo_code: promoCode } : {}),
    };
  };

  const place = () => {
    if (placeOrder.isPending || checkingSavedCart || resuming) return;
    setChangedWhileSigningIn(null);
    if (!signedIn) {
      const body = bodyAsShown();
      const shown =
        body &&
        shownPlacement(
          body,
          cart.lines.map(({ line, product, offer }) => ({
            name: product?.name,
            per_price: offer ? optionPrice(offer).now : undefined,
            product_id: line.id,
            option_id: Number(line.picked_option),
            amount: line.amount,
          })),
          cart.total,
        );
      if (shown) {
        // The key is taken now: the placement after the sign-in is this press, not a second one.
        placementKeyFor(JSON.stringify(shown.body));
        setShownAtPress(shown);
      }
      requireLogin(paths.cart);
      return;
    }
    onChangedElsewhere(false);
    // Inside Telegram the cart saved by another device is read first: ordered there (so emptied) or changed since
    // this device read it, it replaces this cart, and the person sees it before anything is ordered.
    const savedCart = takeNewerSavedCart(SAVED_CART_WAIT_MS);
    if (!savedCart) {
      placeAsShown();
      return;
    }
    setCheckingSavedCart(true);
    void savedCart.then((replaced) => {
      setCheckingSavedCart(false);
      if (!replaced) {
        placeAsShown();
        return;
      }
      haptic("warning");
      onChangedElsewhere(true);
    });
  };

  const placeAsShown = () => {
    const body = bodyAsShown();
    if (!body) {
      haptic("error");
      void showAlert(t("cart.chooseOptions"));
      return;
    }
    send(body);
  };

  // The visitor closed the login without signing in: a later sign-in from the header places nothing by itself.
  useEffect(() => {
    if (!loginOpen && !signedIn) setShownAtPress(null);
  }, [loginOpen, signedIn]);

  // Signed in after pressing Place order: the placement goes on, unless a price, the stock or the total changed.
  useEffect(() => {
    if (!signedIn || !shownAtPress) return;
    const shown = shownAtPress;
    setShownAtPress(null);
    setResuming(true);
    void changesSince(queryClient, shown).then((changes) => {
      setResuming(false);
      if (changes.length === 0) {
        send(shown.body);
        return;
      }
      haptic("warning");
      setChangedWhileSigningIn(changes);
      void serving.refetch();
    });
    // Runs once per sign-in; `send` and `serving` are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, shownAtPress, queryClient]);

  useEffect(() => {
    if (changedWhileSigningIn) window.scrollTo({ top: 0 });
  }, [changedWhileSigningIn]);

  const send = (body: PlaceOrderBody) => {
    placeOrder.mutate(
      { body, idempotencyKey: placementKeyFor(JSON.stringify(body)) },
      {
        onSuccess: (order) => {
          haptic("success");
          emptyCartAfterPlacing();
          // The session now says the customer has an active order (the cabinet's badge), until it is done or canceled.
          refreshSessionUser(queryClient);
          askForNoticesAfterPlacing(queryClient);
          navigate(paths.order(order.id, { justPlaced: true }));
        },
        onError: (error) => {
          haptic("error");
          // Stock moved under the cart: ask again which shops can serve it (and what the code gives now).
          if (error instanceof ApiRequestError && error.failure === 409) {
            void serving.refetch();
            if (promoAsk) void promo.refetch();
          }
        },
      },
    );
  };

  const busy = placeOrder.isPending || checkingSavedCart || resuming;
  useTelegramPlaceButton(t("cart.placeOrderTotal", { total: formatBaht(toPay) }), busy, place);

  const remove = async ({ line }: PricedCartLine) => {
    if (!(await showConfirm(t("cart.confirmRemove")))) return;
    if (removeFromCart(line.id, line.picked_option)) haptic("warning");
  };

  return (
    <section className="page cart-page">
      <h1 className="page__title">
        {t("cart.title")} <span className="page__count">{t("cart.lineCount", { count: cart.lines.length })}</span>
      </h1>
      {notice}
      {changedWhileSigningIn && (
        <div className="cart-notice" role="alert" data-testid="cart-changed-while-signing-in">
          <p>{t("cart.resume.stopped")}</p>
          <ul>
            {changedWhileSigningIn.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </div>
      )}

      <ul className="cart-lines">
        {cart.lines.map((priced) => (
          <PricedLineRow
            key={`${priced.line.id}:${priced.line.picked_option}`}
            priced={priced}
            onRemove={() => void remove(priced)}
          />
        ))}
      </ul>

      <section className="cart-section">
        {/* The shop the customer collects from, or with a courier the one that sends the order. */}
        <h2 className="section-title" data-testid="cart-shop-heading">
          {t(settings.delivery_option === DELIVERY_OPTIONS.courier ? "shops.sendingShop" : "shops.pickupShop")}
        </h2>
        <CartShopPicker
          servingShopIds={servingShopIds}
          checking={serving.isFetching}
          failure={serving.error instanceof ApiRequestError && !serving.data ? serving.error.message : null}
          expectedRows={likelyServingShops(cart.lines)}
          withAddress={settings.delivery_option === DELIVERY_OPTIONS.courier}
        />
      </section>

      <OrderSettingsSections
        settings={settings}
        onChange={changeSettings}
        cryptoUnavailable={cryptoUnavailable}
        pickupShop={shopChosen ? (shops.data?.find((shop) => shop.id === chosenShopId) ?? null) : null}
      />

      {signedIn && (
        <PromoCodeField
          applied={promoCode}
          onApply={setPromoCode}
          verdict={promoAsk ? promoVerdict : undefined}
          checking={promo.isFetching}
        />
      )}
      {signedIn && promoCode !== "" && !shopChosen && <p className="promo-field__hint">{t("promo.chooseShop")}</p>}

      <div className="cart-total">
        <span>
          {t("ui.total")} · {t("ui.items", { count: cart.itemCount })}
        </span>
        <strong data-testid="cart-total">
          {promoVerdict?.valid ? (
            <s className="price-struck">{formatBaht(cart.total)}</s>
          ) : (
            cart.usualTotal > cart.total && <UsualPrice amount={cart.usualTotal} testId="cart-usual-total" />
          )}
          {formatBaht(toPay)}
        </strong>
      </div>

      {!isInsideTelegram() && (
        <button type="button" className="button cart-page__place" onClick={place} disabled={busy} data-testid="place-order">
          {busy && <span className="button__spinner" aria-hidden="true" />}
          {t("cart.placeOrder")}
        </button>
      )}
    </section>
  );
}

/** The shops holding every line's amount, by the stock the cached products show: what the check will likely say. */
function likelyServingShops(lines: PricedCartLine[]): number | undefined {
  const holding: number[][] = [];
  for (const { line, product, offer } of lines) {
    if (!product || !offer) return undefined;
    holding.push(shopsHolding(product, offer.id, line.amount).map((shop) => shop.store_id));
  }
  const [first = [], ...rest] = holding;
  return first.filter((id) => rest.every((ids) => ids.includes(id))).length;
}

function PricedLineRow({ priced, onRemove }: { priced: PricedCartLine; onRemove: () => void }) {
  const { line, product, offer, gone } = priced;
  const limits = product && offer ? amountLimits(product, offer.instock) : null;
  const image = product ? [...product.images].sort((a, b) => a.position - b.position)[0] : undefined;
  const problem = gone
    ? t("cart.productGone")
    : limits && limits.max < 1
      ? t("cart.soldOutHere")
      : limits && line.amount > limits.max
        ? t("cart.onlyLeft", { count: formatAmount(limits.max) })
        : null;
  return (
    <CartLineRow
      line={
        product && offer
          ? {
              name: product.name,
              href: paths.product(product.id),
              image: image ? productImagePath(product.id, image.filename) : null,
              optionText: offer.price_text,
              price: optionPrice(offer),
              amount: line.amount,
              limits,
            }
          : null
      }
      problem={problem}
      onAmount={(amount) => changeAmount(line.id, line.picked_option, amount)}
      onRemove={onRemove}
    />
  );
}

/** Inside Telegram its MainButton is Place order (the page's own button is not shown there). */
function useTelegramPlaceButton(text: string, pending: boolean, place: () => void): void {
  const latestPlace = useRef(place);
  latestPlace.current = place;
  useEffect(() => showMainButton({ text, active: !pending, progress: pending }, () => latestPlace.current()), [text, pending]);
}
