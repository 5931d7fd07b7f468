/** Users, their sessions and one-time login codes. The caller owns the transaction. */
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, SessionsTable } from "../schema";
import { prepared, type Tx } from "../writer";

type Db = Kysely<Database> | Transaction<Database>;

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
] as const;

export function findUserById(db: Db, id: number) {
  return db.selectFrom("users").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").select(USER_COLUMNS).where("email", "=", email).executeTakeFirst();
}

export function findUserByTelegramId(db: Db, telegramId: number) {
  return db.selectFrom("users").select(USER_COLUMNS).where("telegram_id", "=", telegramId).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function reflinkTaken(db: Db, reflink: string): Promise<boolean> {
  return (await db.selectFrom("users").select("id").where("reflink", "=", reflink).executeTakeFirst()) !== undefined;
}

export async function insertUser(
  db: Db,
  values: { email?: string | null; telegram_id?: number | null; first_name?: string | null; last_name?: string | null; username?: string | null; photo_url?: string | null; reflink: string; is_admin: 0 | 1 },
): Promise<number> {
  const { id } = await db.insertInto("users").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<{ email: string; first_name: string | null; last_name: string | null; username: string | null; photo_url: string | null; is_admin: 0 | 1 }>,
  now: string,
): Promise<void> {
  await db.updateTable("users").set({ ...values, updated_at: now }).where("id", "=", id).execute();
}

export async function setAdmin(db: Db, id: number, isAdmin: boolean, now: string): Promise<void> {
  await db.updateTable("users").set({ is_admin: isAdmin ? 1 : 0, updated_at: now }).where("id", "=", id).execute();
}

// Sessions

export async function insertSession(
  db: Db,
  values: { user_id: number; token_hash: string; auth_type: "EMAIL" | "TELEGRAM"; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto("sessions").values({ ...values, last_seen_at: values.created_at }).execute();
}

export type LiveSession = Pick<Selectable<SessionsTable>, "id" | "user_id" | "auth_type" | "expires_at" | "created_at">;

/** Every authenticated request asks this: a statement prepared once (db/writer.ts), not a built query. */
export function findLiveSession(tx: Tx, tokenHash: string, now: string): LiveSession | undefined {
  return prepared(tx, "select id, user_id, auth_type, expires_at, created_at from sessions where token_hash = ? and expires_at > ?").get<LiveSession>(
    tokenHash,
    now,
  );
}

/** Ends a user's sessions beyond the newest `keep` (the oldest go first). */
export async function pruneSessions(db: Db, userId: number, keep: number): Promise<void> {
  const kept = db.selectFrom("sessions").select("id").where("user_id", "=", userId).orderBy("id", "desc").limit(keep);
  await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "not in", kept).execute();
}

export async function extendSession(db: Db, id: number, now: string, expiresAt: string): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: now, expires_at: expiresAt }).where("id", "=", id).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// One-time login codes

export async function countCodesSince(db: Db, by: { email: string } | { ip: string }, since: string): Promise<number> {
  let query = db.selectFrom("login_codes").select(sql<number>`count(*)`.as("n")).where("created_at", ">", since);
  query = "email" in by ? query.where("email", "=", by.email) : query.where("ip", "=", by.ip);
  return (await query.executeTakeFirstOrThrow()).n;
}

export async function insertLoginCode(
  db: Db,
  values: { email: string; code_hash: string; ip: string | null; created_at: string; expires_at: string },
): Promise<number> {
  const { id } = await db.insertInto("login_codes").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function deleteLoginCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom("login_codes").where("id", "=", id).execute();
}

/** The newest code sent to an address: only it can sign in. */
export function findLatestCode(db: Db, email: string) {
  return db
    .selectFrom("login_codes")
    .select(["id", "code_hash", "failed_attempts", "expires_at", "used_at"])
    .where("email", "=", email)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function recordWrongCode(db: Db, id: number): Promise<void> {
  await db.updateTable("login_codes").set({ failed_attempts: sql`failed_attempts + 1` }).where("id", "=", id).execute();
}

/** Marks a code used; false when another request used it first. */
export async function useCode(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable("login_codes").set({ used_at: now }).where("id", "=", id).where("used_at", "is", null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// What the session screen shows

export function selectStaffRoles(db: Db, userId: number) {
  return db
    .selectFrom("shop_staff")
    .innerJoin("shops", "shops.id", "shop_staff.shop_id")
    .select(["shop_staff.shop_id", "shops.name", "shop_staff.role"])
    .where("shop_staff.user_id", "=", userId)
    .where("shops.is_deleted", "=", 0)
    .orderBy("shop_staff.shop_id")
    .execute();
}

/** The bonus balance: the ledger's sum, never stored on its own. */
export async function bonusBalance(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("bonus_ledger")
    .select(sql<number>`coalesce(sum(case when type = 'income' then amount else -amount end), 0)`.as("balance"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function hasActiveOrder(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", ["P", "N", "W"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readSetting(db: Db, key: string): Promise<string | null> {
  return (await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())?.value ?? null;
}

/** Writes a setting unless it exists; returns the value that holds. */
export async function ensureSetting(db: Db, key: string, value: string): Promise<string> {
  await db.insertInto("settings").values({ key, value }).onConflict((oc) => oc.column("key").doNothing()).execute();
  return (await readSetting(db, key))!;
}
