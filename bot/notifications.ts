/**
 * Renders an outbox row (server/domain/notifications.ts) into the message its reader gets, in the reader's
 * language (the row's recipient's, read when the row is claimed): a customer told of their order, or shop
 * staff told of their shop's orders. Plain text, no parse mode: shop, product and
 * people's names need no escaping. Payloads were written by another process, maybe by an older version:
 * anything malformed renders to null and the worker marks the row failed instead of sending half a message.
 */
import { InlineKeyboard } from "grammy";
import { formatBaht, formatIslandTime } from "../server/domain/format";
import { DEFAULT_LOCALE, type Locale } from "../server/domain/locale";
import {
  type CUSTOMER_NOTIFICATION_KINDS,
  HOLD_REMINDER_BEFORE_MS,
  NOTIFICATION_KINDS,
  type ContactClientPayload,
  type NotificationKind,
  type NotificationPayloads,
  type OrderNotificationPayload,
  type OrderPaidPayload,
  type StaffNewOrderPayload,
  type StaffOrderUpdatePayload,
} from "../server/domain/notifications";
import { DELIVERY_OPTION_LABELS } from "../server/domain/orders";
import { paths } from "../server/domain/paths";
import { callbackData } from "./callbackData";
import { sayIn, type Say } from "./i18n";
import { notificationKeyboard, openStoreKeyboard } from "./keyboards/store";
import { manageOrderKeyboard, newOrderKeyboard, writeToKeyboard } from "./keyboards/staff";
import type { MiniApp } from "./miniApp";

export interface RenderedNotification {
  text: string;
  keyboard: InlineKeyboard | null;
  /**
   * What to send instead when Telegram refuses the keyboard: a button into a chat by user id (tg://user)
   * is refused when that user's privacy settings forbid links to them.
   */
  textWithoutKeyboard?: string;
}

/** Telegram's limit on a message's text. */
export const MAX_MESSAGE_LENGTH = 4096;
/** Longer names are cut on buttons, which show one line. */
const MAX_BUTTON_NAME = 40;

type Fields = Record<string, unknown>;

interface KindRenderer<K extends NotificationKind> {
  /** Whether the payload has this kind's shape. */
  valid(p: Fields): boolean;
  render(p: NotificationPayloads[K], miniApp: MiniApp, say: Say): RenderedNotification;
}

const isId = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const isText = (v: unknown) => typeof v === "string";
const isTextOrNull = (v: unknown) => v === null || typeof v === "string";
const isTimeOrNull = (v: unknown) => v === null || (typeof v === "string" && !Number.isNaN(Date.parse(v)));

function isOrderPayload(p: Fields): boolean {
  return (
    isId(p.order_id) &&
    isText(p.shop_name) &&
    isText(p.shop_address) &&
    isCount(p.total) &&
    isCount(p.item_count) &&
    isTimeOrNull(p.hold_until)
  );
}

function isOrderLine(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return false;
  const line = v as Fields;
  return isText(line.product_name) && isText(line.price_text) && isId(line.amount);
}

const shopLine = (say: Say, p: OrderNotificationPayload) =>
  p.shop_address
    ? say("notice.shopWithAddress", { name: p.shop_name, address: p.shop_address })
    : say("notice.shop", { name: p.shop_name });
const itemsAndTotal = (say: Say, p: OrderNotificationPayload) =>
  say("notice.itemsAndTotal", { count: p.item_count, total: formatBaht(p.total, say.locale) });
const pickUpBefore = (say: Say, p: OrderNotificationPayload) =>
  p.hold_until ? [say("order.pickUpBefore", { time: formatIslandTime(p.hold_until) })] : [];
const isShop = (v: unknown) => typeof v === "object" && v !== null && isId((v as Fields).id) && isText((v as Fields).name);
const cutName = (name: string) => (name.length > MAX_BUTTON_NAME ? `${name.slice(0, MAX_BUTTON_NAME - 1)}…` : name);

/** The customer kinds that tell of the reader's own order. */
type CustomerKind = Exclude<(typeof CUSTOMER_NOTIFICATION_KINDS)[number], "referral_income" | "back_in_stock">;

