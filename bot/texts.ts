/** What the bot says. Plain text (no parse mode): shop and product names need no escaping. */
import { formatBaht, formatIslandTime } from "../server/domain/format";
import { PICKUP_HOLD_HOURS } from "../server/domain/constants";
import { formatOrderDate, lineTotal, STATUS_LABELS } from "../server/domain/orders";
import type { OrderDetails, OrderSummary } from "../db/repositories/customerOrders";

export const STORE_NAME = "Koh Samui Store";
export const OPEN_STORE = "Open Store";

export const COMMANDS = [
  { command: "start", description: "Open the store" },
  { command: "orders", description: "My latest orders" },
  { command: "help", description: "What this bot can do" },
] as const;

export const texts = {
  welcome: (firstName: string) =>
    `Hi ${firstName}! Welcome to ${STORE_NAME}.\n\n` +
    `Tap ${OPEN_STORE} to browse the catalogue, fill your cart and pick a shop: ` +
    `we hold a pickup order for ${PICKUP_HOLD_HOURS} hours.\n\n` +
    `I will message you when your order is placed, being prepared, done, canceled or about to expire. /orders shows your latest orders.`,
  help:
    `${STORE_NAME} bot\n\n` +
    `/start opens the store\n` +
    `/orders shows your latest orders, each with a button to open it\n` +
    `/help shows this message\n\n` +
    `I also tell you when an order is placed, being prepared, done, discounted, canceled or expires, and remind you 30 minutes before a pickup hold ends.\n\n` +
    `Shop managers get each new order of their shop here, with Take order and Open buttons.`,
  hint: `I only understand a few commands: /start to open the store, /orders for your orders, /help for more.`,
  noOrders: `You have no orders yet. Tap ${OPEN_STORE} to place one.`,
  ordersTitle: "Your latest orders:",
  orderUnavailable: "This order is not available.",
  staleButton: "This button is out of date. Send /orders for a fresh list.",
  somethingWentWrong: "Sorry, something went wrong on our side. Please try again in a minute.",
};

export function orderLine(order: OrderSummary): string {
  return `#${order.id} · ${STATUS_LABELS[order.status]} · ${formatOrderDate(order.created_at)} · ${formatBaht(order.total)}`;
}

export function ordersList(orders: readonly OrderSummary[]): string {
  return [texts.ordersTitle, "", ...orders.map(orderLine)].join("\n");
}

export function orderDetails(order: OrderDetails): string {
  const lines = order.lines.map((l) => `${l.amount} × ${l.product_name}${l.price_text ? ` (${l.price_text})` : ""}: ${formatBaht(lineTotal(l))}`);
  const hold = order.status === "N" && order.hold_until ? [`Please pick it up before ${formatIslandTime(order.hold_until)}.`] : [];
  return [
    `Order #${order.id} · ${STATUS_LABELS[order.status]}`,
    `${formatOrderDate(order.created_at)} · ${order.shop_name}${order.shop_address ? `, ${order.shop_address}` : ""}`,
    "",
    ...lines,
    "",
    `Total: ${formatBaht(order.total)}`,
    ...hold,
  ].join("\n");
}

