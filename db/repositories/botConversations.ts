/**
 * The state of the bot's guided conversations (@grammyjs/conversations), one row per storage key (a chat),
 * the value as JSON text. Kept in the database, so a conversation half-way through survives a restart of
 * the process; the plugin reads the row once per update of that chat and writes it back when it changed.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";

type Db = Kysely<Database> | Transaction<Database>;

export async function readConversation(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("bot_conversations").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Inserts or replaces the key's state. */
export async function writeConversation(db: Db, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto("bot_conversations")
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function deleteConversation(db: Db, key: string): Promise<void> {
  await db.deleteFrom("bot_conversations").where("key", "=", key).execute();
}

/** The key-value store the conversations plugin is given (bot/conversations.ts): JSON in, JSON out. */
export interface JsonKeyStore<T> {
  read(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

export function botConversationStore<T>(db: Db, clock: () => number): JsonKeyStore<T> {
  return {
    async read(key) {
      const text = await readConversation(db, key);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as T;
      } catch {
        // A damaged row must not lock the chat out: the conversation is forgotten, the chat goes on.
        return undefined;
      }
    },
    write: (key, value) => writeConversation(db, key, JSON.stringify(value), new Date(clock()).toISOString()),
    delete: (key) => deleteConversation(db, key),
  };
}
