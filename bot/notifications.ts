/**
 * Renders an outbox row (server/domain/notifications.ts) into the message the customer gets. Payloads
 * were written by another process, maybe by an older version: anything malformed renders to null and
 * the worker marks the row failed instead of sending half a message.
 */
import type { InlineKeyboard } from "grammy";
import { countOf, formatBaht, formatIslandTime } from "../server/domain/format";
import { HOLD_REMINDER_BEFORE_MS, NOTIFICATION_KINDS, type NotificationKind, type OrderNotificationPayload } from "../server/domain/notifications";
import { notificationKeyboard } from "./keyboards/store";
import type { MiniApp } from "./miniApp";

export interface RenderedNotification {
  text: string;
  keyboard: InlineKeyboard;
}

const TEXTS: Record<NotificationKind, (p: OrderNotificationPayload) => string[]> = {
  order_placed: (p) => [
    `Your order #${p.order_id} is placed.`,
    shopLine(p),
    `${countOf(p.item_count, "item")} · total ${formatBaht(p.total)}`,
    ...(p.hold_until ? [`Please pick it up before ${formatIslandTime(p.hold_until)}.`] : []),
  ],
  order_canceled: (p) => [`Your order #${p.order_id} is canceled.`, shopLine(p), `${countOf(p.item_count, "item")} · total ${formatBaht(p.total)}`],
  order_expired: (p) => [
    `The hold on your order #${p.order_id} has ended, the items went back on the shelf.`,
    shopLine(p),
    "You are welcome to order again in the store.",
  ],
  hold_reminder: (p) => [
    `${HOLD_REMINDER_BEFORE_MS / 60_000} minutes left to pick up your order #${p.order_id}.`,
    shopLine(p),
    ...(p.hold_until ? [`It is held for you until ${formatIslandTime(p.hold_until)}.`] : []),
  ],
};

function shopLine(p: OrderNotificationPayload): string {
  return p.shop_address ? `Shop: ${p.shop_name}, ${p.shop_address}` : `Shop: ${p.shop_name}`;
}

export function renderNotification(kind: string, payloadJson: string, miniApp: MiniApp): RenderedNotification | null {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const payload = parsePayload(payloadJson);
  if (!payload) return null;
  return {
    text: TEXTS[kind as NotificationKind](payload).join("\n"),
    keyboard: notificationKeyboard(miniApp, payload.order_id),
  };
}

function parsePayload(json: string): OrderNotificationPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const p = value as Record<string, unknown>;
  const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  const valid =
    Number.isSafeInteger(p.order_id) &&
    (p.order_id as number) > 0 &&
    typeof p.shop_name === "string" &&
    typeof p.shop_address === "string" &&
    isCount(p.total) &&
    isCount(p.item_count) &&
    (p.hold_until === null || (typeof p.hold_until === "string" && !Number.isNaN(Date.parse(p.hold_until))));
  return valid ? (p as unknown as OrderNotificationPayload) : null;
}
