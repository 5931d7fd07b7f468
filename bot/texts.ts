/** What the bot says. Plain text (no parse mode): shop and product names need no escaping. */
import { formatAmount, formatBaht, formatIslandTime } from "../server/domain/format";
import { PICKUP_HOLD_HOURS } from "../server/domain/constants";
import { addedMessage, STOCK_TEXTS } from "../server/domain/stock";
import { formatOrderDate, lineTotal, STATUS_LABELS } from "../server/domain/orders";
import type { OrderDetails, OrderSummary } from "../server/services/chatOrders";

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
    `I also tell you when an order is placed, being prepared, done, discounted, canceled or expires, ` +
    `and remind you 30 minutes before a pickup hold ends.\n\n` +
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
  const lines = order.lines.map(
    (l) => `${l.amount} × ${l.product_name}${l.price_text ? ` (${l.price_text})` : ""}: ${formatBaht(lineTotal(l))}`,
  );
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


/** The command menu of a shop's staff (chat scope): /orders shows their shops' open orders first. */
export const STAFF_COMMANDS = [
  { command: "start", description: "Open the store" },
  { command: "orders", description: "Open orders of my shops" },
  { command: "help", description: "What this bot can do" },
] as const;

/** The command menu of an admin (chat scope): everything staff have, and the admin commands. */
export const ADMIN_COMMANDS = [
  { command: "start", description: "Open the store" },
  { command: "orders", description: "Open orders of every shop" },
  { command: "stats", description: "Sales today and in the last 7 days" },
  { command: "lowstock", description: "Options running low in the shops" },
  { command: "addstock", description: "Add stock to a product" },
  { command: "cancel", description: "Stop adding stock" },
  { command: "notify", description: "New orders of every shop: /notify on or off" },
  { command: "help", description: "What this bot can do" },
] as const;

/** What the bot says to staff and admins (bot/features/admin). */
export const adminTexts = {
  // /orders for staff
  noOpenOrders: "No open orders in your shops right now.",
  noOpenOrdersAdmin: "No open orders in any shop right now.",
  openOrdersTitle: "Open orders",
  moreOrders: (count: number, evenMore = false) => `…and ${count}${evenMore ? "+" : ""} more: open the cabinet in the store.`,
  myOwnOrders: "My own orders",
  // /stats
  statsToday: (date: string) => `Today, ${date}`,
  statsWeek: (from: string, to: string) => `Last 7 days, ${from} – ${to}`,
  statsOrders: (count: number) => `Orders: ${formatAmount(count)}`,
  statsSales: (baht: number) => `Sales: ${formatBaht(baht)}`,
  statsMargin: (baht: number) => `Margin: ${formatBaht(baht)}`,
  statsTop: "Top products:",
  statsNone: "No completed orders.",
  statsFooter: "Completed orders only, island time. Charts and CSV: Statistics in the store's admin cabinet.",
  // /lowstock
  lowStockNone: "No option is running low in any shop.",
  lowStockTitle: (count: number) => `Running low (${count}):`,
  // /addstock
  chooseProduct: "Add stock: which product? Tap it, or type part of its name.",
  noProducts: "There are no products to add stock to yet.",
  noProductMatches: (typed: string) => `No product name contains "${typed}". Tap one above, or type another part of its name.`,
  noOptions: (name: string) => `${name} has no option to add stock to.`,
  productLabel: "Product",
  chooseOption: (name: string) => `Which option of ${name}?`,
  optionLabel: "Option",
  chooseShop: (what: string) => `Add ${what} to which shop? In brackets: what it holds now.`,
  shopLabel: "Shop",
  enterAmount: STOCK_TEXTS.prompt,
  amountNotNumber: "That is not a number.",
  amountNotWhole: "Only whole products can be added: send a whole number, e.g. 10.",
  amountNotPositive: "The number must be 1 or more.",
  amountTooLarge: (max: number) => `That is more than ${formatAmount(max)} at once: please check the number.`,
  confirmAdd: ({ what, shop, amount, before, after }: { what: string; shop: string; amount: number; before: number; after: number }) =>
    `Add ${formatAmount(amount)} × ${what} to ${shop}?\n\nNow: ${formatAmount(before)}\nAfter: ${formatAmount(after)}`,
  confirmButton: (amount: number) => `Add ${formatAmount(amount)}`,
  confirmOrCancel: "Tap Add to confirm, or Cancel.",
  useButtons: "Please choose with the buttons above, or send /cancel.",
  cancelButton: "Cancel",
  canceled: "Adding stock was canceled. Nothing was changed.",
  nothingToCancel: "Nothing to cancel: no stock is being added.",
  staleStep: "This button belongs to another step.",
  staleConversation: "This step is over. Send /addstock to start again.",
  added: addedMessage,
  nowHolds: (shop: string, amount: number) => `${shop} now holds ${formatAmount(amount)}.`,
  notAdded: "Nothing was added.",
  // /notify
  notifyOn: "You will get a push for every new order of every shop, with Take order and Open. /notify off stops them.",
  notifyOff: "You get new-order pushes only for the shops you staff. /notify on gives you every shop's.",
  notifyState: (on: boolean) =>
    on
      ? "You get a push for every new order of every shop. /notify off stops them."
      : "You get new-order pushes only for the shops you staff. /notify on gives you every shop's.",
  notifyUsage: "Send /notify on or /notify off.",
};
