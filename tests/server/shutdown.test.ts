/**
 * Graceful shutdown, as a process manager does it: the store runs as its own process under placement load
 * over HTTP (loopback, bounded loops) and gets SIGTERM mid-load.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../db/connection";
import { seedDemo } from "../../db/seed/demo";
import { signInitData } from "../../server/services/telegramInitData";
import { makeTempDir, productIdsByName, shopIdsByName } from "../helpers/app";
import { TEST_BOT_TOKEN } from "../helpers/session";

const tempDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A DATA_DIR with the demo shop and stock that never runs out. */
async function seededDataDir(): Promise<{ dataDir: string; shopId: number; productId: number }> {
  const dataDir = await makeTempDir("shutdown-store-");
  tempDirs.push(dataDir);
  const db = openDatabase(join(dataDir, "store.sqlite"));
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  await db.updateTable("stock").set({ amount: 1_000_000 }).execute();
  const shopId = (await shopIdsByName(db))["Chaweng Beach Store"]!;
  const productId = (await productIdsByName(db))["Blue Dream"]!;
  await db.destroy();
  return { dataDir, shopId, productId };
}

/** `tsx server/main.ts` as `npm start` runs it, with the limits that would turn load into a limits test lifted. */
async function startStoreProcess(dataDir: string) {
  const env = {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_MODE: "off",
    MAX_OPEN_ORDERS: "1000000",
    RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
    RATE_LIMIT_SIGNINS_PER_MINUTE: "1000000",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once("exit", (code) => resolve({ code, at: performance.now() })));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", () => {
      const match = /Store is running: http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(({ code }) => reject(new Error(`the store exited (${code}) before it listened:\n${output}`)));
  });
  return { child, port, base: `http://127.0.0.1:${port}`, exited, output: () => output };
}

async function signIn(base: string, telegramId: number): Promise<string> {
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: telegramId, first_name: "Loader" }) }, TEST_BOT_TOKEN);
  const res = await fetch(`${base}/api/auth/telegram`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ initData }) });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

type Outcome = { key: string; at: number } & ({ status: number; orderId: number | null } | { refused: string });

describe("graceful shutdown", () => {
  it("on SIGTERM under placement load: exits 0 within 10 s, every order answered 201 is in the database, no 5xx", async () => {
    const { dataDir, shopId, productId } = await seededDataDir();
    const store = await startStoreProcess(dataDir);
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(store.base, 810_000 + i)));

    const LOOPS = 24;
    const PER_LOOP = 400;
    const outcomes: Outcome[] = [];
    // Each loop places until the store refuses it at the connection level (or PER_LOOP placements).
    const load = Promise.all(
      Array.from({ length: LOOPS }, async (_, loop) => {
        for (let i = 0; i < PER_LOOP; i++) {
          const key = `shutdown-${loop}-${i}`;
          try {
            const res = await fetch(`${store.base}/api/orders`, {
              method: "POST",
              headers: { authorization: `Bearer ${tokens[loop % tokens.length]}`, "content-type": "application/json", "idempotency-key": key },
              body: JSON.stringify({ shop_id: shopId, items: [{ product_id: productId, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 }),
            });
            const text = await res.text();
            const body = res.headers.get("content-type")?.startsWith("application/json") ? (JSON.parse(text) as { order?: { id: number } }) : {};
            outcomes.push({ key, at: performance.now(), status: res.status, orderId: body.order?.id ?? null });
          } catch (error) {
            const cause = (error as { cause?: { code?: string; message?: string } }).cause;
            outcomes.push({ key, at: performance.now(), refused: cause?.code ?? cause?.message ?? String(error) });
            return;
          }
        }
      }),
    );

    const answered = () => outcomes.filter((o) => "status" in o && o.status === 201).length;
    for (let i = 0; i < 1000 && answered() < 150; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answered()).toBeGreaterThanOrEqual(150);
    const signalledAt = performance.now();
    store.child.kill("SIGTERM");
    const { code, at: exitedAt } = await store.exited;
    await load;

    const answers = outcomes.filter((o): o is Outcome & { status: number; orderId: number | null } => "status" in o);
    const refused = outcomes.filter((o): o is Outcome & { refused: string } => "refused" in o);
    const placed = answers.filter((a) => a.status === 201);
    const answeredAfterSignal = placed.filter((a) => a.at > signalledAt);
    console.log(
      `SIGTERM after ${placed.length - answeredAfterSignal.length} placements answered 201; ${answeredAfterSignal.length} in flight then were answered 201 after it; ` +
        `${refused.length} refused at the connection level (${[...new Set(refused.map((r) => r.refused))].join(", ")}); ` +
        `other answers: ${JSON.stringify(answers.filter((a) => a.status !== 201).map((a) => a.status))}; exit ${code} after ${Math.round(exitedAt - signalledAt)} ms`,
    );

    expect(code, store.output()).toBe(0);
    expect(exitedAt - signalledAt).toBeLessThan(10_000);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // Requests under way when the signal came were finished, not cut off.
    expect(answeredAfterSignal.length).toBeGreaterThan(0);
    // Every loop ended because the store went away, not because it ran out of placements.
    expect(refused).toHaveLength(LOOPS);

    const db = openDatabase(join(dataDir, "store.sqlite"));
    const stored = new Map((await db.selectFrom("orders").select(["id", "idempotency_key"]).where("idempotency_key", "like", "shutdown-%").execute()).map((o) => [o.idempotency_key, o.id]));
    await db.destroy();
    expect(placed.filter((a) => stored.get(a.key) !== a.orderId)).toEqual([]);
    // Nothing half-served either: no order was stored for a request whose connection was refused.
    expect(stored.size).toBe(placed.length);
    expect(store.output()).toMatch(/"msg":"stopped"/);
  });

  it("exits with code 1 after 10 s, naming what it still waited for, when a request never finishes", async () => {
    const { dataDir } = await seededDataDir();
    const store = await startStoreProcess(dataDir);
    // A client that sends its headers and part of the body, then nothing: the request stays under way.
    const socket = connect(store.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.on("error", () => {});
    socket.write("POST /api/cart/shops HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"items\":");
    // The store has read the headers once it answers another request after them.
    expect((await fetch(`${store.base}/api/health`)).status).toBe(200);

    const signalledAt = performance.now();
    store.child.kill("SIGTERM");
    const { code, at: exitedAt } = await store.exited;
    socket.destroy();

    expect(code).toBe(1);
    expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(9_500);
    expect(exitedAt - signalledAt).toBeLessThan(12_000);
    expect(store.output()).toMatch(/shutdown did not finish within 10 s: exiting anyway/);
    expect(store.output()).toMatch(/"pending":\["HTTP requests \(1 in flight\)"\]/);
  }, 30_000);
});
