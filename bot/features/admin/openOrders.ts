/**
 * /orders for staff and admins: their shops' open orders (admins: every shop's), each with Take order and
 * Open, read through the hand-over service exactly as the mini-app reads them. A customer's /orders goes
 * on to the customer's own list (bot/features/orders.ts).
 */
import { Composer, InlineKeyboard } from "grammy";
import { DomainError } from "../../../server/domain/errors";
import { formatBaht } from "../../../server/domain/format";
import { formatOrderDate } from "../../../server/domain/orders";
import type { StaffOrder } from "../../../server/domain/contracts/staff";
import { callbackData } from "../../callbackData";
import type { BotContext } from "../../context";
import type { MiniApp } from "../../miniApp";
import type { Say } from "../../i18n";
import { adminTextsOf, statusLabel } from "../../texts";

export const openOrdersCommand = new Composer<BotContext>();

/** At most this many open orders in one message (Telegram's 4096 characters and 100 buttons). */
export const OPEN_ORDERS_SHOWN = 30;

/** The open orders the hand-over service shows this person (newest 100 of each status), or null when they are not staff. */
async function openOrdersOf(ctx: BotContext, userId: number): Promise<{ orders: StaffOrder[]; more: boolean } | null> {
  try {
    const [fresh, taken] = await Promise.all([
      ctx.deps.handover.listOrders(userId, { status: "N", limit: 100 }),
      ctx.deps.handover.listOrders(userId, { status: "W", limit: 100 }),
    ]);
    return { orders: [...fresh.orders, ...taken.orders], more: fresh.next_cursor !== null || taken.next_cursor !== null };
  } catch (error) {
    // Someone who staffs no shop and is no admin: not staff, /orders is the customer's own.
    if (error instanceof DomainError && error.kind === "forbidden") return null;
    throw error;
  }
}

function orderLine(say: Say, order: StaffOrder): string {
  const taker = order.status === "W" && order.manager_data ? ` (${order.manager_data.name})` : "";
  const status = `${statusLabel(say, order.status)}${taker}`;
  const hold = order.status === "N" && order.hold_until ? ` · ${adminTextsOf(say).heldUntil(order.hold_until)}` : "";
  const { locale } = say;
  const created = formatOrderDate(order.created, true, locale);
  return `#${order.id} · ${status} · ${created} · ${formatBaht(order.discounted_price, locale)}${hold}`;
}

/** By shop (by name), new before in progress, oldest first: the queue as a shop works it. */
export function openOrdersMessage(say: Say, orders: readonly StaffOrder[], miniApp: MiniApp, isAdmin: boolean, more = false) {
  const adminTexts = adminTextsOf(say);
  const keyboard = new InlineKeyboard();
  const myOwnOrders = callbackData({ type: "orders:list" });
  if (orders.length === 0) {
    const text = isAdmin ? adminTexts.noOpenOrdersAdmin : adminTexts.noOpenOrders;
    return { text, reply_markup: keyboard.text(adminTexts.myOwnOrders, myOwnOrders) };
  }
  const sorted = [...orders].sort(
    (a, b) =>
      a.store.name.localeCompare(b.store.name) ||
      a.store.id - b.store.id ||
      (a.status === b.status ? 0 : a.status === "N" ? -1 : 1) ||
      a.id - b.id,
  );
  const shown = sorted.slice(0, OPEN_ORDERS_SHOWN);
  const lines: string[] = [adminTexts.openOrdersTitle];
  let shop: number | null = null;
  for (const order of shown) {
    if (order.store.id !== shop) {
      shop = order.store.id;
      lines.push("", order.store.name);
    }
    lines.push(orderLine(say, order));
    if (order.status === "N") {
      keyboard.text(say("button.takeOrderShort", { id: order.id }), callbackData({ type: "staff:take", orderId: order.id }));
    }
    miniApp.addButton(keyboard, say("button.openShort", { id: order.id }), miniApp.manage(order.id)).row();
  }
  if (sorted.length > shown.length || more) lines.push("", adminTexts.moreOrders(sorted.length - shown.length, more));
  keyboard.text(adminTexts.myOwnOrders, myOwnOrders);
  return { text: lines.join("\n"), reply_markup: keyboard };
}

openOrdersCommand.command("orders", async (ctx, next) => {
  const person = await ctx.deps.botAdmin.person(ctx.sender.id);
  if (!person) return next();
  const open = await openOrdersOf(ctx, person.userId);
  if (open === null) return next();
  const { text, reply_markup } = openOrdersMessage(ctx.say, open.orders, ctx.deps.miniApp, person.isAdmin, open.more);
  await ctx.reply(text, { reply_markup });
});
