/**
 * Every staff screen behind one dynamic import (router.tsx, the cabinet's 'All sales' box): one chunk that a
 * customer never downloads. One import point on purpose: a module shared by two lazy chunks but not by the entry
 * makes Rolldown (Vite 8) split the entry's own modules, React among them, into extra files every customer then
 * fetches; see docs/webapp.md "Chunks".
 */
export { AdminCabinetPage } from "./routes/AdminCabinetPage";
export { ManageOrderPage } from "./routes/ManageOrderPage";
export { SalesPage } from "./routes/SalesPage";
export { StoreOrdersPage } from "./routes/StoreOrdersPage";
export { AllSalesBox } from "../features/handover/components/AllSalesBox";
// Every admin screen (products, shops, statistics): in this chunk, as a chunk of their own split the entry.
export * from "./adminScreens";
