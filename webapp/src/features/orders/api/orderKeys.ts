import type { QueryClient } from "@tanstack/react-query";
import type { Order } from "@domain/contracts/orders";

/** Query keys of the customer's orders: one order by id, and the paged list (/list/orders; the cabinet's latest are its first page). */
export const orderKey = (id: number) => ["orders", id] as const;
export const ORDER_PAGES_KEY = ["orders", "pages"] as const;

/**
 * An order came back changed and its stock moved with it (placed, its settings saved, canceled): the cache
 * takes the order, and the order lists and the shelves are asked again.
 */
export function applyOrderAndStock(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderKey(order.id), order);
  // The list of own orders (the cabinet's latest, /list/orders' pages).
  void queryClient.invalidateQueries({ queryKey: ORDER_PAGES_KEY });
  void queryClient.invalidateQueries({ queryKey: ["products"] });
  void queryClient.invalidateQueries({ queryKey: ["product"] });
}

/** Whatever an order became meanwhile (a change to it failed), it is shown as it is. */
export function refreshOrder(queryClient: QueryClient, id: number): void {
  void queryClient.invalidateQueries({ queryKey: orderKey(id) });
}
