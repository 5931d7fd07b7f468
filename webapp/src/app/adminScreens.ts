/**
 * Every admin screen (products, product forms, shops, statistics), listed once. The router reaches them through
 * the staff chunk (staffScreens.ts re-exports this file): as a lazy chunk of their own they made Rolldown (Vite 8)
 * split the customer's entry into extra files (React, the catalogue, the page placeholders, each with a
 * modulepreload), so a customer's download never holds them but a manager's staff chunk does; see
 * docs/webapp.md "Chunks". Each screen waits for the staff messages (app/staffMessages.ts).
 */
import { AdminProductsPage as AdminProducts } from "./routes/AdminProductsPage";
import { CreateProductPage as CreateProduct } from "./routes/CreateProductPage";
import { EditProductPage as EditProduct } from "./routes/EditProductPage";
import { AdminStatPage as AdminStat } from "./routes/AdminStatPage";
import { AdminPromosPage as AdminPromos } from "./routes/AdminPromosPage";
import { AdminBroadcastsPage as AdminBroadcasts } from "./routes/AdminBroadcastsPage";
import { ShopCreatePage as ShopCreate } from "./routes/ShopCreatePage";
import { ShopEditPage as ShopEdit } from "./routes/ShopEditPage";
import { ShopListPage as ShopList } from "./routes/ShopListPage";
import { CabinetStoreScreen as CabinetStore } from "./routes/CabinetStoreScreen";
import { withStaffMessages } from "./staffMessages";

export const AdminProductsPage = withStaffMessages(AdminProducts);
export const CreateProductPage = withStaffMessages(CreateProduct);
export const EditProductPage = withStaffMessages(EditProduct);
export const AdminStatPage = withStaffMessages(AdminStat);
export const AdminPromosPage = withStaffMessages(AdminPromos);
export const AdminBroadcastsPage = withStaffMessages(AdminBroadcasts);
export const ShopCreatePage = withStaffMessages(ShopCreate);
export const ShopEditPage = withStaffMessages(ShopEdit);
export const ShopListPage = withStaffMessages(ShopList);
export const CabinetStoreScreen = withStaffMessages(CabinetStore);
// `/admin/*` tools still to come: its texts are the app's own, so it needs no staff messages.
export { AdminToolPage } from "./routes/AdminToolPage";
