/**
 * Who is an admin: granted or revoked by the admin CLI (scripts/admin.ts), and bootstrapped at sign-in for
 * the addresses in ADMIN_EMAILS and the Telegram ids in ADMIN_TELEGRAM_IDS (a sign-in grants, never revokes).
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { findUserByEmail, findUserByTelegramId, setAdmin, type UserRow } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { Config } from "../config";
import { normaliseEmail } from "../domain/auth";
import { NotFoundError } from "../domain/errors";

export type AdminGrantsConfig = Pick<Config, "adminEmails" | "adminTelegramIds">;

export interface AdminGrantsDeps {
  db: DB;
  config: AdminGrantsConfig;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

export type AdminGrants = ReturnType<typeof createAdminGrants>;

/** How the admin CLI names a person. */
export type AdminCliWho = { email: string } | { telegramId: number };

export function createAdminGrants({ db, config, clock }: AdminGrantsDeps) {
  const bootstraps = (user: { email: string | null; telegram_id: number | null }) =>
    (user.email !== null && config.adminEmails.includes(user.email)) ||
    (user.telegram_id !== null && config.adminTelegramIds.includes(user.telegram_id));

  const userOf = (tx: Executor, who: AdminCliWho) =>
    "email" in who ? findUserByEmail(tx, normaliseEmail(who.email)) : findUserByTelegramId(tx, who.telegramId);

  return {
    /** Whether config makes this person an admin at sign-in (by e-mail or Telegram id). */
    bootstraps,

    /** Inside a sign-in's unit: makes an existing user admin if config says so and they are not yet. */
    async bootstrapAt(tx: Executor, user: Pick<UserRow, "id" | "email" | "telegram_id" | "is_admin">, now: string): Promise<void> {
      if (user.is_admin === 0 && bootstraps(user)) await setAdmin(tx, user.id, true, now);
    },

    /** For the admin CLI: grants or revokes admin by e-mail or Telegram id. */
    async setAdmin(who: AdminCliWho, isAdmin: boolean): Promise<UserRow> {
      return unitOfWorkOf(db).named("adminGrants").write("setAdmin", async (tx) => {
        const user = await userOf(tx, who);
        if (!user) throw new NotFoundError("User", "No user with that e-mail or Telegram id has signed in yet");
        await setAdmin(tx, user.id, isAdmin, new Date(clock()).toISOString());
        return { ...user, is_admin: isAdmin ? 1 : 0 };
      });
    },

    /** For the admin CLI: the user with that e-mail or Telegram id, who signed in at least once. */
    user: (who: AdminCliWho): Promise<UserRow | undefined> => unitOfWorkOf(db).named("adminGrants").read("user", (tx) => userOf(tx, who)),
  };
}
