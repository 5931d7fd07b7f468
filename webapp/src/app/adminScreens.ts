/**
 * Every admin screen (products, product forms, shops, statistics), listed once. The router reaches them through
 * the staff chunk (staffScreens.ts re-exports this file): as a lazy chunk of their own they made Rolldown (Vite 8)
 * split the customer's entry into extra files (React, the catalogue, the page placeholders, each with a
 * modulepreload), so a customer's download never holds them but a manager's staff chunk does; see
 * docs/webapp.md "Chunks".
 */
export { AdminProductsPage } from "./routes/AdminProductsPage";
export { CreateProductPage } from "./routes/CreateProductPage";
export { EditProductPage } from "./routes/EditProductPage";
export { AdminStatPage } from "./routes/AdminStatPage";
export { ShopCreatePage } from "./routes/ShopCreatePage";
export { ShopEditPage } from "./routes/ShopEditPage";
export { ShopListPage } from "./routes/ShopListPage";
export { CabinetStoreScreen } from "./routes/CabinetStoreScreen";
