/**
 * Where the bot's guided conversations keep their state: the key-value store the conversations plugin is
 * given (bot/conversations.ts), one database row per chat (db/repositories/botConversations.ts), JSON in,
 * JSON out.
 *
 * The plugin reads a chat's state before an update and writes it after. Every write is conditional on the
 * row still holding what this process read (or last wrote): should another process have handled an update
 * of the same chat meanwhile, the write is refused and the update fails, rather than one state silently
 * replacing the other. Within one process the bot passes a chat's updates one at a time.
 */
import type { DB } from "../../db/connection";
import { deleteConversation, readConversation, swapConversation } from "../../db/repositories/botConversations";
import { unitOfWorkOf } from "../../db/unitOfWork";

/** The storage adapter's shape (@grammyjs/conversations' key storage). */
export interface JsonKeyStore<T> {
  read(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

export class ConversationChangedElsewhere extends Error {
  constructor(key: string) {
    super(`The conversation state of ${key} was changed by another process while this one handled an update`);
  }
}

export function createConversationStore<T>({ db, clock }: { db: DB; clock: () => number }): JsonKeyStore<T> {
  const units = unitOfWorkOf(db).named("botConversations");
  /**
   * The text this process last read or wrote per key, for keys that have a row. The plugin reads a key
   * before it writes it, on every update, so a key missing here had no row when it was read.
   */
  const seen = new Map<string, string>();

  return {
    async read(key) {
      const text = await units.read("read", (tx) => readConversation(tx, key));
      if (text === undefined) {
        seen.delete(key);
        return undefined;
      }
      seen.set(key, text);
      try {
        return JSON.parse(text) as T;
      } catch {
        // A damaged row must not lock the chat out: the conversation is forgotten, the chat goes on.
        return undefined;
      }
    },
    async write(key, value) {
      const text = JSON.stringify(value);
      const expected = seen.get(key) ?? null;
      const now = new Date(clock()).toISOString();
      if (!(await units.write("swap", (tx) => swapConversation(tx, key, expected, text, now)))) {
        seen.delete(key);
        throw new ConversationChangedElsewhere(key);
      }
      seen.set(key, text);
    },
    async delete(key) {
      const expected = seen.get(key);
      seen.delete(key);
      if (expected !== undefined) await units.write("delete", (tx) => deleteConversation(tx, key, expected));
    },
  };
}
