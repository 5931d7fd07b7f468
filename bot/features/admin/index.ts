/**
 * Staff and admins in the chat, one Composer per command, installed in this fixed order: the role's
 * command menu on /start (./menus.ts), /orders for staff (./openOrders.ts), /stats, /lowstock, /addstock
 * (a guided conversation, ./addStock.ts), /notify and /cancel.
 *
 * The role is read from the database on every update, never remembered: someone who is not an admin
 * sending an admin command gets exactly what any unknown command gets (the update goes on to the
 * fallback), and /orders from a customer goes on to the customer's own /orders. Every answer goes through
 * the same use cases as the mini-app (the hand-over service, the back office's stats and stock).
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context";
import { addStockCommand } from "./addStock";
import { cancelCommand } from "./cancel";
import { lowStockCommand } from "./lowStock";
import { roleMenuOnStart } from "./menus";
import { notifyCommand } from "./notify";
import { openOrdersCommand } from "./openOrders";
import { statsCommand } from "./stats";

export const staffAdmin = new Composer<BotContext>();

staffAdmin.use(roleMenuOnStart, openOrdersCommand, statsCommand, lowStockCommand, addStockCommand, notifyCommand, cancelCommand);
