import type { QueryClient } from "@tanstack/react-query";
import type { StaffOrder } from "@domain/contracts/staff";
import type { SalesFilter } from "@domain/handover";
import type { OrderStatus } from "@domain/orders";

/** Query keys of the staff's server data; everything under STAFF_KEY goes stale when an order changes. */
const STAFF_KEY = ["staff"] as const;
export const staffOrdersKey = (status: OrderStatus | null) => ["staff", "orders", status ?? "all"] as const;
export const staffOrderKey = (id: number) => ["staff", "order", id] as const;
export const salesKey = (filter: SalesFilter, mine: boolean) => ["staff", "sales", filter, mine ? "mine" : "shop"] as const;
export const SALES_SUMMARY_KEY = ["staff", "sales-summary"] as const;

/** Orders a page of a staff list asks for. */
export const STAFF_LIST_PAGE = 10;

/**
 * An order a staff call changed: its screen shows the answer at once, and every list and count that might hold
 * it is asked again, with the customer's views (the manager may be a customer too) and the shelves.
 */
export function applyChangedOrder(queryClient: QueryClient, order: StaffOrder, { stockOrStats = false } = {}): void {
  queryClient.setQueryData(staffOrderKey(order.id), order);
  void queryClient.invalidateQueries({ queryKey: STAFF_KEY, predicate: (query) => query.queryKey[1] !== "order" });
  void queryClient.invalidateQueries({ queryKey: ["orders"] });
  if (stockOrStats) {
    void queryClient.invalidateQueries({ queryKey: ["products"] });
    void queryClient.invalidateQueries({ queryKey: ["product"] });
  }
}

/** A call that failed may have failed because the order moved meanwhile: show it as it is now. */
export function refreshOrder(queryClient: QueryClient, id: number): void {
  void queryClient.invalidateQueries({ queryKey: staffOrderKey(id) });
  void queryClient.invalidateQueries({ queryKey: STAFF_KEY, predicate: (query) => query.queryKey[1] !== "order" });
}
