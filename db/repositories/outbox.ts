/** The notification outbox: rows written inside the unit of work of the change they tell of. */
import type { OutboxMessage } from "../../server/domain/notifications";
import type { Executor } from "../executor";

/** Queues a message; a second message with the same dedupe key is ignored (the unique key decides). */
export async function enqueueNotification(tx: Executor, message: OutboxMessage, now: string): Promise<void> {
  await tx
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
