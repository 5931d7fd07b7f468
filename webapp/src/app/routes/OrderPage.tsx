import { lazy, Suspense, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Redirect, useLocation, useSearchParams } from "wouter";
import type { Order } from "@domain/contracts/orders";
import { DELIVERY_OPTIONS, formatOrderDate, showsPickupPass } from "@domain/orders";
import { CanceledNote } from "../../components/CanceledNote";
import { CheckIcon, MapPinIcon } from "../../components/icons";
import { ExternalLinkIcon, PhoneIcon } from "../../components/moreIcons";
import { ShopLogo } from "../../components/ShopLogo";
import { notify } from "../../components/notificationStore";
import { OrderLines, OrderTotal } from "../../components/OrderLines";
import { OrderMap } from "../../components/OrderMap";
import { CourierWhere } from "../../components/CourierWhere";
import { isHttpFailure } from "../../lib/api";
import { JUST_PLACED_PARAM, paths } from "../../lib/paths";
import { haptic, isInsideTelegram, showConfirm } from "../../lib/telegram";
import { refreshSessionUser, useMe } from "../../features/auth/api/useMe";
import { putBackInCart } from "../../features/cart/stores/cartStore";
import { useCancelOrder } from "../../features/orders/api/useCancelOrder";
import { useOrder } from "../../features/orders/api/useOrder";
import { HoldCountdown } from "../../features/orders/components/HoldCountdown";
import { OrderStatusBadge } from "../../components/OrderStatusBadge";
import { PendingOrderSettings } from "../../features/orders/components/PendingOrderSettings";
import { PickupPass } from "../../features/orders/components/PickupPass";
import { useShopAcceptsCrypto } from "../../features/shops/hooks/useShopAcceptsCrypto";
import { useChosenShopStore } from "../../features/shops/stores/chosenShopStore";
import { askForNoticesAfterPlacing } from "./noticesAfterPlacing";
import "./pages.css";
import { t } from "../../lib/i18n";
import { deliveryOptionLabel, deliveryStatusLabel, paymentOptionLabel } from "../../lib/labels";

/** Paying in TON (payment 3): its own chunk, and TON Connect a chunk of its own behind it (docs/webapp.md "Chunks"). */
const TonPay = lazy(() => import("../../features/ton/TonPay"));
/** Issue 26: whether the order's notices reach the person, inside Telegram only (a chunk of its own). */
const OrderNotices = lazy(() => import("../../features/auth/components/OrderNotices"));

/** /order/{id}: anything but a positive whole id is the 404 page. */
export function OrderPage({ id }: { id: string }) {
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId < 1) return <Redirect to={paths.notFound} replace />;
  return <LoadedOrder orderId={orderId} />;
}

