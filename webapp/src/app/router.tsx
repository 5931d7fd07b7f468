import { lazy, Suspense } from "react";
import { Route, Router, Switch } from "wouter";
import { customerScreens } from "./customerScreensImport";
import { LazyLanguagePicker } from "../features/language/LazyLanguagePicker";
import { stampAppDepth } from "../lib/history";
import { t } from "../lib/i18n";
import { lazyModule } from "../lib/lazyModule";
import { paths } from "../lib/paths";
import { HomePage } from "./routes/HomePage";
import { PageLoading } from "./routes/PageLoading";
import { RequireToken } from "./routes/RequireToken";
import { useBalanceAgreement } from "./routes/useBalanceAgreement";
import { Shell } from "./shell/Shell";

// The account screens (the cabinet, the bonus history and referral screens, the licence): one chunk of their own,
// fetched when a customer first opens one. What they need of the entry's modal and cart comes in as props.
const refstatScreens = () => import("./routes/refstatScreens");
const CabinetPage = lazy(() => refstatScreens().then((screens) => ({ default: screens.CabinetPage })));
const OrderListPage = lazy(() => refstatScreens().then((screens) => ({ default: screens.OrderListPage })));
const DocumentsPage = lazy(() => refstatScreens().then((screens) => ({ default: screens.DocumentsPage })));
const RefstatPage = lazy(() => refstatScreens().then((screens) => ({ default: screens.RefstatPage })));
const RefstatListPage = lazy(() => refstatScreens().then((screens) => ({ default: screens.RefstatListPage })));
const RefstatReferralPage = lazy(() => refstatScreens().then((screens) => ({ default: screens.RefstatReferralPage })));
const RefstatStorePage = lazy(() => refstatScreens().then((screens) => ({ default: screens.RefstatStorePage })));

// The cart, order, product and wishlist pages: a chunk of their own, prefetched when idle (customerScreensImport.ts).
const CartPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.CartPage })));
const OrderPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.OrderPage })));
const ProductPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.ProductPage })));
const WishlistPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.WishlistPage })));
const NotFoundPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.NotFoundPage })));

/** The routes a first visit to home does not take (moreRoutes.tsx): a small chunk, prefetched when idle. */
const moreRoutes = lazyModule(() => import("./moreRoutes"));
const MoreRoutes = lazy(() => moreRoutes.load().then((routes) => ({ default: routes.MoreRoutes })));

/** The cabinet's pending-order plate (CabinetPendingOrder.tsx), from the customer screens' chunk once it is there. */
function PendingOrder() {
  const screens = customerScreens.use(true);
  return screens ? <screens.CabinetPendingOrder /> : null;
}

export function AppRouter() {
  useBalanceAgreement();
  return (
    <Router aroundNav={stampAppDepth}>
      <Shell>
        <Suspense fallback={<PageLoading text={t("shell.loading")} />}>
          <Switch>
            <Route path={paths.home} component={HomePage} />
            <Route path={paths.productPattern}>{(params) => <ProductPage key={params.id} id={params.id} />}</Route>
            <Route path={paths.cart} component={CartPage} />
            <Route path={paths.wishlist}>
              <RequireToken>
                <WishlistPage />
              </RequireToken>
            </Route>
            <Route path={paths.cabinet}>
              <RequireToken>
                <CabinetPage
                  pendingOrder={<PendingOrder />}
                  languagePicker={<LazyLanguagePicker place="cabinet" />}
                />
              </RequireToken>
            </Route>
            <Route path={paths.orderPattern}>
              {(params) => (
                <RequireToken>
                  <OrderPage key={params.id} id={params.id} />
                </RequireToken>
              )}
            </Route>
            <Route path={paths.orderList}>
              <RequireToken>
                <OrderListPage />
              </RequireToken>
            </Route>
            <Route path={paths.bonusHistory}>
              <RequireToken>
                <RefstatPage />
              </RequireToken>
            </Route>
            <Route path={paths.referrals}>
              <RequireToken>
                <RefstatListPage />
              </RequireToken>
            </Route>
            <Route path={paths.referralPattern}>
              {(params) => (
                /^\d+$/.test(params.id) ? (
                  <RequireToken>
                    <RefstatReferralPage key={params.id} id={Number(params.id)} />
                  </RequireToken>
                ) : (
                  <NotFoundPage />
                )
              )}
            </Route>
            <Route path={paths.storeBonusHistory}>
              <RequireToken>
                <RefstatStorePage />
              </RequireToken>
            </Route>
            <Route path={paths.documents}>
              <DocumentsPage />
            </Route>
            {/* Every other path: the staff screens, the admin tools, a referral link, 'Page not found' (moreRoutes.tsx). */}
            <Route>
              <MoreRoutes />
            </Route>
          </Switch>
        </Suspense>
      </Shell>
    </Router>
  );
}
