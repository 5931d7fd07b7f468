import type { QueryClient } from "@tanstack/react-query";

/** Query keys of the customer's orders: the list, and one order by id. */
export const ORDERS_KEY = ["orders"] as const;
export const orderKey = (id: number) => ["orders", id] as const;
/** The paged list of /list/orders (the cabinet's latest orders are the first page of ORDERS_KEY). */
export const ORDER_PAGES_KEY = ["orders", "pages"] as const;

/** The lists of own orders (the cabinet's latest, /list/orders' pages) after an order changed. */
export function invalidateOrderLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ORDERS_KEY, exact: true });
  void queryClient.invalidateQueries({ queryKey: ORDER_PAGES_KEY });
}
