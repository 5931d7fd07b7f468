/**
 * A PostgreSQL that goes away while the store runs (issue 22, "Bad input"): requests answer 503 with a clear
 * message, /api/ready turns 503, nothing is half-written, the process keeps running, and it recovers by
 * itself when the database is back. Its own PostgreSQL server, so it can be stopped (this file runs once, in
 * the sqlite project, like the other process-level tests).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openPostgres, type DB } from "../../db/connection";
import { seedDemo } from "../../db/seed/demo";
import { loadConfig } from "../../server/config";
import { buildApp } from "../../server/http/app";
import { createLogger } from "../../server/log";
import { createServices } from "../../server/services/index";
import type { FastifyInstance } from "fastify";
import { startPostgresServer, type PostgresServer } from "../helpers/postgresServer";
import { placeOrder } from "../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../helpers/session";
import { makeTempDir, shelfAmount, UNLIMITED } from "../helpers/app";

let server: PostgresServer;
let db: DB;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startPostgresServer();
  db = openPostgres(await server.createDatabase("outage"));
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  const config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: await makeTempDir(), BOT_TOKEN: TOKEN, ...UNLIMITED }),
    webappDir: null,
  };
  const services = createServices(config, { db, log: createLogger(config) });
  app = await buildApp(config, services);
  services.health.markReady();
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  server?.stop();
});

const TOKEN = TEST_BOT_TOKEN;

describe("a database that goes away", () => {
  it("answers 503 while it is gone, changes nothing, and recovers by itself when it is back", async () => {
    const { token } = await signInCustomer(app, 4242);
    const orders = () => app.inject({ method: "GET", url: "/api/orders", headers: bearer(token) });
    expect((await orders()).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);

    const shelf = await db
      .selectFrom("stock")
      .select(["shop_id", "product_id", "option_id", "amount"])
      .where("shop_id", ">", 1)
      .where("amount", ">", 0)
      .orderBy("shop_id")
      .orderBy("product_id")
      .executeTakeFirstOrThrow();

    server.pause();
    const line = { shopId: shelf.shop_id, productId: shelf.product_id, optionId: shelf.option_id };
    const placed = await placeOrder(app, token, "outage-order-1", line);
    expect(placed.statusCode).toBe(503);
    const gone = await orders();
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({
      error: "DATABASE_UNAVAILABLE",
      message: "The store cannot reach its database right now. Please try again in a moment.",
    });
    expect(gone.headers["retry-after"]).toBe("5");
    const notReady = await app.inject({ method: "GET", url: "/api/ready" });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().error).toBe("DATABASE_UNAVAILABLE");

    server.resume();
    // The pool makes new connections by itself: no restart of the store.
    let back = await orders();
    for (let i = 0; back.statusCode !== 200 && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = await orders();
    }
    expect(back.statusCode).toBe(200);
    expect(back.json().orders).toEqual([]);
    expect(await shelfAmount(db, shelf.shop_id, shelf.product_id, shelf.option_id)).toBe(shelf.amount);
    expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });
});
