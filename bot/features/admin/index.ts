/**
 * Staff and admins in the chat: /orders (staff: their shops' open orders with Take order and Open; admins:
 * every shop's), /stats, /lowstock, /addstock (a guided conversation, ./addStock.ts), /cancel and /notify
 * (every shop's new-order pushes for this admin, or only their own shops').
 *
 * The role is read from the database on every update, never remembered: someone who is not an admin
 * sending an admin command gets exactly what any unknown command gets (the update goes on to the
 * fallback), and /orders from a customer goes on to the customer's own /orders. Every answer goes through
 * the same use cases as the mini-app (the hand-over service, the back office's stats and stock).
 */
import { Composer, InlineKeyboard } from "grammy";
import { readNewOrderPushes, setNewOrderPushes } from "../../../db/repositories/botAdmin";
import { findUserByTelegramId } from "../../../db/repositories/users";
import { DomainError } from "../../../server/domain/errors";
import { formatAmount, formatBaht, formatIslandTime } from "../../../server/domain/format";
import { islandDate } from "../../../server/domain/stats";
import { formatOrderDate, STATUS_LABELS } from "../../../server/domain/orders";
import type { StaffOrder } from "../../../server/domain/contracts/staff";
import { callbackData } from "../../callbackData";
import type { BotContext } from "../../context";
import { OPEN, TAKE_ORDER } from "../../keyboards/staff";
import type { MiniApp } from "../../miniApp";
import { adminTexts } from "../../texts";
import { ADD_STOCK, STOCK_CALLBACK_PREFIX } from "./addStock";
import { refreshMenuOf } from "./menus";
import type { LowStockRow, StatsReport } from "./ports";

export const staffAdmin = new Composer<BotContext>();

/** The sender as a user of the store when they are an admin now; null otherwise. */
async function adminNow(ctx: BotContext) {
  const user = await findUserByTelegramId(ctx.deps.db, ctx.sender.id);
  return user?.is_admin === 1 ? user : null;
}

// /start: whoever talks to the bot gets the command menu of their role (an admin made since the bot started).
staffAdmin.command("start", async (ctx, next) => {
  try {
    await refreshMenuOf(ctx.api, ctx.deps.db, ctx.sender.id, ctx.deps.clock);
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "could not set the command menu of a chat");
  }
  await next();
});

// ---- /orders for staff -------------------------------------------------------------------------------

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

function orderLine(order: StaffOrder): string {
  const status = order.status === "W" && order.manager_data ? `${STATUS_LABELS.W} (${order.manager_data.name})` : STATUS_LABELS[order.status];
  const hold = order.status === "N" && order.hold_until ? ` · held until ${formatIslandTime(order.hold_until)}` : "";
  return `#${order.id} · ${status} · ${formatOrderDate(order.created)} · ${formatBaht(order.discounted_price)}${hold}`;
}

/** By shop (by name), new before in progress, oldest first: the queue as a shop works it. */
export function openOrdersMessage(orders: readonly StaffOrder[], miniApp: MiniApp, isAdmin: boolean, more = false) {
  const keyboard = new InlineKeyboard();
  if (orders.length === 0) {
    return { text: isAdmin ? adminTexts.noOpenOrdersAdmin : adminTexts.noOpenOrders, reply_markup: keyboard.text(adminTexts.myOwnOrders, callbackData({ type: "orders:list" })) };
  }
  const sorted = [...orders].sort(
    (a, b) => a.store.name.localeCompare(b.store.name) || a.store.id - b.store.id || (a.status === b.status ? 0 : a.status === "N" ? -1 : 1) || a.id - b.id,
  );
  const shown = sorted.slice(0, OPEN_ORDERS_SHOWN);
  const lines: string[] = [adminTexts.openOrdersTitle];
  let shop: number | null = null;
  for (const order of shown) {
    if (order.store.id !== shop) {
      shop = order.store.id;
      lines.push("", order.store.name);
    }
    lines.push(orderLine(order));
    if (order.status === "N") keyboard.text(`${TAKE_ORDER} #${order.id}`, callbackData({ type: "staff:take", orderId: order.id }));
    miniApp.addButton(keyboard, `${OPEN} #${order.id}`, miniApp.manage(order.id)).row();
  }
  if (sorted.length > shown.length || more) lines.push("", adminTexts.moreOrders(sorted.length - shown.length, more));
  keyboard.text(adminTexts.myOwnOrders, callbackData({ type: "orders:list" }));
  return { text: lines.join("\n"), reply_markup: keyboard };
}

staffAdmin.command("orders", async (ctx, next) => {
  const user = await findUserByTelegramId(ctx.deps.db, ctx.sender.id);
  if (!user) return next();
  const open = await openOrdersOf(ctx, user.id);
  if (open === null) return next();
  const { text, reply_markup } = openOrdersMessage(open.orders, ctx.deps.miniApp, user.is_admin === 1, open.more);
  await ctx.reply(text, { reply_markup });
});

