/**
 * What the bot reads for its staff and admin side: who gets which command menu, and which chats were
 * given one (kept in `settings`, so a later start can take the menu back from someone who lost the role).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";
import { findUserByTelegramId, readSetting, selectStaffRoles } from "./users";

type Db = Kysely<Database> | Transaction<Database>;

export type MenuRole = "admin" | "staff";

/** The settings key of the chats that were given a staff or admin command menu: JSON `{ "<chat id>": role }`. */
const MENUS_KEY = "bot_command_menus";

/** Every admin and every staff member of a live shop who has a Telegram chat, with their role (admin wins). */
export async function selectMenuPeople(db: Db): Promise<{ telegram_id: number; role: MenuRole }[]> {
  const admins = await db.selectFrom("users").select("telegram_id").where("is_admin", "=", 1).where("telegram_id", "is not", null).execute();
  const staff = await db
    .selectFrom("shop_staff")
    .innerJoin("users", "users.id", "shop_staff.user_id")
    .innerJoin("shops", "shops.id", "shop_staff.shop_id")
    .select("users.telegram_id")
    .distinct()
    .where("users.telegram_id", "is not", null)
    .where("users.is_admin", "=", 0)
    .where("shops.is_deleted", "=", 0)
    .execute();
  return [
    ...admins.map((a) => ({ telegram_id: a.telegram_id!, role: "admin" as const })),
    ...staff.map((s) => ({ telegram_id: s.telegram_id!, role: "staff" as const })),
  ];
}

/** One person's menu role now: null for a customer (or someone unknown to the store). */
export async function selectMenuRole(db: Db, telegramId: number): Promise<MenuRole | null> {
  const user = await findUserByTelegramId(db, telegramId);
  if (!user) return null;
  if (user.is_admin === 1) return "admin";
  return (await selectStaffRoles(db, user.id)).length > 0 ? "staff" : null;
}

export async function readGivenMenus(db: Db): Promise<Record<string, MenuRole>> {
  const value = await readSetting(db, MENUS_KEY);
  if (value === null) return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, MenuRole>) : {};
  } catch {
    return {};
  }
}

export async function writeGivenMenus(db: Db, menus: Record<string, MenuRole>, now: string): Promise<void> {
  const value = JSON.stringify(menus);
  await db
    .insertInto("settings")
    .values({ key: MENUS_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** Turns an admin's pushes of every shop's new orders on or off; false when the user is no admin. */
export async function setNewOrderPushes(db: Db, userId: number, on: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ new_order_pushes: on ? 1 : 0, updated_at: now })
    .where("id", "=", userId)
    .where("is_admin", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether this admin asked for every shop's new-order pushes. */
export async function readNewOrderPushes(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("new_order_pushes").where("id", "=", userId).executeTakeFirst();
  return row?.new_order_pushes === 1;
}
