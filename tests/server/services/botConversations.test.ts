/**
 * The bot's conversation state across processes (server/services/botConversations.ts): every write is
 * conditional on the row still holding what this store read, so two processes handling one chat at once
 * never write over each other. Two stores on one database stand for two processes (each has its own memory
 * of what it read), on SQLite and, in the postgres project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { ConversationChangedElsewhere, createConversationStore, type JsonKeyStore } from "../../../server/services/botConversations";
import { testDatabase } from "../../helpers/app";

interface State {
  step: string;
}

let db: DB;
let chats = 0;
const clock = () => Date.parse("2026-11-24T03:00:00.000Z");
/** A key no other test touches. */
const newChat = () => `chat:${900_000 + ++chats}`;
const rowOf = (key: string) => db.selectFrom("bot_conversations").select("value").where("key", "=", key).execute();
/** Two processes' stores on the one database. */
const twoStores = (): [JsonKeyStore<State>, JsonKeyStore<State>] => [
  createConversationStore<State>({ db, clock }),
  createConversationStore<State>({ db, clock }),
];

beforeAll(async () => {
  db = await testDatabase(false);
});
afterAll(() => db.destroy());

describe("two processes on one chat's conversation state", () => {
  it("both read the state, A writes: B's write is refused and the row keeps A's state", async () => {
    const key = newChat();
    const [a, b] = twoStores();
    await a.read(key);
    await a.write(key, { step: "product" });

    expect(await a.read(key)).toEqual({ step: "product" });
    expect(await b.read(key)).toEqual({ step: "product" });
    await a.write(key, { step: "option (A)" });
    await expect(b.write(key, { step: "option (B)" })).rejects.toThrow(ConversationChangedElsewhere);
    expect(await rowOf(key)).toEqual([{ value: JSON.stringify({ step: "option (A)" }) }]);

    // B's update runs again (Telegram retries it): it reads A's state and its write goes through.
    expect(await b.read(key)).toEqual({ step: "option (A)" });
    await b.write(key, { step: "shop (B)" });
    expect(await rowOf(key)).toEqual([{ value: JSON.stringify({ step: "shop (B)" }) }]);
    // And now A is the one behind.
    await expect(a.write(key, { step: "shop (A)" })).rejects.toThrow(ConversationChangedElsewhere);
  });

  it("a first write racing from two stores inserts one row: the other is refused", async () => {
    for (let round = 0; round < 10; round++) {
      const key = newChat();
      const [a, b] = twoStores();
      expect([await a.read(key), await b.read(key)]).toEqual([undefined, undefined]);
      const outcomes = await Promise.allSettled([a.write(key, { step: "A" }), b.write(key, { step: "B" })]);
      const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i === 0 ? "A" : "B"] : []));
      const lost = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(ConversationChangedElsewhere);
      expect(await rowOf(key)).toEqual([{ value: JSON.stringify({ step: won[0] }) }]);
    }
  });

  it("a delete does not remove a state written since by another process", async () => {
    const key = newChat();
    const [a, b] = twoStores();
    await a.read(key);
    await a.write(key, { step: "amount" });
    await b.read(key);
    await a.read(key);
    await a.write(key, { step: "confirm (A)" });
    // B's conversation ended on the state it read; A's newer state stays.
    await b.delete(key);
    expect(await rowOf(key)).toEqual([{ value: JSON.stringify({ step: "confirm (A)" }) }]);
    // The process that wrote the state last deletes it.
    await a.delete(key);
    expect(await rowOf(key)).toEqual([]);
  });

  it("a damaged row reads as no conversation, and the chat's next state replaces it", async () => {
    const key = newChat();
    await db.insertInto("bot_conversations").values({ key, value: "{not json", updated_at: new Date(clock()).toISOString() }).execute();
    const [a] = twoStores();
    expect(await a.read(key)).toBeUndefined();
    await a.write(key, { step: "product" });
    expect(await rowOf(key)).toEqual([{ value: JSON.stringify({ step: "product" }) }]);
  });
});
