/**
 * The hand-over (issue 11). Frozen once shipped; it takes Kysely<any> and imports nothing of the application.
 * - The outbox remembers which Telegram message a row became, so a later row can edit it (a manager's
 *   new-order push is edited to say who took the order).
 * - Orders are listed by the manager who took them (a manager's own sales).
 * - A customer's open orders are counted at every placement (the open-orders limit).
 */
import type { Kysely } from "kysely";
import { bigIntegerType } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("tg_chat_id", bigIntegerType(db)).execute();
  await db.schema.alterTable("outbox").addColumn("tg_message_id", "integer").execute();
  await db.schema.createIndex("orders_manager").on("orders").columns(["manager_id", "status"]).execute();
  await db.schema.createIndex("orders_user_status").on("orders").columns(["user_id", "status"]).execute();
  await db.schema.createIndex("outbox_order").on("outbox").columns(["order_id", "kind"]).execute();
}
