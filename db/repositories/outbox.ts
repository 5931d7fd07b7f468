/** The notification outbox: rows written inside the transaction of the change they tell of. */
import type { Kysely, Transaction } from "kysely";
import type { OutboxMessage } from "../../server/domain/notifications";
import type { Database } from "../schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Queues a message; a second message with the same dedupe key is ignored. */
export async function enqueueNotification(db: Db, message: OutboxMessage, now: string): Promise<void> {
  await db
    .insertInto("outbox")
    .values({
      kind: message.kind,
      user_id: message.user_id,
      order_id: message.order_id,
      payload: JSON.stringify(message.payload),
      dedupe_key: message.dedupe_key,
      created_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
}
