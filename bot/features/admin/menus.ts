/**
 * Command menus by role. Everyone has the default menu (`setMyCommands` without a scope, bot/launch.ts);
 * admins and shop staff get their own in their private chat (`scope: { type: "chat", chat_id }`): the admin
 * commands are listed for admins only. Every menu is set in each language (English without a language_code,
 * Russian and Thai with theirs): Telegram shows the one of the client's language, and a role taken away is
 * taken away in every language. Set for everyone at each start and again when someone sends /start;
 * a chat that was given a menu and whose person lost the role gets the default menu back (the chats given
 * one are remembered by the store, server/services/botAdmin.ts).
 */
import { Composer, type Api } from "grammy";
import type { BotAdmin, MenuRole } from "../../../server/services/botAdmin";
import type { BotContext, BotLog } from "../../context";
import { menusByLanguage } from "../../texts";

async function setMenu(api: Api, chatId: number, role: MenuRole | null): Promise<void> {
  for (const { language_code, commands } of menusByLanguage(role ?? "customer")) {
    await api.setMyCommands(commands, { scope: { type: "chat", chat_id: chatId }, ...(language_code ? { language_code } : {}) });
  }
}

/** At start: every admin's and staff member's menu, and the default back for those who lost the role. */
export async function configureRoleMenus(api: Api, botAdmin: Pick<BotAdmin, "menuPlan" | "rememberMenus">, log: BotLog): Promise<void> {
  try {
    const { roles, lost } = await botAdmin.menuPlan();
    for (const [chat, role] of Object.entries(roles)) await setMenu(api, Number(chat), role);
    for (const chat of lost) await setMenu(api, Number(chat), null);
    await botAdmin.rememberMenus(roles);
  } catch (error) {
    log.warn({ err: error }, "could not set the command menus of admins and staff");
  }
}

/** One person's menu, as their role is now (called on /start). Customers nobody gave a menu cost no call. */
export async function refreshMenuOf(api: Api, botAdmin: Pick<BotAdmin, "menuOf" | "rememberMenu">, telegramId: number): Promise<void> {
  const { role, given } = await botAdmin.menuOf(telegramId);
  if (role === null && !given) return;
  await setMenu(api, telegramId, role);
  await botAdmin.rememberMenu(telegramId, role);
}

/** /start: whoever talks to the bot gets the command menu of their role (an admin made since the bot started). */
export const roleMenuOnStart = new Composer<BotContext>();

roleMenuOnStart.command("start", async (ctx, next) => {
  try {
    await refreshMenuOf(ctx.api, ctx.deps.botAdmin, ctx.sender.id);
  } catch (error) {
    ctx.deps.log.warn({ err: error }, "could not set the command menu of a chat");
  }
  await next();
});