/** A customer's message about their order, with the button that opens it. */
function toCustomer<K extends CustomerKind>(
  lines: (p: NotificationPayloads[K], say: Say) => string[],
  valid: (p: Fields) => boolean = () => true,
): KindRenderer<K> {
  return {
    valid: (p) => isOrderPayload(p) && valid(p),
    render: (p, miniApp, say) => ({ text: lines(p, say).join("\n"), keyboard: notificationKeyboard(miniApp, say, p.order_id) }),
  };
}

function staffNewOrderText(p: StaffNewOrderPayload, say: Say): string {
  const delivery = say(p.delivery_option === 1 ? "order.delivery.1" : "order.delivery.2");
  const head = [say("staffNotice.newOrder", { id: p.order_id }), shopLine(say, p), ""];
  const tail = [
    "",
    say("order.total", { total: formatBaht(p.total, say.locale) }),
    p.delivery_option === 1 && p.hold_until ? say("staffNotice.heldUntil", { delivery, time: formatIslandTime(p.hold_until) }) : delivery,
  ];
  const items = p.lines.map((l) => `${l.amount} × ${l.product_name}${l.price_text ? ` (${l.price_text})` : ""}`);
  // An order of many long-named lines could pass Telegram's limit: the last lines give way to a count.
  let shown = items.length;
  const text = () =>
    [
      ...head,
      ...items.slice(0, shown),
      ...(shown < items.length ? [say("staffNotice.moreLines", { count: items.length - shown })] : []),
      ...tail,
    ].join("\n");
  while (shown > 0 && text().length > MAX_MESSAGE_LENGTH) shown--;
  return text();
}

function staffUpdateText(p: StaffOrderUpdatePayload, say: Say): string {
  const id = p.order_id;
  const byName = p.by_admin ? say("staffNotice.anAdmin") : p.by_name;
  switch (p.outcome) {
    case "taken":
      if (p.by_you) return say("staffNotice.youTook", { id });
      return say("staffNotice.takenBy", { id, name: byName ?? say("staffNotice.anotherManager") });
    case "done":
      if (p.by_you) return say("staffNotice.youCompleted", { id });
      return byName ? say("staffNotice.completedBy", { id, name: byName }) : say("staffNotice.done", { id });
    case "canceled":
      return byName ? say("staffNotice.canceledBy", { id, name: byName }) : say("staffNotice.canceled", { id });
    case "expired":
      return say("staffNotice.expired", { id });
  }
}

/** A t.me link needs a well-formed username; anyone else is reached by id. */
const USERNAME = /^[A-Za-z0-9_]{4,32}$/;

function contactClient(p: ContactClientPayload, say: Say): RenderedNotification {
  const title = say("staffNotice.contactTitle", { id: p.order_id, name: p.customer_name });
  const email = p.email ? [say("staffNotice.email", { email: p.email })] : [];
  const chatUrl = p.username && USERNAME.test(p.username) ? `https://t.me/${p.username}` : p.telegram_id !== null ? `tg://user?id=${p.telegram_id}` : null;
  if (chatUrl === null) {
    // E-mail only: Telegram shows the address as a mailto: link by itself.
    return { text: [title, ...(email.length ? email : [say("staffNotice.noContact")])].join("\n"), keyboard: null };
  }
  return {
    text: title,
    keyboard: writeToKeyboard(say, cutName(p.customer_name), chatUrl),
    ...(chatUrl.startsWith("tg:")
      ? { textWithoutKeyboard: [title, say("staffNotice.privacy"), ...email].join("\n") }
      : {}),
  };
}

const isOrderPaid = (p: Fields) => isOrderPayload(p) && isTextOrNull(p.amount_ton) && isTextOrNull(p.tx_hash);
const paidWith = (say: Say, p: OrderPaidPayload) =>
  p.amount_ton ? say("notice.receivedTon", { amount: p.amount_ton }) : say("notice.confirmedByShop");

