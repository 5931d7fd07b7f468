/**
 * kill -9 mid-broadcast and a restart (issue 25): the store as its own process (`tsx server/main.ts`, the
 * bot polling a fake Bot API), killed with SIGKILL while messages are on their way, then started again on
 * the same DATA_DIR. None is lost: every recipient gets the broadcast; only a message in flight at the kill
 * (its answer never reached the dead process) may go out twice. SQLite here; the claims are the same SQL on
 * PostgreSQL (tests/server/services/broadcastSending.test.ts runs the worker on both).
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../db/connection";
import { createBroadcasts } from "../../server/services/broadcasts";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { useStoreProcesses } from "../helpers/storeProcess";

const { seededDataDir, startStoreProcess } = useStoreProcesses();
const RECIPIENTS = 300;
const FIRST_CHAT = 810_000;
const isRecipient = (id: unknown) => typeof id === "number" && id >= FIRST_CHAT && id < FIRST_CHAT + RECIPIENTS;

let fake: FakeBotApi;
afterAll(async () => {
  await fake?.close();
});

describe("a broadcast across kill -9 and a restart", () => {
  it(`loses none of ${RECIPIENTS}; only messages in flight at the kill may repeat`, async () => {
    const { dataDir } = await seededDataDir({ prefix: "broadcast-kill-" });
    const file = join(dataDir, "store.sqlite");
    // The broadcast, sent before the store starts: its worker finds it at once.
    const db = openDatabase(file);
    await migrateToLatest(db);
    const { id: adminId } = await db
      .insertInto("users")
      .values({ telegram_id: 1000, first_name: "Boss", reflink: "killadmin", is_admin: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("users").set({ promotions_opted_out_at: new Date().toISOString() }).execute();
    await db
      .insertInto("users")
      .values(Array.from({ length: RECIPIENTS }, (_, i) => ({ telegram_id: FIRST_CHAT + i, first_name: `K${i}`, reflink: `kill${i}` })))
      .execute();
    const broadcasts = createBroadcasts({ db, clock: Date.now, perSecond: 25, chatGapSeconds: 1 });
    const { id, recipients } = await broadcasts.draft(adminId, { text: "Flash sale!", segment: { type: "all" } });
    expect(recipients).toBe(RECIPIENTS);
    await db.destroy();

    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    const env = { BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "polling", TELEGRAM_API_ROOT: fake.apiRoot, ADMIN_TELEGRAM_IDS: "1000" };
    const first = await startStoreProcess(dataDir, env);
    // Started after the store: send through the service on the store's own file (WAL lets a second writer in).
    const side = openDatabase(file);
    await createBroadcasts({ db: side, clock: Date.now, perSecond: 25, chatGapSeconds: 1 }).send(id);
    const carried = () => fake.carriedOut("sendMessage").filter((p) => isRecipient(p.chat_id));
    await expect.poll(() => carried().length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(80);

    // From now on Telegram carries messages out but their answers do not get back; the store dies meanwhile.
    const lostAnswers = fake.hold("sendMessage", { stage: "answer" });
    const inFlight = () => fake.calls.filter((c) => c.method === "sendMessage" && c.result !== undefined && c.status === 0);
    await expect.poll(() => inFlight().length, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
    await first.kill("SIGKILL");
    const unanswered = () => fake.calls.filter((c) => c.method === "sendMessage" && c.status === 0);
    await expect.poll(() => unanswered().every((c) => c.hungUp), { timeout: 5_000 }).toBe(true);
    lostAnswers.release();
    const answerLost = unanswered()
      .filter((c) => c.result !== undefined)
      .map((c) => c.params.chat_id as number);
    const sentBeforeKill = carried().length;

    await startStoreProcess(dataDir, env);
    const statusOf = () => side.selectFrom("broadcasts").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    // A message the dead store held waits for its lease (15 s) to run out, then goes again.
    await expect.poll(async () => (await statusOf()).status, { timeout: 120_000, interval: 500 }).toBe("done");

    const times = new Map<number, number>();
    for (const p of carried()) times.set(p.chat_id as number, (times.get(p.chat_id as number) ?? 0) + 1);
    const chats = Array.from({ length: RECIPIENTS }, (_, i) => FIRST_CHAT + i);
    expect(chats.filter((c) => !times.has(c)), "recipients who got nothing").toEqual([]);
    const twice = [...times].filter(([, n]) => n > 1).map(([c]) => c);
    expect([...times].filter(([, n]) => n > 2)).toEqual([]);
    // Only those in flight at the kill went twice, and each whose answer was lost did.
    expect(twice.length).toBeLessThanOrEqual(8);
    expect(answerLost.filter((c) => !twice.includes(c))).toEqual([]);
    const rows = await side.selectFrom("broadcast_deliveries").select("status").where("broadcast_id", "=", id).execute();
    expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
    await side.destroy();
    console.info(`broadcast kill -9: ${sentBeforeKill} carried out before the kill, ${twice.length} sent twice, none lost`);
  }, 240_000);
});
