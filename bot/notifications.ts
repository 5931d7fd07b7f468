/**
 * Renders an outbox row (server/domain/notifications.ts) into the message its reader gets: a customer told
 * of their order, or shop staff told of their shop's orders. Plain text, no parse mode: shop, product and
 * people's names need no escaping. Payloads were written by another process, maybe by an older version:
 * anything malformed renders to null and the worker marks the row failed instead of sending half a message.
 */
import type { InlineKeyboard } from "grammy";
import { countOf, formatBaht, formatIslandTime } from "../server/domain/format";
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
  render(p: NotificationPayloads[K], miniApp: MiniApp): RenderedNotification;
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

const shopLine = (p: OrderNotificationPayload) => (p.shop_address ? `Shop: ${p.shop_name}, ${p.shop_address}` : `Shop: ${p.shop_name}`);
const itemsAndTotal = (p: OrderNotificationPayload) => `${countOf(p.item_count, "item")} · total ${formatBaht(p.total)}`;
const pickUpBefore = (p: OrderNotificationPayload) => (p.hold_until ? [`Please pick it up before ${formatIslandTime(p.hold_until)}.`] : []);
const cutName = (name: string) => (name.length > MAX_BUTTON_NAME ? `${name.slice(0, MAX_BUTTON_NAME - 1)}…` : name);

/** The customer kinds that tell of the reader's own order. */
type CustomerKind = Exclude<(typeof CUSTOMER_NOTIFICATION_KINDS)[number], "referral_income">;

/** A customer's message about their order, with the button that opens it. */
function toCustomer<K extends CustomerKind>(
  lines: (p: NotificationPayloads[K]) => string[],
  valid: (p: Fields) => boolean = () => true,
): KindRenderer<K> {
  return {
    valid: (p) => isOrderPayload(p) && valid(p),
    render: (p, miniApp) => ({ text: lines(p).join("\n"), keyboard: notificationKeyboard(miniApp, p.order_id) }),
  };
}

function staffNewOrderText(p: StaffNewOrderPayload): string {
  const delivery = DELIVERY_OPTION_LABELS[p.delivery_option]!;
  const head = [`New order #${p.order_id}`, shopLine(p), ""];
  const tail = [
    "",
    `Total: ${formatBaht(p.total)}`,
    p.delivery_option === 1 && p.hold_until ? `${delivery}, held until ${formatIslandTime(p.hold_until)}` : delivery,
  ];
  const items = p.lines.map((l) => `${l.amount} × ${l.product_name}${l.price_text ? ` (${l.price_text})` : ""}`);
  // An order of many long-named lines could pass Telegram's limit: the last lines give way to a count.
  let shown = items.length;
  const text = () =>
    [
      ...head,
      ...items.slice(0, shown),
      ...(shown < items.length ? [`… and ${countOf(items.length - shown, "more line")}`] : []),
      ...tail,
    ].join("\n");
  while (shown > 0 && text().length > MAX_MESSAGE_LENGTH) shown--;
  return text();
}

function staffUpdateText(p: StaffOrderUpdatePayload): string {
  const order = `order #${p.order_id}`;
  switch (p.outcome) {
    case "taken":
      return p.by_you ? `You took ${order}.` : `Order #${p.order_id} was taken by ${p.by_name ?? "another manager"}.`;
    case "done":
      if (p.by_you) return `You completed ${order}.`;
      return p.by_name ? `Order #${p.order_id} was completed by ${p.by_name}.` : `Order #${p.order_id} is done.`;
    case "canceled":
      return p.by_name ? `Order #${p.order_id} was canceled by ${p.by_name}.` : `Order #${p.order_id} was canceled.`;
    case "expired":
      return `The hold on order #${p.order_id} ended: it was canceled and the items went back on the shelf.`;
  }
}

/** A t.me link needs a well-formed username; anyone else is reached by id. */
const USERNAME = /^[A-Za-z0-9_]{4,32}$/;

function contactClient(p: ContactClientPayload): RenderedNotification {
  const title = `Contact the client of order #${p.order_id}: ${p.customer_name}`;
  const email = p.email ? [`E-mail: ${p.email}`] : [];
  const chatUrl = p.username && USERNAME.test(p.username) ? `https://t.me/${p.username}` : p.telegram_id !== null ? `tg://user?id=${p.telegram_id}` : null;
  if (chatUrl === null) {
    // E-mail only: Telegram shows the address as a mailto: link by itself.
    return { text: [title, ...(email.length ? email : ["They left no Telegram chat or e-mail address."])].join("\n"), keyboard: null };
  }
  return {
    text: title,
    keyboard: writeToKeyboard(cutName(p.customer_name), chatUrl),
    ...(chatUrl.startsWith("tg:")
      ? { textWithoutKeyboard: [title, "Their privacy settings keep me from linking to their chat.", ...email].join("\n") }
      : {}),
  };
}

const isOrderPaid = (p: Fields) => isOrderPayload(p) && isTextOrNull(p.amount_ton) && isTextOrNull(p.tx_hash);
const paidWith = (p: OrderPaidPayload) => (p.amount_ton ? `Received ${p.amount_ton} TON on the chain.` : "Confirmed by the shop.");

