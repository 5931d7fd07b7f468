import { useEffect } from "react";
import { Link, Redirect, useLocation, useSearch, useSearchParams } from "wouter";
import type { StaffOrder } from "@domain/contracts/staff";
import { formatBaht } from "@domain/format";
import { formatOrderDate } from "@domain/orders";
import { CanceledNote } from "../../components/CanceledNote";
import { CheckIcon } from "../../components/icons";
import { LockIcon } from "../../components/moreIcons";
import { OrderLines, OrderTotal } from "../../components/OrderLines";
import { OrderStatusBadge } from "../../components/OrderStatusBadge";
import { ApiRequestError, isHttpFailure } from "../../lib/api";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useSessionTokenStore } from "../../lib/session";
import { useRequireLogin } from "../../features/auth/hooks/useRequireLogin";
import { displayName, useSession } from "../../features/auth/hooks/useSession";
import { useStaffOrder } from "../../features/handover/api/useStaffOrder";
import { AdminOrderTools } from "../../features/handover/components/AdminOrderTools";
import { ContactClientButton } from "../../features/handover/components/ContactClientButton";
import { CustomerCard } from "../../features/handover/components/CustomerCard";
import { HandoverSteps } from "../../features/handover/components/HandoverSteps";
import { OrderMapCard } from "../../features/handover/components/OrderMapCard";
import { StaffHold } from "../../features/handover/components/StaffHold";
import { StatusesCard } from "../../features/handover/components/StatusesCard";
import { TakeOrderButton } from "../../features/handover/components/TakeOrderButton";
import { PageLoading } from "./PageLoading";
import { RedirectWithNotice } from "./RedirectWithNotice";
import "./pages.css";

/** The server's 403s that mean "not your shop's order" or "not staff": the customer's view instead (spec §6). */
const TO_CUSTOMER_VIEW = new Set(["NOT_VALID_MANAGER", "FORBIDDEN"]);

/**
 * /order/manage/{id}, where the pickup QR leads: the hand-over screen (spec §2 "Manager order view"). A visitor
 * signs in first and then sees it; the server decides the rest: someone who is no staff, or staff of another
 * shop, goes to the customer's view of the order with the server's words (spec §6).
 */
export function ManageOrderPage({ id }: { id: string }) {
  const orderId = Number(id);
  const signedIn = useSessionTokenStore((state) => state.token !== null);
  const { restoring } = useSession();
  if (!Number.isSafeInteger(orderId) || orderId < 1) return <Redirect to={paths.notFound} replace />;
  if (signedIn) return <LoadedHandover orderId={orderId} />;
  // Inside Telegram the sign-in from the launch data is still on its way.
  if (restoring) return <PageLoading text={t("staff.handover.signingIn")} />;
  return <SignInFirst orderId={orderId} />;
}

/** Opens the login modal once; signed in, the same link (with its pickup code) shows the screen. */
function SignInFirst({ orderId }: { orderId: number }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const requireLogin = useRequireLogin();
  const here = search ? `${pathname}?${search}` : pathname;
  useEffect(() => {
    requireLogin(here);
    // Once per visit of the page; the button below asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit, whatever the address becomes
  }, []);
  return (
    <section className="page">
      <div className="status-message" data-testid="manage-sign-in">
        <span className="status-message__icon">
          <LockIcon />
        </span>
        <p className="status-message__title">{t("staff.handover.signInTitle", { id: orderId })}</p>
        <p>{t("staff.handover.signInText")}</p>
        <button type="button" className="button" onClick={() => requireLogin(here)} data-testid="manage-log-in">
          {t("staff.handover.logIn")}
        </button>
      </div>
    </section>
  );
}

