/** Users, their sessions and one-time login codes. The caller owns the transaction. */
import { sql, type Selectable } from "kysely";
import { prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";
import { announceSessionEnded } from "../live";
import type { SessionsTable } from "../schema";

const USER_COLUMNS = [
  "id",
  "telegram_id",
  "email",
  "first_name",
  "last_name",
  "username",
  "photo_url",
  "is_admin",
  "reflink",
  "locale",
  "telegram_locale",
  "write_access",
  "telegram_unreachable_at",
] as const;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom("users").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom("users").select(USER_COLUMNS).where("email", "=", email).executeTakeFirst();
}

export function findUserByTelegramId(db: Executor, telegramId: number) {
  return db.selectFrom("users").select(USER_COLUMNS).where("telegram_id", "=", telegramId).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function reflinkTaken(db: Executor, reflink: string): Promise<boolean> {
  return (await db.selectFrom("users").select("id").where("reflink", "=", reflink).executeTakeFirst()) !== undefined;
}

export async function insertUser(
  db: Executor,
  values: {
    email?: string | null;
    telegram_id?: number | null;
    first_name?: string | null;
    last_name?: string | null;
    username?: string | null;
    photo_url?: string | null;
    reflink: string;
    is_admin: 0 | 1;
  },
): Promise<number> {
  const { id } = await db.insertInto("users").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

/**
 * Inserts the user of a Telegram profile unless their Telegram id is known already: the unique key decides
 * between sign-ins of one new user arriving together. The new id; undefined when the user exists.
 */
export async function insertTelegramUser(
  db: Executor,
  values: {
    telegram_id: number;
    first_name: string | null;
    last_name: string | null;
    username: string | null;
    photo_url: string | null;
    reflink: string;
    is_admin: 0 | 1;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto("users")
    .values(values)
    .onConflict((oc) => oc.column("telegram_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<{
    email: string;
    first_name: string | null;
    last_name: string | null;
    username: string | null;
    photo_url: string | null;
    is_admin: 0 | 1;
    locale: string | null;
    telegram_locale: string | null;
  }>,
  now: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function setAdmin(db: Executor, id: number, isAdmin: boolean, now: string): Promise<void> {
  await db.updateTable("users").set({ is_admin: isAdmin ? 1 : 0, updated_at: now }).where("id", "=", id).execute();
}

/** Whether the user is an admin now: the one way the store asks it (false for an unknown user). */
export async function isAdmin(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("id", "=", userId).where("is_admin", "=", 1).executeTakeFirst();
  return row !== undefined;
}

// Sessions

export async function insertSession(
  db: Executor,
  values: { user_id: number; token_hash: string; auth_type: "EMAIL" | "TELEGRAM"; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto("sessions").values({ ...values, last_seen_at: values.created_at }).execute();
}

export type LiveSession = Pick<Selectable<SessionsTable>, "id" | "user_id" | "auth_type" | "expires_at" | "created_at"> & {
  /** The user's chosen language, and Telegram's: every answer to the request speaks the one in effect. */
  locale: string | null;
  telegram_locale: string | null;
};

/** Every authenticated request asks this: one indexed lookup (its statement stays prepared, db/sqlite/). */
const liveSession = prepareQuery<{ tokenHash: string; now: string }, LiveSession>((v, _n, db) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.auth_type",
      "sessions.expires_at",
      "sessions.created_at",
      "users.locale",
      "users.telegram_locale",
    ])
    .where("sessions.token_hash", "=", v.tokenHash)
    .where("sessions.expires_at", ">", v.now),
);

export async function findLiveSession(db: Executor, tokenHash: string, now: string): Promise<LiveSession | undefined> {
  const { rows } = await liveSession.execute(db, { tokenHash, now });
  return rows[0];
}

/** Ends a user's sessions beyond the newest `keep` (the oldest go first); their live streams close (db/live.ts). */
export async function pruneSessions(db: Executor, userId: number, keep: number): Promise<void> {
  const kept = db.selectFrom("sessions").select("id").where("user_id", "=", userId).orderBy("id", "desc").limit(keep);
  const ended = await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "not in", kept).returning("id").execute();
  for (const { id } of ended) announceSessionEnded(db, id);
}

/** Slides a session's expiry forward; a request that computed an earlier expiry never moves it back. */
export async function extendSession(db: Executor, id: number, now: string, expiresAt: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where("id", "=", id)
    .where("expires_at", "<", expiresAt)
    .execute();
}

/** Ends the session of a token (sign-out); its live streams close on every instance (db/live.ts). */
export async function deleteSession(db: Executor, tokenHash: string): Promise<boolean> {
  const ended = await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).returning("id").execute();
  for (const { id } of ended) announceSessionEnded(db, id);
  return ended.length > 0;
}

/** When a session ends now (its sliding expiry), or undefined once it is gone. */
export async function selectSessionExpiry(db: Executor, id: number): Promise<string | undefined> {
  const row = await db.selectFrom("sessions").select("expires_at").where("id", "=", id).executeTakeFirst();
  return row?.expires_at;
}

// One-time login codes

/**
 * Stores a code unless the address was sent `max` codes since `since`: the count and the insert are one
 * statement, so the database counts requests that arrive together. The code's id; null when over the limit.
 */
export async function insertLoginCodeWithinLimit(
  db: Executor,
  values: { email: string; code_hash: string; ip: string | null; created_at: string; expires_at: string },
  limit: { max: number; since: string },
): Promise<number | null> {
  const row = await db
    .insertInto("login_codes")
    .columns(["email", "code_hash", "ip", "created_at", "expires_at"])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(values.email).as("email"),
          eb.val(values.code_hash).as("code_hash"),
          eb.val(values.ip).as("ip"),
          eb.val(values.created_at).as("created_at"),
          eb.val(values.expires_at).as("expires_at"),
        ])
        .where((eb) =>
          eb(
            eb
              .selectFrom("login_codes")
              .select(eb.fn.countAll().as("n"))
              .where("email", "=", values.email)
              .where("created_at", ">", limit.since),
            "<",
            limit.max,
          ),
        ),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function deleteLoginCode(db: Executor, id: number): Promise<void> {
  await db.deleteFrom("login_codes").where("id", "=", id).execute();
}

/** The newest code sent to an address: only it can sign in. */
export function findLatestCode(db: Executor, email: string) {
  return db
    .selectFrom("login_codes")
    .select(["id", "code_hash", "failed_attempts", "expires_at", "used_at"])
    .where("email", "=", email)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes one try of a code that is still good (unused, unexpired, tries left), counted as a wrong one until
 * useCode says otherwise. A conditional write: of requests arriving together, no more than `maxTries` get a
 * try. False when the code has none left.
 */
export async function takeCodeTry(db: Executor, id: number, now: string, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable("login_codes")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where("failed_attempts", "<", maxTries)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a code used, giving back the try takeCodeTry counted; false when another request used it first. */
export async function useCode(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("login_codes")
    .set((eb) => ({ used_at: now, failed_attempts: eb("failed_attempts", "-", 1) }))
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// What the session screen shows

export function selectStaffRoles(db: Executor, userId: number) {
  return db
    .selectFrom("shop_staff")
    .innerJoin("shops", "shops.id", "shop_staff.shop_id")
    .select(["shop_staff.shop_id", "shops.name", "shop_staff.role"])
    .where("shop_staff.user_id", "=", userId)
    .where("shops.is_deleted", "=", 0)
    .orderBy("shop_staff.shop_id")
    .execute();
}

export async function hasActiveOrder(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", ["P", "N", "W"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readSetting(db: Executor, key: string): Promise<string | null> {
  return (await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())?.value ?? null;
}

/** Writes a setting unless it exists; returns the value that holds. */
export async function ensureSetting(db: Executor, key: string, value: string): Promise<string> {
  await db.insertInto("settings").values({ key, value }).onConflict((oc) => oc.column("key").doNothing()).execute();
  return (await readSetting(db, key))!;
}

/**
 * The sessions of these token hashes that are live at `now` (PostgreSQL: the lookups of requests that arrived
 * together, in one statement; `statementTogether`, db/unitOfWork.ts), each with its token hash.
 */
export async function findLiveSessionsTogether(
  db: Executor,
  tokenHashes: readonly string[],
  now: string,
): Promise<(LiveSession & { token_hash: string })[]> {
  const { rows } = await sql<LiveSession & { token_hash: string }>`
    select s.id, s.user_id, s.auth_type, s.expires_at, s.created_at, u.locale, u.telegram_locale, s.token_hash
      from sessions s join users u on u.id = s.user_id
     where s.token_hash = any(${[...tokenHashes]}::text[]) and s.expires_at > ${now}`.execute(db);
  return rows;
}
