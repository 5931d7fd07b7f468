import { lazy } from "react";
import { Route, Switch } from "wouter";
import { customerScreens } from "./customerScreensImport";
import { loadMessages } from "../lib/i18n";
import { paths } from "../lib/paths";
import { RequireAdmin } from "./routes/RequireAdmin";

/**
 * The routes a first visit to home does not take, after the router's own (router.tsx): the staff and admin
 * screens, the admin tools, a referral link's landing and 'Page not found'. A small lazy chunk of its own; the
 * screens themselves are in the staff chunk and the customer screens' chunk.
 */

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
const AdminToolPage = lazy(() => adminScreens().then((screens) => ({ default: screens.AdminToolPage })));

const ReflinkPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.ReflinkPage })));
const NotFoundPage = lazy(() => customerScreens.load().then((screens) => ({ default: screens.NotFoundPage })));

export function MoreRoutes() {
  return (
    <Switch>
        <Route path={paths.manageOrderPattern}>
          {(params) => <ManageOrderPage key={params.id} id={params.id} />}
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
        <Route path={paths.notFound} component={NotFoundPage} />
        {/* After every real route: only a reflink-shaped path gets here, and the server says whether it is a code (else the 404). */}
        <Route path={paths.reflinkPattern}>{(params) => <ReflinkPage key={params.reflink} code={params.reflink!} />}</Route>
        <Route component={NotFoundPage} />
    </Switch>
  );
}