const RENDERERS: { [K in NotificationKind]: KindRenderer<K> } = {
  order_placed: toCustomer<"order_placed">((p) => [
    `Your order #${p.order_id} is placed.`,
    shopLine(p),
    itemsAndTotal(p),
    ...pickUpBefore(p),
  ]),
  order_canceled: toCustomer<"order_canceled">((p) => [`Your order #${p.order_id} is canceled.`, shopLine(p), itemsAndTotal(p)]),
  order_expired: toCustomer<"order_expired">((p) => [
    `The hold on your order #${p.order_id} has ended, the items went back on the shelf.`,
    shopLine(p),
    "You are welcome to order again in the store.",
  ]),
  hold_reminder: toCustomer<"hold_reminder">((p) => [
    `${HOLD_REMINDER_BEFORE_MS / 60_000} minutes left to pick up your order #${p.order_id}.`,
    shopLine(p),
    ...(p.hold_until ? [`It is held for you until ${formatIslandTime(p.hold_until)}.`] : []),
  ]),
  order_taken: toCustomer<"order_taken">((p) => [
    `Your order #${p.order_id} is being prepared by the shop.`,
    shopLine(p),
    itemsAndTotal(p),
    ...pickUpBefore(p),
  ]),
  order_done: toCustomer<"order_done">(
    (p) => [
      `Your order #${p.order_id} is done. Thank you!`,
      shopLine(p),
      itemsAndTotal(p),
      ...(p.paid_with_bonus ? ["Paid with your bonus balance."] : []),
    ],
    (p) => typeof p.paid_with_bonus === "boolean",
  ),
  order_discounted: toCustomer<"order_discounted">(
    (p) =>
      p.discount_percent > 0
        ? [
            `Your order #${p.order_id} got a ${p.discount_percent}% discount.`,
            `New total: ${formatBaht(p.total)} instead of ${formatBaht(p.total_before)}.`,
            shopLine(p),
          ]
        : [`The discount on your order #${p.order_id} was removed.`, `Total: ${formatBaht(p.total)}.`, shopLine(p)],
    (p) =>
      Number.isInteger(p.discount_percent) &&
      (p.discount_percent as number) >= 0 &&
      (p.discount_percent as number) <= 100 &&
      isCount(p.total_before),
  ),
  // A referrer is told of the income, not of the buyer's order (which they may not open): no order button.
  referral_income: {
    valid: (p) => isId(p.order_id) && isId(p.amount) && isCount(p.balance),
    render: (p, miniApp) => ({
      text: [
        `You earned ${formatBaht(p.amount)} in bonus: someone you invited completed an order.`,
        `Your bonus balance: ${formatBaht(p.balance)}.`,
      ].join("\n"),
      keyboard: openStoreKeyboard(miniApp),
    }),
  },
  staff_new_order: {
    valid: (p) =>
      isOrderPayload(p) &&
      Array.isArray(p.lines) &&
      p.lines.every(isOrderLine) &&
      typeof p.delivery_option === "number" &&
      p.delivery_option in DELIVERY_OPTION_LABELS,
    render: (p, miniApp) => ({ text: staffNewOrderText(p), keyboard: newOrderKeyboard(miniApp, p.order_id) }),
  },
  staff_order_update: {
    valid: (p) =>
      isId(p.order_id) &&
      ["taken", "done", "canceled", "expired"].includes(p.outcome as string) &&
      isTextOrNull(p.by_name) &&
      typeof p.by_you === "boolean" &&
      isText(p.edits),
    // The push is edited in place: Take order goes, Open stays.
    render: (p, miniApp) => ({ text: staffUpdateText(p), keyboard: manageOrderKeyboard(miniApp, p.order_id) }),
  },
  staff_order_canceled: {
    valid: isOrderPayload,
    render: (p, miniApp) => ({
      text: [`Order #${p.order_id} was canceled by an admin.`, shopLine(p), itemsAndTotal(p)].join("\n"),
      keyboard: manageOrderKeyboard(miniApp, p.order_id),
    }),
  },
  order_paid: toCustomer<"order_paid">(
    (p) => [`Your payment for order #${p.order_id} has arrived. Thank you!`, paidWith(p), shopLine(p), ...pickUpBefore(p)],
    isOrderPaid,
  ),
  staff_order_paid: {
    valid: isOrderPaid,
    render: (p, miniApp) => ({
      text: [`Order #${p.order_id} is paid in crypto.`, paidWith(p), shopLine(p), itemsAndTotal(p)].join("\n"),
      keyboard: manageOrderKeyboard(miniApp, p.order_id),
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
    render: (p) => ({
      text: [
        `A TON transfer for order #${p.order_id} must be refunded: ` +
          `${p.reason === "order_closed" ? "the order was canceled or expired before it arrived" : "the order was paid already"}.`,
        `Amount: ${p.amount_ton} TON`,
        `From: ${p.source ?? "unknown"}`,
        `Transaction: ${p.tx_hash}`,
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
    render: (p) => contactClient(p),
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
    render: (p) => ({
      text: [
        `Low stock at ${p.shop_name}: ${p.product_name}${p.price_text ? ` (${p.price_text})` : ""}.`,
        p.amount === 0 ? "None left on the shelf." : `${countOf(p.amount, "item")} left on the shelf (alert at ${p.threshold} or fewer).`,
      ].join("\n"),
      keyboard: null,
    }),
  },
};

export function renderNotification(kind: string, payloadJson: string, miniApp: MiniApp): RenderedNotification | null {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const payload = parsePayload(payloadJson);
  if (!payload) return null;
  const renderer = RENDERERS[kind as NotificationKind] as KindRenderer<NotificationKind>;
  if (!renderer.valid(payload)) return null;
  return renderer.render(payload as never, miniApp);
}

function parsePayload(json: string): Fields | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
  } catch {
    return null;
  }
}
