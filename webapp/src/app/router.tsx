import { lazy, Suspense } from "react";
import { Route, Router, Switch } from "wouter";
import { customerScreens } from "./customerScreensImport";
import { LazyLanguagePicker } from "../features/language/LazyLanguagePicker";
import { stampAppDepth } from "../lib/history";
import { loadMessages, t } from "../lib/i18n";
import { paths } from "../lib/paths";
import { AdminToolPage } from "./routes/AdminToolPage";
import { HomePage } from "./routes/HomePage";
import { NotFoundPage } from "./routes/NotFoundPage";
import { PageLoading } from "./routes/PageLoading";
import { ReflinkPage } from "./routes/ReflinkPage";
import { RequireAdmin } from "./routes/RequireAdmin";
import { RequireToken } from "./routes/RequireToken";
import { useBalanceAgreement } from "./routes/useBalanceAgreement";
import { Shell } from "./shell/Shell";

// Staff screens load as their own chunk: a customer's download holds none of them. Their messages (the `staff`
// catalogue of the language in effect) arrive with them.
const staffScreens = () => Promise.all([import("./staffScreens"), loadMessages("staff")]).then(([screens]) => screens);
const AdminCabinetPage = lazy(() => staffScreens().then((screens) => ({ default: screens.AdminCabinetPage })));
const ManageOrderPage = lazy(() => staffScreens().then((screens) => ({ default: screens.ManageOrderPage })));
const StoreOrdersPage = lazy(() => staffScreens().then((screens) => ({ default: screens.StoreOrdersPage })));
const SalesPage = lazy(() => staffScreens().then((screens) => ({ default: screens.SalesPage })));

// Admin screens (shops, statistics, products), listed in app/adminScreens.ts, travel in the staff chunk: a chunk
// of their own split the customer's entry (docs/webapp.md "Chunks"), so staffScreens.ts re-exports them.
const adminScreens = staffScreens;
const AdminStatPage = lazy(() => adminScreens().then((screens) => ({ default: screens.AdminStatPage })));
const AdminPromosPage = lazy(() => adminScreens().then((screens) => ({ default: screens.AdminPromosPage })));
const AdminBroadcastsPage = lazy(() => adminScreens().then((screens) => ({ default: screens.AdminBroadcastsPage })));
const ShopListPage = lazy(() => adminScreens().then((screens) => ({ default: screens.ShopListPage })));
const ShopCreatePage = lazy(() => adminScreens().then((screens) => ({ default: screens.ShopCreatePage })));
const ShopEditPage = lazy(() => adminScreens().then((screens) => ({ default: screens.ShopEditPage })));
const AdminProductsPage = lazy(() => adminScreens().then((screens) => ({ default: screens.AdminProductsPage })));
const CreateProductPage = lazy(() => adminScreens().then((screens) => ({ default: screens.CreateProductPage })));
const EditProductPage = lazy(() => adminScreens().then((screens) => ({ default: screens.EditProductPage })));

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

// The cart, order, product and wishlist pages: a chunk of their own that home prefetches (customerScreensImport.ts).
const CartPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.CartPage })));
const OrderPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.OrderPage })));
const ProductPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.ProductPage })));
const WishlistPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.WishlistPage })));

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
            <Route path={paths.manageOrderPattern}>
              {(params) => <ManageOrderPage key={params.id} id={params.id} />}
            </Route>
            <Route path={paths.orderPattern}>
              {(params) => (
                <RequireToken>
                  <OrderPage key={params.id} id={params.id} />
                </RequireToken>
              )}
            </Route>
            <Route path={paths.storeOrders}>
              <RequireAdmin orStaff>
                <StoreOrdersPage />
              </RequireAdmin>
            </Route>
            <Route path={paths.sales}>
              <RequireAdmin orStaff>
                <SalesPage key="shop" mine={false} />
              </RequireAdmin>
            </Route>
            <Route path={paths.managerSales}>
              <RequireAdmin orStaff>
                <SalesPage key="mine" mine />
              </RequireAdmin>
            </Route>
            <Route path={paths.orderList}>
              <RequireToken>
                <OrderListPage />
              </RequireToken>
            </Route>
            <Route path={paths.adminCabinet}>
              <RequireAdmin orStaff>
                <AdminCabinetPage />
              </RequireAdmin>
            </Route>
            <Route path={paths.adminStat}>
              <RequireAdmin>
                <AdminStatPage />
              </RequireAdmin>
            </Route>
            <Route path={paths.adminPromos}>
              <RequireAdmin>
                <AdminPromosPage />
              </RequireAdmin>
            </Route>
            <Route path={paths.adminBroadcasts}>
              <RequireAdmin>
                <AdminBroadcastsPage />
              </RequireAdmin>
            </Route>
            {/* Admins and the allow-listed accounts: the pages check it themselves (RequireShopManagement). */}
            <Route path={paths.shopList} component={ShopListPage} />
            <Route path={paths.shopCreate} component={ShopCreatePage} />
            <Route path={paths.shopEditPattern}>{(params) => <ShopEditPage key={params.id} id={params.id} />}</Route>
            <Route path={paths.adminProducts}>
              <RequireAdmin>
                <AdminProductsPage />
              </RequireAdmin>
            </Route>
            <Route path={paths.adminCreateProduct}>
              <RequireAdmin>
                <CreateProductPage />
              </RequireAdmin>
            </Route>
            <Route path={paths.adminEditProductPattern}>
              {(params) =>
                /^\d+$/.test(params.id) ? (
                  <RequireAdmin>
                    <EditProductPage key={params.id} id={Number(params.id)} />
                  </RequireAdmin>
                ) : (
                  <NotFoundPage />
                )
              }
            </Route>
            <Route path={paths.adminToolsPattern}>
              <RequireAdmin>
                <AdminToolPage />
              </RequireAdmin>
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
            <Route path={paths.notFound} component={NotFoundPage} />
            {/* After every real route: only a reflink-shaped path gets here, and the server says whether it is a code (else the 404). */}
            <Route path={paths.reflinkPattern}>{(params) => <ReflinkPage key={params.reflink} code={params.reflink!} />}</Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Shell>
    </Router>
  );
}
