/** The notification outbox: rows written inside the unit of work of the change they tell of. */
import type { OutboxMessage } from "../../server/domain/notifications";
import { prepared, type Tx } from "../writer";

/** Queues a message; a second message with the same dedupe key is ignored. */
export function enqueueNotification(tx: Tx, message: OutboxMessage, now: string): void {
  prepared(
    tx,
    `insert into outbox (kind, user_id, order_id, payload, dedupe_key, created_at, next_attempt_at) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (dedupe_key) do nothing`,
  ).run(message.kind, message.user_id, message.order_id, JSON.stringify(message.payload), message.dedupe_key, now, now);
}
