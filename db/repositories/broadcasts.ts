/**
 * Broadcasts and their deliveries (issue 25). A delivery is claimed like an outbox row (a conditional update
 * that sets a lease, `lease_until` the claim's token; on PostgreSQL `for update skip locked`), and only a
 * claim taken at the pace: the one `broadcast_pace` row says when any worker may hand the next broadcast
 * message to Telegram, and a claim moves it on by the spacing in the same unit, the row locked meanwhile.
 */
import { PostgresAdapter, sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { BroadcastCounts, Segment } from "../../server/domain/broadcasts";
import type { Executor } from "../executor";
import type { BroadcastDeliveryStatus, BroadcastsTable, Database } from "../schema";

export type BroadcastRow = Selectable<BroadcastsTable>;

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;
const DAY_MS = 86_400_000;

/** The users a segment names, among those the bot can reach and who take promotions. */
function recipients(db: Executor, segment: Segment, now: string) {
  let query = db
    .selectFrom("users as u")
    .where("u.telegram_id", "is not", null)
    .where("u.telegram_unreachable_at", "is", null)
    .where("u.promotions_opted_out_at", "is", null)
    // Issue 26: someone who declined the bot's messages in Telegram's dialog gets no promotions either.
    .where((eb) => eb.or([eb("u.write_access", "is", null), eb("u.write_access", "!=", "refused")]));
  if (segment.locale) {
    query = query.where(sql<string>`coalesce(u.locale, u.telegram_locale, 'en')`, "=", segment.locale);
  }
  const since = (days: number) => new Date(Date.parse(now) - days * DAY_MS).toISOString();
  const orders = (eb: ExpressionBuilder<Database & { u: Database["users"] }, "u">) =>
    eb.selectFrom("orders as o").select("o.id").whereRef("o.user_id", "=", "u.id").where("o.status", "!=", "C");
  switch (segment.type) {
    case "all":
      return query;
    case "shop":
      return query.where((eb) => eb.exists(orders(eb).where("o.shop_id", "=", segment.shop_id!)));
    case "ordered_within":
      return query.where((eb) => eb.exists(orders(eb).where("o.created_at", ">=", since(segment.days!))));
    case "not_ordered_within":
      return query.where((eb) => eb.not(eb.exists(orders(eb).where("o.created_at", ">=", since(segment.days!)))));
    case "bought":
      return query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("orders as o")
            .innerJoin("order_lines as l", "l.order_id", "o.id")
            .select("o.id")
            .whereRef("o.user_id", "=", "u.id")
            .where("o.status", "=", "S")
            .where("l.product_id", "=", segment.product_id!),
        ),
      );
  }
}

