/**
 * The notification outbox: rows written inside the unit of work of the change they tell of. A `sql`
 * template, like the other statements of a placement (db/repositories/orders.ts says why).
 */
import { sql } from "kysely";
import type { OutboxMessage } from "../../server/domain/notifications";
import type { Executor } from "../executor";

/** Queues a message; a second message with the same dedupe key is ignored (the unique key decides). */
export async function enqueueNotification(tx: Executor, message: OutboxMessage, now: string): Promise<void> {
  const m = message;
  await sql`
    insert into outbox (kind, user_id, order_id, payload, dedupe_key, created_at, next_attempt_at)
    values (${m.kind}, ${m.user_id}, ${m.order_id}, ${JSON.stringify(m.payload)}, ${m.dedupe_key}, ${now}, ${now})
    on conflict (dedupe_key) do nothing`.execute(tx);
}
