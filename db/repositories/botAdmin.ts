/**
 * What the bot reads and writes for its staff and admin side: who gets which command menu, which chats were
 * given one (kept in `settings`, so a later start can take the menu back from someone who lost the role),
 * and an admin's choice of every shop's new-order pushes.
 */
import type { Executor } from "../executor";
import { readSetting } from "./users";

export type MenuRole = "admin" | "staff";

/** The settings key of the chats that were given a staff or admin command menu: JSON `{ "<chat id>": role }`. */
const MENUS_KEY = "bot_command_menus";

/** Every admin and every staff member of a live shop who has a Telegram chat, with their role (admin wins). */
export async function selectMenuPeople(db: Executor): Promise<{ telegram_id: number; role: MenuRole }[]> {
  const admins = await db
    .selectFrom("users")
    .select("telegram_id")
    .where("is_admin", "=", 1)
    .where("telegram_id", "is not", null)
    .execute();
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

/** The chats given a menu, and the stored text they were read from (what swapGivenMenus compares with). */
export interface GivenMenus {
  menus: Record<string, MenuRole>;
  text: string | null;
}

export async function readGivenMenus(db: Executor): Promise<GivenMenus> {
  const text = await readSetting(db, MENUS_KEY);
  if (text === null) return { menus: {}, text };
  try {
    const parsed = JSON.parse(text) as unknown;
    return { menus: parsed && typeof parsed === "object" ? (parsed as Record<string, MenuRole>) : {}, text };
  } catch {
    return { menus: {}, text };
  }
}

/** Replaces the chats given a menu, whatever they were (the start's full set). */
export async function writeGivenMenus(db: Executor, menus: Record<string, MenuRole>, now: string): Promise<void> {
  const value = JSON.stringify(menus);
  await db
    .insertInto("settings")
    .values({ key: MENUS_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * Writes the chats given a menu only if they still are what `read` found: a conditional write, so two
 * /start at once never write over each other's change. False when another write came first (read again).
 */
export async function swapGivenMenus(db: Executor, read: GivenMenus, menus: Record<string, MenuRole>, now: string): Promise<boolean> {
  const value = JSON.stringify(menus);
  if (read.text === null) {
    const inserted = await db
      .insertInto("settings")
      .values({ key: MENUS_KEY, value, updated_at: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const result = await db
    .updateTable("settings")
    .set({ value, updated_at: now })
    .where("key", "=", MENUS_KEY)
    .where("value", "=", read.text)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns an admin's pushes of every shop's new orders on or off; false when the user is no admin. */
export async function setNewOrderPushes(db: Executor, userId: number, on: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ new_order_pushes: on ? 1 : 0, updated_at: now })
    .where("id", "=", userId)
    .where("is_admin", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether this admin asked for every shop's new-order pushes. */
export async function readNewOrderPushes(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("new_order_pushes").where("id", "=", userId).executeTakeFirst();
  return row?.new_order_pushes === 1;
}
