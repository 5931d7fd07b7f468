/** Query keys of the customer's orders: the list, and one order by id. */
export const ORDERS_KEY = ["orders"] as const;
export const orderKey = (id: number) => ["orders", id] as const;
