/**
 * What the bot reads about a customer's orders. Every query is scoped to the Telegram user who asked, so
 * an order id from a button or a forged callback never shows someone else's order.
 */
import type { OrderStatus } from "../../server/domain/orders";
import type { Executor } from "../executor";

/** How many orders /orders lists: the latest ones; the mini-app has the full history. */
export const LATEST_ORDERS = 10;

export interface OrderSummary {
  id: number;
  status: OrderStatus;
  created_at: string;
  total: number;
  shop_name: string;
}

export interface OrderDetails extends OrderSummary {
  shop_address: string;
  hold_until: string | null;
  lines: { product_name: string; price_text: string; per_price: number; amount: number }[];
}

function ordersOf(db: Executor, telegramId: number) {
  return db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .innerJoin("shops", "shops.id", "orders.shop_id")
    .where("users.telegram_id", "=", telegramId)
    .select([
      "orders.id",
      "orders.status",
      "orders.created_at",
      // What the customer pays: the total after any discount.
      "orders.discounted_price as total",
      "shops.name as shop_name",
    ]);
}

export function latestOrders(db: Executor, telegramId: number): Promise<OrderSummary[]> {
  return ordersOf(db, telegramId).orderBy("orders.created_at", "desc").orderBy("orders.id", "desc").limit(LATEST_ORDERS).execute();
}

export async function orderOfCustomer(db: Executor, telegramId: number, orderId: number): Promise<OrderDetails | null> {
  const order = await ordersOf(db, telegramId)
    .where("orders.id", "=", orderId)
    .select(["shops.address as shop_address", "orders.hold_until"])
    .executeTakeFirst();
  if (!order) return null;
  const lines = await db
    .selectFrom("order_lines")
    .select(["product_name", "price_text", "per_price", "amount"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return { ...order, lines };
}
