/**
 * A customer's orders as the bot's /orders shows them: the latest few, and one order with its lines. Every
 * read is scoped to the Telegram user who asked (db/repositories/customerOrders.ts), so an order id from a
 * button or a forged callback never shows someone else's order.
 */
import type { DB } from "../../db/connection";
import { latestOrders, orderOfCustomer, type OrderDetails, type OrderSummary } from "../../db/repositories/customerOrders";
import { unitOfWorkOf } from "../../db/unitOfWork";

export type { OrderDetails, OrderSummary };

export type ChatOrders = ReturnType<typeof createChatOrders>;

export function createChatOrders({ db }: { db: DB }) {
  const units = unitOfWorkOf(db).named("chatOrders");
  return {
    /** The customer's latest orders, newest first. */
    latest: (telegramId: number): Promise<OrderSummary[]> => units.read("latest", (tx) => latestOrders(tx, telegramId)),
    /** One of the customer's own orders with its lines; null when it is not theirs or does not exist. */
    one: (telegramId: number, orderId: number): Promise<OrderDetails | null> =>
      units.read("one", (tx) => orderOfCustomer(tx, telegramId, orderId)),
  };
}
