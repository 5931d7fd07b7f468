/**
 * What the bot says, in the reader's language: each function takes `say` (bot/i18n.ts), the translate
 * function bound to the reader's locale, and formats amounts, dates and times for that locale. Plain text
 * (no parse mode): shop and product names need no escaping, and they stay as the admin typed them.
 */
import { formatAmount, formatBaht, formatIslandTime } from "../server/domain/format";
import { PICKUP_HOLD_HOURS, STORE_NAME } from "../server/domain/constants";
import { HOLD_REMINDER_BEFORE_MS } from "../server/domain/notifications";
import { formatOrderDate, lineTotal, type OrderStatus } from "../server/domain/orders";
import type { OrderDetails, OrderSummary } from "../server/services/chatOrders";
import type { BotMessageId, Say } from "./i18n";
import { sayIn } from "./i18n";
import type { BotCommand, LanguageCode } from "grammy/types";
import { LOCALES, type Locale } from "../server/domain/locale";

/** The store's name: a brand, the same in every language. */
export { STORE_NAME };

export type MenuKind = "customer" | "staff" | "admin";

/** The command menus by role, each command with its description's message. */
const MENUS: Record<MenuKind, readonly (readonly [string, BotMessageId])[]> = {
  customer: [
    ["start", "command.start"],
    ["orders", "command.orders"],
    ["help", "command.help"],
  ],
  /** A shop's staff: /orders shows their shops' open orders first. */
  staff: [
    ["start", "command.start"],
    ["orders", "command.staffOrders"],
    ["help", "command.help"],
  ],
  /** An admin: everything staff have, and the admin commands. */
  admin: [
    ["start", "command.start"],
    ["orders", "command.adminOrders"],
    ["stats", "command.stats"],
    ["lowstock", "command.lowstock"],
    ["addstock", "command.addstock"],
    ["cancel", "command.cancel"],
    ["notify", "command.notify"],
    ["help", "command.help"],
  ],
};

/** One role's command menu in one language, as setMyCommands takes it. */
export function commandMenu(locale: Locale, role: MenuKind): BotCommand[] {
  const say = sayIn(locale);
  return MENUS[role].map(([command, id]) => ({ command, description: say(id) }));
}

/**
 * The menus set at each start: the default (English, no language_code: whoever Telegram knows no other
 * menu for) and one per other language, with its language_code.
 */
export function menusByLanguage(role: MenuKind): { language_code?: LanguageCode; commands: BotCommand[] }[] {
  return LOCALES.map((locale) =>
    locale === "en" ? { commands: commandMenu(locale, role) } : { language_code: locale, commands: commandMenu(locale, role) },
  );
}

export const statusLabel = (say: Say, status: OrderStatus) => say(`order.status.${status}`);

/** Each reader's texts are made once per language and kept (they depend on nothing else). */
function perLanguage<T>(make: (say: Say) => T): (say: Say) => T {
  const made = new Map<Locale, T>();
  return (say) => {
    let texts = made.get(say.locale);
    if (texts === undefined) made.set(say.locale, (texts = make(say)));
    return texts;
  };
}

/** What the bot says to customers. */
export const storeTexts = perLanguage((say: Say) => {
  const openStore = say("store.openStore");
  return {
    openStore,
    welcome: (firstName: string) => say("store.welcome", { firstName, store: STORE_NAME, openStore, hours: PICKUP_HOLD_HOURS }),
    help: say("store.help", {
      store: STORE_NAME,
      minutes: HOLD_REMINDER_BEFORE_MS / 60_000,
      takeOrder: say("button.takeOrder"),
      open: say("button.open"),
    }),
    hint: say("store.hint"),
    noOrders: say("store.noOrders", { openStore }),
    ordersTitle: say("store.ordersTitle"),
    orderUnavailable: say("store.orderUnavailable"),
    staleButton: say("store.staleButton"),
    somethingWentWrong: say("store.somethingWentWrong"),
  };
});

export function orderLine(say: Say, order: OrderSummary): string {
  const { locale } = say;
  const status = statusLabel(say, order.status);
  return `#${order.id} · ${status} · ${formatOrderDate(order.created_at, true, locale)} · ${formatBaht(order.total, locale)}`;
}

export function ordersList(say: Say, orders: readonly OrderSummary[]): string {
  return [say("store.ordersTitle"), "", ...orders.map((order) => orderLine(say, order))].join("\n");
}

