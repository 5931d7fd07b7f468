/**
 * The notification outbox: rows written inside the unit of work of the change they tell of. A `sql`
 * template, like the other statements of a placement (db/repositories/orders.ts says why).
 */
import { sql } from "kysely";
import type { OutboxMessage } from "../../server/domain/notifications";
import { prepareQuery } from "../compiledQuery";
import type { Executor } from "../executor";

/** Queues a message; a second message with the same dedupe key is ignored (the unique key decides). */
export async function enqueueNotification(tx: Executor, message: OutboxMessage, now: string): Promise<void> {
  const m = message;
  await outboxInsert.execute(tx, { ...m, payload: JSON.stringify(m.payload), now });
}

const outboxInsert = prepareQuery<
  { kind: string; user_id: unknown; order_id: unknown; payload: string; dedupe_key: string; now: string },
  never
>(
  (m) => sql`
    insert into outbox (kind, user_id, order_id, payload, dedupe_key, created_at, next_attempt_at)
    values (${m.kind}, ${m.user_id}, ${m.order_id}, ${m.payload}, ${m.dedupe_key}, ${m.now}, ${m.now})
    on conflict (dedupe_key) do nothing`,
);