export async function countRecipients(db: Executor, segment: Segment, now: string): Promise<number> {
  const row = await recipients(db, segment, now)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBroadcast(
  db: Executor,
  values: {
    text: string;
    photo_url: string | null;
    button_text: string | null;
    button_path: string | null;
    segment: Segment;
    created_by: number;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto("broadcasts")
    .values({
      text: values.text,
      photo_url: values.photo_url,
      button_text: values.button_text,
      button_path: values.button_path,
      segment: JSON.stringify(values.segment),
      created_by: values.created_by,
      created_at: values.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function getBroadcast(db: Executor, id: number): Promise<BroadcastRow | undefined> {
  return db.selectFrom("broadcasts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Moves a broadcast from one of `from` to `to`; false when it was in none of them (a conditional write). */
export async function moveBroadcast(
  db: Executor,
  id: number,
  from: readonly BroadcastRow["status"][],
  to: BroadcastRow["status"],
  extra: { started_at?: string; finished_at?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("broadcasts")
    .set({ status: to, ...extra })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** One pending delivery per recipient the segment names now; answers how many. */
export async function enqueueRecipients(db: Executor, broadcastId: number, segment: Segment, now: string): Promise<number> {
  const result = await db
    .insertInto("broadcast_deliveries")
    .columns(["broadcast_id", "user_id", "next_attempt_at"])
    .expression(
      recipients(db, segment, now)
        .select((eb) => [eb.val(broadcastId).as("broadcast_id"), "u.id", eb.val(now).as("next_attempt_at")])
        .orderBy("u.id"),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export async function addTestDelivery(db: Executor, broadcastId: number, userId: number, now: string): Promise<void> {
  await db
    .insertInto("broadcast_deliveries")
    .values({ broadcast_id: broadcastId, user_id: userId, is_test: 1, next_attempt_at: now })
    .execute();
}

/** A canceled broadcast's deliveries still to go: canceled (a row being sent finishes as it ends). */
export async function cancelPending(db: Executor, broadcastId: number): Promise<void> {
  await db
    .updateTable("broadcast_deliveries")
    .set({ status: "canceled" })
    .where("broadcast_id", "=", broadcastId)
    .where("is_test", "=", 0)
    .where("status", "=", "pending")
    .execute();
}

export async function countDeliveries(db: Executor, broadcastId: number): Promise<BroadcastCounts> {
  const rows = await db
    .selectFrom("broadcast_deliveries")
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
    .where("broadcast_id", "=", broadcastId)
    .where("is_test", "=", 0)
    .groupBy("status")
    .execute();
  const by = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Partial<Record<BroadcastDeliveryStatus, number>>;
  const sum = rows.reduce((total, row) => total + Number(row.n), 0);
  return {
    total: sum,
    sent: by.sent ?? 0,
    failed: by.failed ?? 0,
    blocked: by.blocked ?? 0,
    opted_out: by.opted_out ?? 0,
    left: (by.pending ?? 0) + (by.sending ?? 0),
  };
}

/**
 * A sending broadcast with nothing left to go is done. On PostgreSQL the broadcast's row is locked first: two
 * units settling its last two deliveries at once would each see the other's row still sending and neither
 * finish it; with the lock the second one reads after the first committed.
 */
async function finishIfDone(db: Executor, broadcastId: number, now: string): Promise<void> {
  if (isPostgres(db)) await db.selectFrom("broadcasts").select("id").where("id", "=", broadcastId).forUpdate().execute();
  await db
    .updateTable("broadcasts")
    .set({ status: "done", finished_at: now })
    .where("id", "=", broadcastId)
    .where("status", "=", "sending")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("broadcast_deliveries as d")
            .select("d.id")
            .where("d.broadcast_id", "=", broadcastId)
            .where("d.is_test", "=", 0)
            .where("d.status", "in", ["pending", "sending"]),
        ),
      ),
    )
    .execute();
}

/** A claimed delivery, with what its message needs. */
export interface ClaimedDelivery {
  id: number;
  broadcast_id: number;
  user_id: number;
  attempts: number;
  telegram_id: number;
  locale: string | null;
  telegram_locale: string | null;
  text: string;
  photo_url: string | null;
  button_text: string | null;
  button_path: string | null;
}

interface Candidate extends Omit<ClaimedDelivery, "telegram_id"> {
  is_test: number;
  telegram_id: number | null;
  telegram_unreachable_at: string | null;
  promotions_opted_out_at: string | null;
}

/**
 * The oldest due delivery of a sending broadcast (a test send of any broadcast first): pending and past its
 * next attempt, or 'sending' with a lease that ran out (its worker died), whose user was handed no other
 * broadcast message within `perChatGapMs`.
 */
async function nextCandidate(db: Executor, now: string, perChatGapMs: number): Promise<Candidate | undefined> {
  const chatFreeSince = new Date(Date.parse(now) - perChatGapMs).toISOString();
  const query = db
    .selectFrom("broadcast_deliveries as d")
    .innerJoin("broadcasts as b", "b.id", "d.broadcast_id")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select(["d.id", "d.broadcast_id", "d.user_id", "d.attempts", "d.is_test", "b.text", "b.photo_url", "b.button_text", "b.button_path"])
    .select(["u.telegram_id", "u.telegram_unreachable_at", "u.promotions_opted_out_at", "u.locale", "u.telegram_locale"])
    .where((eb) =>
      eb.or([
        eb.and([eb("d.status", "=", "pending"), eb("d.next_attempt_at", "<=", now)]),
        eb.and([eb("d.status", "=", "sending"), eb("d.lease_until", "<=", now)]),
      ]),
    )
    .where((eb) => eb.or([eb("b.status", "=", "sending"), eb("d.is_test", "=", 1)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("broadcast_deliveries as other")
            .select("other.id")
            .whereRef("other.user_id", "=", "d.user_id")
            .whereRef("other.id", "!=", "d.id")
            .where("other.claimed_at", ">", chatFreeSince),
        ),
      ),
    )
    .orderBy("d.is_test", "desc")
    .orderBy("d.id")
    .limit(1);
  return (isPostgres(db) ? query.forUpdate("d").skipLocked() : query).executeTakeFirst();
}

/** What a claim found: a delivery to send now, the moment the pace allows the next one, or nothing due. */
export type Claim = { delivery: ClaimedDelivery } | { waitUntil: string } | null;

/** Rows of blocked or opted-out users a claim settles on its way to one it sends. */
const SKIPS_PER_CLAIM = 200;

export async function claimNextDelivery(
  tx: Executor,
  now: string,
  leaseUntil: string,
  spacingMs: number,
  perChatGapMs: number,
): Promise<Claim> {
  let paceQuery = tx.selectFrom("broadcast_pace").select("next_slot_at").where("id", "=", 1);
  if (isPostgres(tx)) paceQuery = paceQuery.forUpdate();
  const pace = await paceQuery.executeTakeFirstOrThrow();
  if (pace.next_slot_at > now) return { waitUntil: pace.next_slot_at };
  for (let skipped = 0; skipped < SKIPS_PER_CLAIM; skipped++) {
    const row = await nextCandidate(tx, now, perChatGapMs);
    if (!row) return null;
    const skip: BroadcastDeliveryStatus | null =
      row.telegram_id === null || row.telegram_unreachable_at !== null
        ? "blocked"
        : row.is_test === 0 && row.promotions_opted_out_at !== null
          ? "opted_out"
          : null;
    if (skip) {
      await tx.updateTable("broadcast_deliveries").set({ status: skip, lease_until: null }).where("id", "=", row.id).execute();
      if (row.is_test === 0) await finishIfDone(tx, row.broadcast_id, now);
      continue;
    }
    await tx
      .updateTable("broadcast_deliveries")
      .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), lease_until: leaseUntil, claimed_at: now }))
      .where("id", "=", row.id)
      .execute();
    await tx
      .updateTable("broadcast_pace")
      .set({ next_slot_at: new Date(Date.parse(now) + spacingMs).toISOString() })
      .where("id", "=", 1)
      .execute();
    const { is_test: _t, telegram_unreachable_at: _u, promotions_opted_out_at: _o, ...delivery } = row;
    return { delivery: { ...delivery, telegram_id: row.telegram_id! } };
  }
  return null;
}

/** Telegram asked to wait (429): no worker hands it a broadcast message before `until`. */
export async function holdPace(db: Executor, until: string): Promise<void> {
  await db.updateTable("broadcast_pace").set({ next_slot_at: until }).where("id", "=", 1).where("next_slot_at", "<", until).execute();
}

export interface DeliveryOutcome {
  status: "pending" | "sent" | "failed" | "blocked";
  /** For a retry: when, and whether the attempt counts. */
  next_attempt_at?: string;
  uncount?: boolean;
  last_error?: string | null;
  sent_at?: string;
}

/** Records what happened to a claimed delivery; false when the claim was lost (its lease ran out and another took it). */
export async function settleDelivery(
  db: Executor,
  id: number,
  leaseUntil: string,
  outcome: DeliveryOutcome,
  now: string,
): Promise<boolean> {
  const { uncount, ...fields } = outcome;
  const result = await db
    .updateTable("broadcast_deliveries")
    .set((eb) => ({ ...fields, lease_until: null, ...(uncount ? { attempts: eb("attempts", "-", 1) } : {}) }))
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("lease_until", "=", leaseUntil)
    .returning(["broadcast_id", "is_test"])
    .executeTakeFirst();
  if (!result) return false;
  if (result.is_test === 0 && outcome.status !== "pending") await finishIfDone(db, result.broadcast_id, now);
  return true;
}

/** The users who blocked the bot: every later notice and broadcast skips them. */
export async function markUnreachableById(db: Executor, userId: number, now: string): Promise<void> {
  await db.updateTable("users").set({ telegram_unreachable_at: now }).where("id", "=", userId).execute();
}

/** 'Stop promotions' and /stop; answers whether the user exists. The first opt-out's time is kept. */
export async function optOut(db: Executor, telegramId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set((eb) => ({ promotions_opted_out_at: eb.fn.coalesce("promotions_opted_out_at", eb.val(now)) }))
    .where("telegram_id", "=", telegramId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function optIn(db: Executor, telegramId: number): Promise<void> {
  await db.updateTable("users").set({ promotions_opted_out_at: null }).where("telegram_id", "=", telegramId).execute();
}

export async function isOptedOut(db: Executor, telegramId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("promotions_opted_out_at").where("telegram_id", "=", telegramId).executeTakeFirst();
  return row?.promotions_opted_out_at != null;
}

export async function telegramIdOf(db: Executor, userId: number): Promise<number | null> {
  return (await db.selectFrom("users").select("telegram_id").where("id", "=", userId).executeTakeFirst())?.telegram_id ?? null;
}
