/**
 * The bot's staff and admin side, as far as it is the store's data: who a chat is (a user, an admin now),
 * which command menu each person's role gets and which chats were given one, and an admin's /notify
 * choice. The role is read from the database on every call, never remembered.
 */
import type { DB } from "../../db/connection";
import {
  readGivenMenus,
  readNewOrderPushes,
  selectMenuPeople,
  setNewOrderPushes,
  swapGivenMenus,
  writeGivenMenus,
  type MenuRole,
} from "../../db/repositories/botAdmin";
import { findUserByTelegramId, isAdmin, selectStaffRoles } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";

export type { MenuRole };

/** A chat's person as the store knows them. */
export interface ChatPerson {
  userId: number;
  isAdmin: boolean;
}

export type BotAdmin = ReturnType<typeof createBotAdmin>;

/** Tries of a conditional write of the given menus before giving up (each try reads what the other wrote). */
const MENU_WRITE_TRIES = 5;

export function createBotAdmin({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("botAdmin");
  const iso = () => new Date(clock()).toISOString();

  return {
    /** The store's user behind a Telegram chat, and whether they are an admin now; null for a stranger. */
    async person(telegramId: number): Promise<ChatPerson | null> {
      return units.read("person", async (tx) => {
        const user = await findUserByTelegramId(tx, telegramId);
        return user ? { userId: user.id, isAdmin: await isAdmin(tx, user.id) } : null;
      });
    },

    /** The user id of the chat's person when they are an admin now; null otherwise. */
    async adminOf(telegramId: number): Promise<number | null> {
      return units.read("adminOf", async (tx) => {
        const user = await findUserByTelegramId(tx, telegramId);
        return user && (await isAdmin(tx, user.id)) ? user.id : null;
      });
    },

    /** Whether the user is an admin now (a conversation half-way asks again on every step). */
    isAdmin: (userId: number): Promise<boolean> => units.read("isAdmin", (tx) => isAdmin(tx, userId)),

    /** One person's menu role now (null for a customer or a stranger), and whether their chat was given a menu. */
    async menuOf(telegramId: number): Promise<{ role: MenuRole | null; given: boolean }> {
      return units.read("menuOf", async (tx) => {
        const user = await findUserByTelegramId(tx, telegramId);
        let role: MenuRole | null = null;
        if (user && (await isAdmin(tx, user.id))) role = "admin";
        else if (user && (await selectStaffRoles(tx, user.id)).length > 0) role = "staff";
        const { menus } = await readGivenMenus(tx);
        return { role, given: String(telegramId) in menus };
      });
    },

    /**
     * The menus to set at a start: every admin's and staff member's role by chat, and the chats that were
     * given a menu and whose person lost the role (they get the default back).
     */
    async menuPlan(): Promise<{ roles: Record<string, MenuRole>; lost: string[] }> {
      return units.read("menuPlan", async (tx) => {
        const roles: Record<string, MenuRole> = {};
        for (const { telegram_id, role } of await selectMenuPeople(tx)) roles[String(telegram_id)] ??= role;
        const { menus } = await readGivenMenus(tx);
        return { roles, lost: Object.keys(menus).filter((chat) => !(chat in roles)) };
      });
    },

    /** Remembers the menus a start set: exactly these chats have one now. */
    async rememberMenus(roles: Record<string, MenuRole>): Promise<void> {
      await units.write("rememberMenus", (tx) => writeGivenMenus(tx, roles, iso()));
    },

    /** Remembers one chat's menu (null: the default), without writing over another chat's change made meanwhile. */
    async rememberMenu(telegramId: number, role: MenuRole | null): Promise<void> {
      const chat = String(telegramId);
      for (let tries = 0; tries < MENU_WRITE_TRIES; tries++) {
        const swapped = await units.write("rememberMenu", async (tx) => {
          const read = await readGivenMenus(tx);
          const menus = { ...read.menus };
          if (role) menus[chat] = role;
          else delete menus[chat];
          return swapGivenMenus(tx, read, menus, iso());
        });
        if (swapped) return;
      }
      throw new Error(`could not record the command menu of chat ${chat}: the given menus kept changing`);
    },

    /** Whether this admin asked for every shop's new-order pushes. */
    newOrderPushes: (userId: number): Promise<boolean> => units.read("newOrderPushes", (tx) => readNewOrderPushes(tx, userId)),

    /** Turns an admin's pushes of every shop's new orders on or off; false when the user is no admin (now). */
    setNewOrderPushes: (userId: number, on: boolean): Promise<boolean> =>
      units.write("setNewOrderPushes", (tx) => setNewOrderPushes(tx, userId, on, iso())),
  };
}