function LoadedOrder({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  // Someone else's order answers 404 like a missing one: the not-found page either way.
  if (isHttpFailure(order.error, 404)) return <Redirect to={paths.notFound} replace />;
  if (order.data) {
    // Spec §2: an order without a store has nothing to show.
    if (!order.data.store?.id) return <Redirect to={paths.home} replace />;
    return <OrderView order={order.data} measuredAt={order.dataUpdatedAt} />;
  }
  if (order.isPending) return <OrderPlaceholder />;
  return (
    <div className="status-message" data-testid="order-failed">
      <p>{t("order.failed")}</p>
      <button type="button" className="button button--ghost" onClick={() => void order.refetch()}>
        {t("ui.tryAgain")}
      </button>
    </div>
  );
}

/** The order page's frame while the order is on its way: its title, the pass, the shop and the lines. */
function OrderPlaceholder() {
  return (
    <section className="page order-page" role="status" aria-label={t("order.loading")} data-testid="order-loading">
      <div className="order-head" aria-hidden="true">
        <span className="placeholder-line" style={{ width: "45%", height: 30 }} />
      </div>
      <div className="order-card card placeholder-card" style={{ height: 300 }} aria-hidden="true" />
      <div className="order-card card placeholder-card" style={{ height: 120 }} aria-hidden="true" />
      <div className="order-card card placeholder-card" style={{ height: 200 }} aria-hidden="true" />
    </section>
  );
}

/** A pending order's form with whether its shop takes crypto (the shops are asked only for a pending order). */
function PendingOrderSettingsAtShop({ order, onPlaced }: { order: Order; onPlaced: (order: Order) => void }) {
  return <PendingOrderSettings order={order} acceptsCrypto={useShopAcceptsCrypto(order.store.id)} onPlaced={onPlaced} />;
}

function OrderView({ order, measuredAt }: { order: Order; measuredAt: number }) {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cancel = useCancelOrder();
  const me = useMe();
  const justPlaced = params.get(JUST_PLACED_PARAM) === "Y";
  const pickup = order.delivery_option === DELIVERY_OPTIONS.selfPickup;
  const courier = order.delivery_option === DELIVERY_OPTIONS.courier;
  const showPass = showsPickupPass(order);

  const title = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  const onCancel = async () => {
    if (!(await showConfirm(t("order.confirmCancel", { id: order.id })))) return;
    const hadFocus = document.activeElement === cancelButton.current;
    cancel.mutate(order.id, {
      onSuccess: () => {
        // The button goes with the order's new status: focus moves to the order's title, beside that status.
        if (hadFocus) title.current?.focus();
        haptic("warning");
        notify(t("order.canceled"), "N");
        refreshSessionUser(queryClient);
      },
      onError: () => haptic("error"),
    });
  };

  // A hold that ran out: its lines back in the cart, at its shop, to place the order again from the cart page.
  const onOrderAgain = () => {
    putBackInCart(order.products.map((line) => ({ id: line.product_id, picked_option: String(line.option_id), amount: line.amount })));
    useChosenShopStore.getState().chooseShop(order.store.id);
    notify(t("order.backInCart"), "S");
    navigate(paths.cart);
  };

  return (
    <section className="page order-page" data-testid="order-page" data-order-id={order.id}>
      {justPlaced && (
        <div className="order-placed" data-testid="order-placed">
          <span className="order-placed__icon">
            <CheckIcon />
          </span>
          <span>
            <strong>{t("order.placed")}</strong>{" "}
            {pickup && order.status === "N" ? t("order.placedHold", { shop: order.store.name }) : t("order.placedShopHasIt")}
          </span>
        </div>
      )}

      {isInsideTelegram() && (
        <Suspense>
          <OrderNotices notices={me.data?.notices} queryClient={queryClient} />
        </Suspense>
      )}

      <header className="order-head">
        <h1 className="page__title" ref={title} tabIndex={-1} data-testid="order-title">
          {t("order.title", { id: order.id })}
        </h1>
        <OrderStatusBadge status={order.status} />
        <span className="order-head__date">{formatOrderDate(order.created)}</span>
      </header>

      {order.cancel_reason && (
        <CanceledNote
          reason={order.cancel_reason}
          text={t(`order.cancelReason.${order.cancel_reason}` as const)}
          testId="order-cancel-reason"
        />
      )}

      {showPass && (
        <div className="order-card card order-card--pass">
          {order.status === "N" && <HoldCountdown remaining={order.remaining_time} measuredAt={measuredAt} />}
          <PickupPass managePath={order.manage_path} />
        </div>
      )}

      <div className="order-card card">
        <div className="order-store" data-testid="order-store">
          <ShopLogo src={order.store.path} />
          <span className="order-store__who">
            <span className="order-store__name" data-testid="order-store-name">
              {order.store.name}
            </span>
            <span className="order-store__district">{order.store.district}</span>
          </span>
        </div>
        <div className="order-store__where">
          <span className="order-store__address" data-testid="order-store-address">
            <MapPinIcon />
            {order.store.address}
          </span>
          {order.store.map_link && (
            <a
              className="order-store__map"
              href={order.store.map_link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="order-store-map"
            >
              {t("ui.map")}
              <ExternalLinkIcon />
            </a>
          )}
        </div>
      </div>

      <OrderMap src={order.map_html} title={t("order.mapTitle")} card />

      {order.status !== "P" && (
        <div className="order-card card order-facts">
          <span className="order-facts__item">
            <span className="order-facts__label">{t("settings.delivery")}</span>
            <span data-testid="order-delivery">{deliveryOptionLabel(order.delivery_option) ?? t("ui.notChosen")}</span>
          </span>
          <span className="order-facts__item">
            <span className="order-facts__label">{t("settings.payment")}</span>
            <span data-testid="order-payment">{paymentOptionLabel(order.payment_option) ?? t("ui.notChosen")}</span>
          </span>
          {courier && order.status !== "C" && (
            <span className="order-facts__item">
              <span className="order-facts__label">{t("order.deliveryStatus")}</span>
              <span data-testid="order-delivery-status" data-status={order.delivery_status}>
                {deliveryStatusLabel(order.delivery_status)}
              </span>
            </span>
          )}
          {courier && (
            <span className="order-facts__courier">
              {order.phone && (
                <span>
                  <PhoneIcon />
                  {order.phone}
                </span>
              )}
              {(order.delivery_address || order.delivery_address_link) && (
                <CourierWhere address={order.delivery_address} link={order.delivery_address_link} />
              )}
            </span>
          )}
        </div>
      )}

      {order.ton_payment && (
        <Suspense>
          <TonPay order={order} />
        </Suspense>
      )}

      <div className="order-card card">
        <OrderLines lines={order.products} />
        <OrderTotal order={order} boxTestId="order-total-box" />
      </div>

      {order.status === "P" && (
        <PendingOrderSettingsAtShop
          order={order}
          onPlaced={(placed) => {
            notify(t("order.placedNotice", { id: placed.id }), "S");
            refreshSessionUser(queryClient);
            askForNoticesAfterPlacing(queryClient);
          }}
        />
      )}

      <div className="order-actions">
        {justPlaced ? (
          // Spec §2: OK closes the just-placed state; from then on the order offers what its status allows.
          <button
            type="button"
            className="button"
            onClick={() => navigate(paths.order(order.id), { replace: true })}
            data-testid="order-ok"
          >
            {t("ui.ok")}
          </button>
        ) : order.can_cancel ? (
          <button
            type="button"
            className="button button--danger"
            ref={cancelButton}
            onClick={() => void onCancel()}
            disabled={cancel.isPending}
            data-testid="cancel-order"
          >
            {cancel.isPending && <span className="button__spinner" aria-hidden="true" />}
            {t("order.cancel")}
          </button>
        ) : order.cancel_reason === "expired" ? (
          <button type="button" className="button" onClick={onOrderAgain} data-testid="order-again">
            {t("order.again")}
          </button>
        ) : order.status === "S" ? (
          <button type="button" className="button button--ghost" data-testid="leave-review">
            {t("order.leaveReview")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
