/**
 * Broadcasts (issue 25): an admin's promotional message and its deliveries, one row per recipient.
 * Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 *
 * - `broadcasts`: the message (text, an optional picture by its https link, an optional 'Open Store' button
 *   with its path in the mini-app), the segment as JSON, its status (draft, sending, paused, canceled, done), who made it and when.
 * - `broadcast_deliveries`: one per recipient, made when the broadcast is sent (the segment read then), and
 *   one per test send (`is_test` 1, to the admin). A worker claims a row with a lease (`lease_until`), as the
 *   outbox's rows are claimed; `claimed_at` is when it was last handed to a sender (the 1-a-second-per-chat
 *   rule reads it). Status: pending, sending, sent, failed, blocked, opted_out, canceled. A user gets at most
 *   one real delivery per broadcast (a unique index over the rows that are not tests).
 * - `broadcast_pace`: one row, the next moment any worker may hand a broadcast message to Telegram: the
 *   25-a-second limit across every worker, kept in the database (the row is locked while a worker claims).
 */
import { sql, type Kysely } from "kysely";
import { idColumn, nowDefault } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("broadcasts")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("photo_url", "text")
    .addColumn("button_text", "text")
    .addColumn("button_path", "text")
    .addColumn("segment", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowDefault(db)))
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .execute();

  await db.schema
    .createTable("broadcast_deliveries")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("broadcast_id", "integer", (c) => c.notNull().references("broadcasts.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("claimed_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("broadcast_deliveries_one_per_user")
    .on("broadcast_deliveries")
    .columns(["broadcast_id", "user_id"])
    .unique()
    .where(sql.ref("is_test"), "=", 0)
    .execute();
  await db.schema.createIndex("broadcast_deliveries_due").on("broadcast_deliveries").columns(["status", "next_attempt_at", "id"]).execute();
  await db.schema.createIndex("broadcast_deliveries_user_claimed").on("broadcast_deliveries").columns(["user_id", "claimed_at"]).execute();
  await db.schema
    .createIndex("broadcast_deliveries_broadcast_status")
    .on("broadcast_deliveries")
    .columns(["broadcast_id", "status"])
    .execute();

  await db.schema
    .createTable("broadcast_pace")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("next_slot_at", "text", (c) => c.notNull())
    .execute();
  await db.insertInto("broadcast_pace").values({ id: 1, next_slot_at: "1970-01-01T00:00:00.000Z" }).execute();
}