const RENDERERS: { [K in NotificationKind]: KindRenderer<K> } = {
  order_placed: toCustomer<"order_placed">((p, say) => [
    say("notice.placed", { id: p.order_id }),
    shopLine(say, p),
    itemsAndTotal(say, p),
    ...pickUpBefore(say, p),
  ]),
  order_canceled: toCustomer<"order_canceled">((p, say) => [
    say("notice.canceled", { id: p.order_id }),
    shopLine(say, p),
    itemsAndTotal(say, p),
  ]),
  order_expired: toCustomer<"order_expired">((p, say) => [
    say("notice.expired", { id: p.order_id }),
    shopLine(say, p),
    say("notice.orderAgain"),
  ]),
  hold_reminder: toCustomer<"hold_reminder">((p, say) => [
    say("notice.reminder", { id: p.order_id, minutes: HOLD_REMINDER_BEFORE_MS / 60_000 }),
    shopLine(say, p),
    ...(p.hold_until ? [say("notice.heldUntil", { time: formatIslandTime(p.hold_until) })] : []),
  ]),
  order_taken: toCustomer<"order_taken">((p, say) => [
    say("notice.taken", { id: p.order_id }),
    shopLine(say, p),
    itemsAndTotal(say, p),
    ...pickUpBefore(say, p),
  ]),
  order_done: toCustomer<"order_done">(
    (p, say) => [
      say("notice.done", { id: p.order_id }),
      shopLine(say, p),
      itemsAndTotal(say, p),
      ...(p.paid_with_bonus ? [say("notice.paidWithBonus")] : []),
    ],
    (p) => typeof p.paid_with_bonus === "boolean",
  ),
  order_discounted: toCustomer<"order_discounted">(
    (p, say) =>
      p.discount_percent > 0
        ? [
            say("notice.discounted", { id: p.order_id, percent: p.discount_percent }),
            say("notice.newTotal", { total: formatBaht(p.total, say.locale), before: formatBaht(p.total_before, say.locale) }),
            shopLine(say, p),
          ]
        : [
            say("notice.discountRemoved", { id: p.order_id }),
            say("notice.totalNow", { total: formatBaht(p.total, say.locale) }),
            shopLine(say, p),
          ],
    (p) =>
      Number.isInteger(p.discount_percent) &&
      (p.discount_percent as number) >= 0 &&
      (p.discount_percent as number) <= 100 &&
      isCount(p.total_before),
  ),
  // A referrer is told of the income, not of the buyer's order (which they may not open): no order button.
  referral_income: {
    valid: (p) => isId(p.order_id) && isId(p.amount) && isCount(p.balance),
    render: (p, miniApp, say) => ({
      text: [
        say("notice.referralIncome", { amount: formatBaht(p.amount, say.locale) }),
        say("notice.bonusBalance", { balance: formatBaht(p.balance, say.locale) }),
      ].join("\n"),
      keyboard: openStoreKeyboard(miniApp, say),
    }),
  },
  staff_new_order: {
    valid: (p) =>
      isOrderPayload(p) &&
      Array.isArray(p.lines) &&
      p.lines.every(isOrderLine) &&
      typeof p.delivery_option === "number" &&
      p.delivery_option in DELIVERY_OPTION_LABELS,
    render: (p, miniApp, say) => ({ text: staffNewOrderText(p, say), keyboard: newOrderKeyboard(miniApp, say, p.order_id) }),
  },
  staff_order_update: {
    valid: (p) =>
      isId(p.order_id) &&
      ["taken", "done", "canceled", "expired"].includes(p.outcome as string) &&
      isTextOrNull(p.by_name) &&
      (p.by_admin === undefined || typeof p.by_admin === "boolean") &&
      typeof p.by_you === "boolean" &&
      isText(p.edits),
    // The push is edited in place: Take order goes, Open stays.
    render: (p, miniApp, say) => ({ text: staffUpdateText(p, say), keyboard: manageOrderKeyboard(miniApp, say, p.order_id) }),
  },
  staff_order_canceled: {
    valid: isOrderPayload,
    render: (p, miniApp, say) => ({
      text: [say("staffNotice.canceledByAdmin", { id: p.order_id }), shopLine(say, p), itemsAndTotal(say, p)].join("\n"),
      keyboard: manageOrderKeyboard(miniApp, say, p.order_id),
    }),
  },
  order_paid: toCustomer<"order_paid">(
    (p, say) => [say("notice.paid", { id: p.order_id }), paidWith(say, p), shopLine(say, p), ...pickUpBefore(say, p)],
    isOrderPaid,
  ),
  staff_order_paid: {
    valid: isOrderPaid,
    render: (p, miniApp, say) => ({
      text: [say("staffNotice.paid", { id: p.order_id }), paidWith(say, p), shopLine(say, p), itemsAndTotal(say, p)].join("\n"),
      keyboard: manageOrderKeyboard(miniApp, say, p.order_id),
    }),
  },
  // Admins send the money back by hand from the shop's wallet: the message says what, to whom and why.
  ton_refund_due: {
    valid: (p) =>
      isId(p.order_id) &&
      isText(p.amount_ton) &&
      isText(p.tx_hash) &&
      isTextOrNull(p.source) &&
      ["order_closed", "paid_twice"].includes(p.reason as string),
    render: (p, _miniApp, say) => ({
      text: [
        say("adminNotice.refundDue", { id: p.order_id, reason: p.reason }),
        say("adminNotice.refundAmount", { amount: p.amount_ton }),
        say("adminNotice.refundFrom", { source: p.source ?? say("adminNotice.unknownSource") }),
        say("adminNotice.refundTransaction", { hash: p.tx_hash }),
      ].join("\n"),
      keyboard: null,
    }),
  },
  contact_client: {
    valid: (p) =>
      isId(p.order_id) &&
      isText(p.customer_name) &&
      (p.telegram_id === null || isId(p.telegram_id)) &&
      isTextOrNull(p.username) &&
      isTextOrNull(p.email),
    render: (p, _miniApp, say) => contactClient(p, say),
  },
  // Admins restock by hand (the mini-app or /addstock): the message names the shelf and what is left.
  low_stock: {
    valid: (p) =>
      isId(p.shop_id) &&
      isText(p.shop_name) &&
      isId(p.product_id) &&
      isText(p.product_name) &&
      isCount(p.option_id) &&
      isText(p.price_text) &&
      isCount(p.amount) &&
      isCount(p.threshold),
    render: (p, _miniApp, say) => ({
      text: [
        say("adminNotice.lowStock", { shop: p.shop_name, product: `${p.product_name}${p.price_text ? ` (${p.price_text})` : ""}` }),
        p.amount === 0 ? say("adminNotice.noneLeft") : say("adminNotice.left", { count: p.amount, threshold: p.threshold }),
      ].join("\n"),
      keyboard: null,
    }),
  },
  // A wishlisted product is orderable again (server/domain/restock.ts): the shops it came back at, and a
  // button that opens the product.
  back_in_stock: {
    valid: (p) =>
      isId(p.product_id) &&
      isText(p.product_name) &&
      Array.isArray(p.shops) &&
      p.shops.length > 0 &&
      p.shops.every((shop: unknown) => isShop(shop)),
    render: (p, miniApp, say) => ({
      text: [
        say("notice.backInStock", { product: p.product_name }),
        say("notice.backInStockAt", { shops: p.shops.map((shop) => shop.name).join(", ") }),
      ].join("\n"),
      // Opt-out like promotions: the same 'Stop promotions' as under a broadcast (bot/features/promotions.ts).
      keyboard: miniApp
        .addButton(
          new InlineKeyboard(),
          say("button.openProduct", { product: cutName(p.product_name) }),
          `${miniApp.home}${paths.product(p.product_id)}`,
        )
        .row()
        .text(say("promo.stopButton"), callbackData({ type: "promo:stop" })),
    }),
  },
};

/** The message an outbox row becomes for a reader of `locale` (English when not given); null when it cannot render. */
export function renderNotification(
  kind: string,
  payloadJson: string,
  miniApp: MiniApp,
  locale: Locale = DEFAULT_LOCALE,
): RenderedNotification | null {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const payload = parsePayload(payloadJson);
  if (!payload) return null;
  const renderer = RENDERERS[kind as NotificationKind] as KindRenderer<NotificationKind>;
  if (!renderer.valid(payload)) return null;
  return renderer.render(payload as never, miniApp, sayIn(locale));
}

function parsePayload(json: string): Fields | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
  } catch {
    return null;
  }
}