function LoadedHandover({ orderId }: { orderId: number }) {
  const [params] = useSearchParams();
  const order = useStaffOrder(orderId, params.get("sig"));
  const { error } = order;

  if (error instanceof ApiRequestError && error.failure === 403 && error.code !== null && TO_CUSTOMER_VIEW.has(error.code)) {
    return <RedirectWithNotice to={paths.order(orderId)} message={error.message} />;
  }
  if (isHttpFailure(error, 404)) return <Redirect to={paths.notFound} replace />;
  if (isHttpFailure(error, 403)) {
    // A pickup code that is not this order's (INVALID_SIGNATURE): say so, offer the cabinet.
    return (
      <section className="page">
        <div className="status-message" data-testid="handover-refused">
          <span className="status-message__icon">
            <LockIcon />
          </span>
          <p className="status-message__title">{(error as ApiRequestError).message}</p>
          <Link href={paths.adminCabinet} className="button button--ghost">
            {t("staff.handover.openManagerPage")}
          </Link>
        </div>
      </section>
    );
  }
  if (order.data) return <HandoverView order={order.data} measuredAt={order.dataUpdatedAt} />;
  if (order.isPending) return <PageLoading text={t("staff.handover.loading")} />;
  return (
    <div className="status-message" data-testid="handover-failed">
      <p>{t("staff.handover.loadFailed")}</p>
      <button type="button" className="button button--ghost" onClick={() => void order.refetch()}>
        {t("staff.tryAgain")}
      </button>
    </div>
  );
}

function HandoverView({ order, measuredAt }: { order: StaffOrder; measuredAt: number }) {
  const { user, isAdmin } = useSession();
  // Finishing an order nobody took makes the one finishing it responsible.
  const responsible = order.manager_desc?.name ?? (user ? displayName(user) : "");
  return (
    <section className="page handover" data-testid="handover" data-order-id={order.id} data-status={order.status}>
      <header className="order-head">
        <h1 className="page__title">{t("staff.order", { id: order.id })}</h1>
        <OrderStatusBadge status={order.status} />
        <span className="order-head__date">{formatOrderDate(order.created)}</span>
      </header>

      {order.status === "N" && <StaffHold remaining={order.remaining_time} measuredAt={measuredAt} />}
      {order.cancel_reason && (
        <CanceledNote
          reason={order.cancel_reason}
          text={t(`staff.handover.canceled.${order.cancel_reason}` as const)}
          testId="handover-cancel-reason"
        />
      )}

      <CustomerCard order={order} />

      {order.actions.take && !isAdmin && <TakeOrderButton orderId={order.id} />}

      <div className="handover-card card">
        <OrderLines
          lines={order.products}
          testId="handover-line"
          linkToProduct={false}
          extra={(line) => <LineCost cost={line.cost_price} />}
        />
        <OrderTotal order={order} testId="handover-total" discountTestId="handover-discount">
          <div className="order-total__cost">
            <span>{t("staff.handover.cost")}</span>
            <span data-testid="handover-total-cost">{formatBaht(order.total_cost_price)}</span>
          </div>
        </OrderTotal>
      </div>

      {order.status === "S" && (
        <p className="handover-done-note" data-testid="handover-done-note">
          <CheckIcon />
          {t(order.paid_with_bonus ? "staff.handover.doneByBonus" : "staff.handover.doneBy", { name: responsible })}
        </p>
      )}

      <OrderMapCard order={order} />
      <StatusesCard key={`${order.payment_status}${order.delivery_status}`} order={order} />
      {order.actions.contact && <ContactClientButton orderId={order.id} />}
      {order.actions.finish && <HandoverSteps key={order.id} order={order} responsible={responsible} />}
      {(order.actions.discount || order.actions.cancel) && <AdminOrderTools order={order} />}
    </section>
  );
}

/** Spec §6: staff see a line's cost price under its price. */
function LineCost({ cost }: { cost: number }) {
  return (
    <span className="order-line__price" data-testid="handover-line-cost">
      {t("staff.handover.lineCost", { cost: formatBaht(cost) })}
    </span>
  );
}