// ---- /stats ------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** 23.11.2026, as the bot writes dates. */
function shownDate(isoDate: string): string {
  return formatOrderDate(`${isoDate}T00:00:00.000Z`, false);
}

/** The three best sellers by money taken. */
export const TOP_PRODUCTS = 3;

function statsBlock(title: string, report: StatsReport): string[] {
  const { totals } = report;
  if (totals.orders === 0) return [title, adminTexts.statsNone];
  // The service lists the products by money taken, highest first.
  const top = report.products.slice(0, TOP_PRODUCTS);
  return [
    title,
    adminTexts.statsOrders(totals.orders),
    adminTexts.statsSales(totals.total_sales_discounted_price),
    adminTexts.statsMargin(totals.total_sales_discounted_price - totals.total_sales_cost_price),
    adminTexts.statsTop,
    ...top.map((p, i) => `${i + 1}. ${p.product}: ${formatAmount(p.total_amount)} sold, ${formatBaht(p.discounted_price_sum)}`),
  ];
}

export function statsMessage(now: number, today: StatsReport, week: StatsReport): string {
  const to = islandDate(now);
  const from = islandDate(now - 6 * DAY_MS);
  return [
    ...statsBlock(adminTexts.statsToday(shownDate(to)), today),
    "",
    ...statsBlock(adminTexts.statsWeek(shownDate(from), shownDate(to)), week),
    "",
    adminTexts.statsFooter,
  ].join("\n");
}

staffAdmin.command("stats", async (ctx, next) => {
  const admin = ctx.deps.admin;
  if (!admin || !(await adminNow(ctx))) return next();
  const now = ctx.deps.clock();
  const to = islandDate(now);
  const [today, week] = await Promise.all([admin.stats({ from: to, to }), admin.stats({ from: islandDate(now - 6 * DAY_MS), to })]);
  await ctx.reply(statsMessage(now, today, week));
});

// ---- /lowstock ---------------------------------------------------------------------------------------

/** At most this many rows in one message. */
export const LOW_STOCK_SHOWN = 60;

export function lowStockMessage(rows: readonly LowStockRow[]): string {
  if (rows.length === 0) return adminTexts.lowStockNone;
  const sorted = [...rows].sort((a, b) => a.shop_name.localeCompare(b.shop_name) || a.shop_id - b.shop_id || a.amount - b.amount || a.product_name.localeCompare(b.product_name));
  const shown = sorted.slice(0, LOW_STOCK_SHOWN);
  const lines = [adminTexts.lowStockTitle(rows.length)];
  let shop: number | null = null;
  for (const row of shown) {
    if (row.shop_id !== shop) {
      shop = row.shop_id;
      lines.push("", row.shop_name);
    }
    lines.push(`${row.product_name}${row.price_text ? ` (${row.price_text})` : ""}: ${formatAmount(row.amount)} left`);
  }
  if (sorted.length > shown.length) lines.push("", `…and ${sorted.length - shown.length} more.`);
  return lines.join("\n");
}

staffAdmin.command("lowstock", async (ctx, next) => {
  const admin = ctx.deps.admin;
  if (!admin || !(await adminNow(ctx))) return next();
  await ctx.reply(lowStockMessage(await admin.lowStock()));
});

// ---- /addstock ---------------------------------------------------------------------------------------

staffAdmin.command("addstock", async (ctx, next) => {
  if (!ctx.deps.admin) return next();
  const user = await adminNow(ctx);
  if (!user) return next();
  await ctx.conversation.enter(ADD_STOCK, user.id);
});

// ---- /notify: every shop's new-order pushes for this admin ----------------------------------------------

staffAdmin.command("notify", async (ctx, next) => {
  const user = await adminNow(ctx);
  if (!user) return next();
  const word = ctx.match.trim().toLowerCase();
  if (word === "") {
    await ctx.reply(adminTexts.notifyState(await readNewOrderPushes(ctx.deps.db, user.id)));
    return;
  }
  if (word !== "on" && word !== "off") {
    await ctx.reply(adminTexts.notifyUsage);
    return;
  }
  // The update names the admin again: someone demoted meanwhile changes nothing.
  const changed = await setNewOrderPushes(ctx.deps.db, user.id, word === "on", new Date(ctx.deps.clock()).toISOString());
  if (!changed) return next();
  await ctx.reply(word === "on" ? adminTexts.notifyOn : adminTexts.notifyOff);
});

// /cancel with no conversation under way (a conversation takes its own /cancel first).
staffAdmin.command("cancel", async (ctx, next) => {
  if (!(await adminNow(ctx))) return next();
  await ctx.reply(adminTexts.nothingToCancel);
});

// A button of a conversation that is over (finished, canceled, or timed out): nothing happens.
staffAdmin.callbackQuery(new RegExp(`^${STOCK_CALLBACK_PREFIX}`), async (ctx) => {
  await ctx.answerCallbackQuery({ text: adminTexts.staleConversation });
});
