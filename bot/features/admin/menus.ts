/**
 * Command menus by role. Everyone has the default menu (`setMyCommands` without a scope, bot/launch.ts);
 * admins and shop staff get their own in their private chat (`scope: { type: "chat", chat_id }`): the admin
 * commands are listed for admins only. Set for everyone at each start and again when someone sends /start;
 * a chat that was given a menu and whose person lost the role gets the default menu back (the chats given
 * one are remembered in `settings`).
 */
import type { Api } from "grammy";
import { readGivenMenus, selectMenuPeople, selectMenuRole, writeGivenMenus, type MenuRole } from "../../../db/repositories/botAdmin";
import type { DB } from "../../../db/connection";
import type { BotLog } from "../../context";
import { ADMIN_COMMANDS, COMMANDS, STAFF_COMMANDS } from "../../texts";

const MENUS = { admin: ADMIN_COMMANDS, staff: STAFF_COMMANDS } as const;

function setMenu(api: Api, chatId: number, role: MenuRole | null) {
  return api.setMyCommands(role ? MENUS[role] : COMMANDS, { scope: { type: "chat", chat_id: chatId } });
}

/** At start: every admin's and staff member's menu, and the default back for those who lost the role. */
export async function configureRoleMenus(api: Api, db: DB, log: BotLog, clock: () => number): Promise<void> {
  try {
    const people = await selectMenuPeople(db);
    const given = await readGivenMenus(db);
    const now: Record<string, MenuRole> = {};
    for (const { telegram_id, role } of people) now[String(telegram_id)] ??= role;
    for (const [chat, role] of Object.entries(now)) await setMenu(api, Number(chat), role);
    for (const chat of Object.keys(given)) if (!(chat in now)) await setMenu(api, Number(chat), null);
    await writeGivenMenus(db, now, new Date(clock()).toISOString());
  } catch (error) {
    log.warn({ err: error }, "could not set the command menus of admins and staff");
  }
}

/** One person's menu, as their role is now (called on /start). Customers nobody gave a menu cost no call. */
export async function refreshMenuOf(api: Api, db: DB, telegramId: number, clock: () => number): Promise<void> {
  const role = await selectMenuRole(db, telegramId);
  const given = await readGivenMenus(db);
  const chat = String(telegramId);
  if (role === null && !(chat in given)) return;
  await setMenu(api, telegramId, role);
  if (role) given[chat] = role;
  else delete given[chat];
  await writeGivenMenus(db, given, new Date(clock()).toISOString());
}
