/**
 * Graceful shutdown, as a process manager does it: the store runs as its own process under placement load
 * over HTTP (loopback, bounded loops) and gets SIGTERM mid-load.
 */
import { connect } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection";
import { signIn, useStoreProcesses } from "../helpers/storeProcess";

const { seededDataDir, startStoreProcess } = useStoreProcesses();
/** The shutdown is read from the log: "stopped", and what it still waited for. */
const LOG_INFO = { LOG_LEVEL: "info" };

type Outcome = { key: string; at: number } & ({ status: number; orderId: number | null } | { refused: string });

describe("graceful shutdown", () => {
  it("on SIGTERM under placement load: exits 0 within 10 s, every order answered 201 is in the database, no 5xx", async () => {
    const { dataDir, shopId, productId } = await seededDataDir({ prefix: "shutdown-store-" });
    const store = await startStoreProcess(dataDir, LOG_INFO);
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
              headers: {
                authorization: `Bearer ${tokens[loop % tokens.length]}`,
                "content-type": "application/json",
                "idempotency-key": key,
              },
              body: JSON.stringify({
                shop_id: shopId,
                items: [{ product_id: productId, option_id: 0, amount: 1 }],
                delivery_option: 1,
                payment_option: 1,
              }),
            });
            const text = await res.text();
            const body = res.headers.get("content-type")?.startsWith("application/json")
              ? (JSON.parse(text) as { order?: { id: number } })
              : {};
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
    const { code, at: exitedAt } = await store.stop();
    await load;

    const answers = outcomes.filter((o): o is Outcome & { status: number; orderId: number | null } => "status" in o);
    const refused = outcomes.filter((o): o is Outcome & { refused: string } => "refused" in o);
    const placed = answers.filter((a) => a.status === 201);
    const answeredAfterSignal = placed.filter((a) => a.at > signalledAt);
    // What happened, told with every failure below (a passing run prints only the test report).
    const report =
      `SIGTERM after ${placed.length - answeredAfterSignal.length} placements answered 201; ` +
      `${answeredAfterSignal.length} in flight then were answered 201 after it; ` +
      `${refused.length} refused at the connection level (${[...new Set(refused.map((r) => r.refused))].join(", ")}); ` +
      `other answers: ${JSON.stringify(answers.filter((a) => a.status !== 201).map((a) => a.status))}; ` +
      `exit ${code} after ${Math.round(exitedAt - signalledAt)} ms`;

    expect(code, `${report}\n${store.output()}`).toBe(0);
    expect(exitedAt - signalledAt, report).toBeLessThan(10_000);
    expect(
      answers.filter((a) => a.status >= 500),
      report,
    ).toEqual([]);
    // Requests under way when the signal came were finished, not cut off.
    expect(answeredAfterSignal.length, report).toBeGreaterThan(0);
    // Every loop ended because the store went away, not because it ran out of placements.
    expect(refused, report).toHaveLength(LOOPS);

    const db = openDatabase(join(dataDir, "store.sqlite"));
    const stored = new Map(
      (await db.selectFrom("orders").select(["id", "idempotency_key"]).where("idempotency_key", "like", "shutdown-%").execute()).map(
        (o) => [o.idempotency_key, o.id],
      ),
    );
    await db.destroy();
    expect(placed.filter((a) => stored.get(a.key) !== a.orderId)).toEqual([]);
    // Nothing half-served either: no order was stored for a request whose connection was refused.
    expect(stored.size).toBe(placed.length);
    expect(store.output()).toMatch(/"msg":"stopped"/);
  });

  it("exits with code 1 after 10 s, naming what it still waited for, when a request never finishes", async () => {
    const { dataDir } = await seededDataDir({ prefix: "shutdown-store-" });
    const store = await startStoreProcess(dataDir, LOG_INFO);
    // A client that sends its headers and part of the body, then nothing: the request stays under way.
    const socket = connect(store.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.on("error", () => {});
    socket.write(
      'POST /api/cart/shops HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"items":',
    );
    // The store has read the headers once it answers another request after them.
    expect((await fetch(`${store.base}/api/health`)).status).toBe(200);

    const signalledAt = performance.now();
    const { code, at: exitedAt } = await store.stop();
    socket.destroy();

    expect(code).toBe(1);
    expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(9_500);
    expect(exitedAt - signalledAt).toBeLessThan(12_000);
    expect(store.output()).toMatch(/shutdown did not finish within 10 s: exiting anyway/);
    expect(store.output()).toMatch(/"pending":\["HTTP requests \(1 in flight\)"\]/);
  }, 30_000);

  it("with SHUTDOWN_DRAIN_SECONDS: /api/ready answers 503 at once while requests are still served, then it stops", async () => {
    const { dataDir } = await seededDataDir({ prefix: "shutdown-store-" });
    const store = await startStoreProcess(dataDir, { ...LOG_INFO, SHUTDOWN_DRAIN_SECONDS: "2" });
    expect((await fetch(`${store.base}/api/ready`)).status).toBe(200);

    const signalledAt = performance.now();
    const stopped = store.stop();
    // Until the store says it drains, the signal may not have arrived yet.
    for (let i = 0; i < 100 && !/draining/.test(store.output()); i++) await new Promise((r) => setTimeout(r, 20));
    expect((await fetch(`${store.base}/api/ready`)).status).toBe(503);
    // A proxy that has not run its health check yet still sends requests: they are served.
    const during = await fetch(`${store.base}/api/products`);
    expect(during.status).toBe(200);
    expect(performance.now() - signalledAt).toBeLessThan(1_800);

    const { code, at: exitedAt } = await stopped;
    expect(code).toBe(0);
    expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(1_900);
    expect(store.output()).toMatch(/"msg":"stopped"/);
  }, 30_000);
});
