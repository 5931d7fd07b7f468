/**
 * Every staff screen behind one dynamic import (router.tsx, the cabinet's 'All sales' box): one chunk that a
 * customer never downloads. One import point on purpose: a module shared by two lazy chunks but not by the entry
 * makes Rolldown (Vite 8) split the entry's own modules, React among them, into extra files every customer then
 * fetches; see docs/webapp.md "Chunks". Each screen waits for the staff messages (app/staffMessages.ts).
 */
import { AdminCabinetPage as AdminCabinet } from "./routes/AdminCabinetPage";
import { ManageOrderPage as ManageOrder } from "./routes/ManageOrderPage";
import { SalesPage as Sales } from "./routes/SalesPage";
import { StoreOrdersPage as StoreOrders } from "./routes/StoreOrdersPage";
import { AllSalesBox as AllSales } from "../features/handover/components/AllSalesBox";
import { withStaffMessages } from "./staffMessages";

export const AdminCabinetPage = withStaffMessages(AdminCabinet);
export const ManageOrderPage = withStaffMessages(ManageOrder);
export const SalesPage = withStaffMessages(Sales);
export const StoreOrdersPage = withStaffMessages(StoreOrders);
export const AllSalesBox = withStaffMessages(AllSales);
// Every admin screen (products, shops, statistics): in this chunk, as a chunk of their own split the entry.
export * from "./adminScreens";
