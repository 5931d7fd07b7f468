import type { StaffOrder } from "@domain/contracts/staff";
import { formatOrderDate } from "@domain/orders";

/** Pieces in the order, every line's amount summed. */
export function itemCount(order: Pick<StaffOrder, "products">): number {
  return order.products.reduce((sum, line) => sum + line.amount, 0);
}

interface OrdersOfDay {
  /** DD.M.YYYY (spec §9). */
  day: string;
  orders: StaffOrder[];
}

/** Staff lists come newest first; each day's orders under that day (spec §2: sections grouped by date). */
export function groupByDay(orders: readonly StaffOrder[]): OrdersOfDay[] {
  const days: OrdersOfDay[] = [];
  for (const order of orders) {
    const day = formatOrderDate(order.created, false);
    const last = days.at(-1);
    if (last?.day === day) last.orders.push(order);
    else days.push({ day, orders: [order] });
  }
  return days;
}