export function orderDetails(say: Say, order: OrderDetails): string {
  const { locale } = say;
  const lines = order.lines.map(
    (l) => `${l.amount} × ${l.product_name}${l.price_text ? ` (${l.price_text})` : ""}: ${formatBaht(lineTotal(l), locale)}`,
  );
  const hold =
    order.status === "N" && order.hold_until ? [say("order.pickUpBefore", { time: formatIslandTime(order.hold_until) })] : [];
  return [
    say("order.title", { id: order.id, status: statusLabel(say, order.status) }),
    `${formatOrderDate(order.created_at, true, locale)} · ${order.shop_name}${order.shop_address ? `, ${order.shop_address}` : ""}`,
    "",
    ...lines,
    "",
    say("order.total", { total: formatBaht(order.total, locale) }),
    ...hold,
  ].join("\n");
}

/** What the bot says to staff and admins (bot/features/admin). */
export const adminTextsOf = perLanguage((say: Say) => {
  const { locale } = say;
  const amount = (n: number) => formatAmount(n, locale);
  const notifyOff = say("notify.off");
  return {
    // /orders for staff
    noOpenOrders: say("staff.noOpenOrders"),
    noOpenOrdersAdmin: say("staff.noOpenOrdersAdmin"),
    openOrdersTitle: say("staff.openOrdersTitle"),
    moreOrders: (count: number, evenMore = false) => say("staff.moreOrders", { count: `${amount(count)}${evenMore ? "+" : ""}` }),
    myOwnOrders: say("staff.myOwnOrders"),
    heldUntil: (iso: string) => say("staff.heldUntil", { time: formatIslandTime(iso) }),
    // /stats
    statsToday: (date: string) => say("stats.today", { date }),
    statsWeek: (from: string, to: string) => say("stats.week", { from, to }),
    statsOrders: (count: number) => say("stats.orders", { count: amount(count) }),
    statsSales: (baht: number) => say("stats.sales", { amount: formatBaht(baht, locale) }),
    statsMargin: (baht: number) => say("stats.margin", { amount: formatBaht(baht, locale) }),
    statsTop: say("stats.top"),
    statsTopLine: (rank: number, product: string, sold: number, sum: number) =>
      say("stats.topLine", { rank, product, amount: amount(sold), sum: formatBaht(sum, locale) }),
    statsNone: say("stats.none"),
    statsFooter: say("stats.footer"),
    // /lowstock
    lowStockNone: say("lowStock.none"),
    lowStockTitle: (count: number) => say("lowStock.title", { count: amount(count) }),
    lowStockLine: (product: string, left: number) => say("lowStock.line", { product, amount: amount(left) }),
    lowStockMore: (count: number) => say("lowStock.more", { count: amount(count) }),
    // /addstock
    chooseProduct: say("addStock.chooseProduct"),
    productPage: (page: number, pages: number) => say("addStock.page", { prompt: say("addStock.chooseProduct"), page, pages }),
    noProducts: say("addStock.noProducts"),
    noProductMatches: (typed: string) => say("addStock.noProductMatches", { typed }),
    noOptions: (name: string) => say("addStock.noOptions", { name }),
    inactive: (name: string) => say("addStock.inactive", { name }),
    productLabel: (name: string) => say("addStock.productLabel", { name }),
    chooseOption: (name: string) => say("addStock.chooseOption", { name }),
    optionLabel: (option: string) => say("addStock.optionLabel", { option }),
    chooseShop: (what: string) => say("addStock.chooseShop", { what }),
    shopLabel: (name: string) => say("addStock.shopLabel", { name }),
    enterAmount: say("addStock.enterAmount"),
    amountNotNumber: say("addStock.notNumber"),
    amountNotWhole: say("addStock.notWhole"),
    amountNotPositive: say("addStock.notPositive"),
    amountTooLarge: (max: number) => say("addStock.tooLarge", { max: amount(max) }),
    confirmAdd: (c: { what: string; shop: string; amount: number; before: number; after: number }) =>
      say("addStock.confirm", { what: c.what, shop: c.shop, amount: amount(c.amount), before: amount(c.before), after: amount(c.after) }),
    confirmButton: (adding: number) => say("button.add", { amount: amount(adding) }),
    confirmOrCancel: say("addStock.confirmOrCancel"),
    useButtons: say("addStock.useButtons"),
    cancelButton: say("button.cancel"),
    canceled: say("addStock.canceled"),
    nothingToCancel: say("addStock.nothingToCancel"),
    staleStep: say("addStock.staleStep"),
    staleConversation: say("addStock.staleConversation"),
    added: (adding: number) => say("addStock.added", { amount: adding }),
    nowHolds: (shop: string, holds: number) => say("addStock.nowHolds", { shop, amount: amount(holds) }),
    notAdded: say("addStock.notAdded"),
    // /notify
    notifyOn: say("notify.on"),
    notifyOff,
    notifyState: (on: boolean) => (on ? say("notify.stateOn") : notifyOff),
    notifyUsage: say("notify.usage"),
  };
});

export type StoreTexts = ReturnType<typeof storeTexts>;
export type AdminTexts = ReturnType<typeof adminTextsOf>;
