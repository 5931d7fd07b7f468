import { lazy, Suspense, useState, type ReactNode } from "react";
import { CabinetBox } from "../../components/CabinetBox";
import { ListIcon, ShieldIcon } from "../../components/moreIcons";
import { Modal } from "../../components/Modal";
import { loadMessages, t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { displayName, useSession } from "../../features/auth/hooks/useSession";
import { useOrderPages } from "../../features/orders/api/useOrderPages";
import { OrderRow } from "../../features/orders/components/OrderRow";
import { usePartnerSummary } from "../../features/partner/api/usePartnerSummary";
import { ReferralBox } from "../../features/partner/components/ReferralBox";
import type { CabinetView } from "../../features/cabinet/cabinetView";
import { PageLoading } from "./PageLoading";
import "./pages.css";

/** Staff only, so it loads with the staff screens' chunk rather than with every customer's cabinet. */
const staffScreens = () => Promise.all([import("../staffScreens"), loadMessages("staff")]).then(([screens]) => screens);
const AllSalesBox = lazy(() => staffScreens().then((screens) => ({ default: screens.AllSalesBox })));
/**
 * Shop admins, admins and the allow-listed accounts only: the store view comes with the staff chunk (listed in
 * adminScreens.ts); as a chunk of its own it split the customer's entry (docs/webapp.md "Chunks").
 */
const CabinetStoreView = lazy(() => staffScreens().then((screens) => ({ default: screens.CabinetStoreScreen })));

/**
 * What the cabinet takes from the router: the pending-order plate (the customer screens' chunk) and the language
 * picker (a feature's lazy chunk), which a feature's screen does not import (docs/webapp.md "Chunks").
 */
export interface CabinetParts {
  /** The cart waiting to become an order (app/routes/CabinetPendingOrder.tsx). */
  pendingOrder: ReactNode;
  languagePicker: ReactNode;
}

/** The signed-in customer's cabinet: who they are, their bonus wallet, their referral link and figures, their orders. */
export function CabinetPage({ pendingOrder, languagePicker }: CabinetParts) {
  const { user, isAdmin, isStaff } = useSession();
  const partner = usePartnerSummary();
  const [view, setView] = useState<CabinetView>("personal");
  if (!user) return <PageLoading text={t("cabinet.loading")} />;
  // Spec §2: the allow-listed accounts switch between Personal and Store; Store shows the shop, not the orders.
  const storeOnly = user.isAllowlisted && view === "store";

  const name = displayName(user);
  const secondLine =
    [user.email, user.username ? `@${user.username}` : null].find((line) => line && line !== name) ??
    t(user.authType === "EMAIL" ? "cabinet.signedInEmail" : "cabinet.signedInTelegram");

  return (
    <section className="page cabinet">
      <h1 className="page__title">{t("cabinet.title")}</h1>

      <div className="cabinet-card card" data-testid="cabinet-user">
        {user.photo_url ? (
          <img className="cabinet-card__avatar" src={user.photo_url} alt="" width={48} height={48} />
        ) : (
          <span className="cabinet-card__avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="cabinet-card__who">
          <span className="cabinet-card__name">{name}</span>
          <span className="cabinet-card__sub">{secondLine}</span>
        </span>
      </div>

      {(user.store_id !== null || user.isAllowlisted || isAdmin || user.wholesaleUrl !== null) && (
        <Suspense fallback={null}>
          <CabinetStoreView user={user} view={view} onView={setView} />
        </Suspense>
      )}

      {!storeOnly && pendingOrder}

      <ReferralBox Modal={Modal} summary={partner.data} reflink={user.ref} balance={user.balance} ownsShop={user.store_id !== null} />

      {!storeOnly && <LatestOrders />}

      {isStaff && (
        <Suspense fallback={null}>
          <AllSalesBox />
        </Suspense>
      )}

      {isStaff && (
        <CabinetBox href={paths.adminCabinet} icon={<ShieldIcon />} testId="manager-cabinet-link" strong>
          <span className="cabinet-box__label">{t(isAdmin ? "cabinet.adminPage" : "cabinet.managerPage")}</span>
        </CabinetBox>
      )}

      <div className="card">{languagePicker}</div>
    </section>
  );
}

/** How many orders the cabinet shows (spec §9). */
const CABINET_ORDERS = 3;

/** ORDERS: the latest few, then the box leading to all of them. */
function LatestOrders() {
  // The first page of /list/orders' list: one query of GET /api/orders for both screens.
  const orders = useOrderPages();
  const firstPage = orders.data?.pages[0];
  const latest = firstPage?.orders.slice(0, CABINET_ORDERS);
  return (
    <>
      <h2 className="section-title cabinet-heading">{t("cabinet.orders")}</h2>
      {orders.isPending ? (
        <PageLoading text={t("cabinet.ordersLoading")} />
      ) : !latest || latest.length === 0 ? (
        <p className="cabinet-empty" data-testid="cabinet-no-orders">
          {t(latest ? "cabinet.noOrders" : "cabinet.ordersFailed")}
        </p>
      ) : (
        <ul className="order-list" data-testid="cabinet-orders">
          {latest.map((order) => (
            <li key={order.id}>
              <OrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
      <CabinetBox href={paths.orderList} icon={<ListIcon />} testId="all-orders" strong chevron>
        <span className="cabinet-box__text">
          <span>{t("cabinet.allOrders")}</span>
          {firstPage && <span className="cabinet-box__hint">{t("cabinet.orderCount", { count: firstPage.counts.all })}</span>}
        </span>
      </CabinetBox>
    </>
  );
}
