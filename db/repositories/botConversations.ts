/**
 * The state of the bot's guided conversations (@grammyjs/conversations), one row per storage key (a chat),
 * the value as JSON text. Kept in the database, so a conversation half-way through survives a restart of
 * the process; the plugin reads the row once per update of that chat and writes it back when it changed
 * (through server/services/botConversations.ts).
 */
import type { Executor } from "../executor";

export async function readConversation(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("bot_conversations").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/**
 * Writes the key's state only if it still is `expected` (the text this process last read or wrote; null:
 * no row): a conditional write, so two processes handling one chat at once never write over each other.
 * False when the row changed meanwhile.
 */
export async function swapConversation(db: Executor, key: string, expected: string | null, value: string, now: string): Promise<boolean> {
  if (expected === null) {
    const inserted = await db
      .insertInto("bot_conversations")
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const result = await db
    .updateTable("bot_conversations")
    .set({ value, updated_at: now })
    .where("key", "=", key)
    .where("value", "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the key's state if it still is `expected` (a newer state written elsewhere stays). */
export async function deleteConversation(db: Executor, key: string, expected: string): Promise<void> {
  await db.deleteFrom("bot_conversations").where("key", "=", key).where("value", "=", expected).execute();
}
