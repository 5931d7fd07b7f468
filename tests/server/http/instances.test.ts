/**
 * Two API instances on one database (issue 22): every race the store wins in one process it still wins
 * when the requests are spread over two, since the database decides, not a process's memory. Each instance
 * has its own services and its own connections (a pool on PostgreSQL; on SQLite a connection of its own to
 * the same file, as a second process would).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { rm } from "node:fs/promises";
import { migrateToLatest, openDatabase, openPostgres, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { loadConfig } from "../../../server/config";
import type { Product, ProductListItem } from "../../../server/domain/contracts/catalog";
import {
  appOn,
  makeTempDir,
  ON_POSTGRES,
  postgresTestDatabaseUrl,
  productIdsByName,
  shelfAmount,
  shopIdsByName,
  soldAmount,
  UNLIMITED,
} from "../../helpers/app";
import { placeOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let dataDir: string;
const dbs: DB[] = [];
const apps: FastifyInstance[] = [];
let products: Record<string, number>;
let shops: Record<string, number>;

beforeAll(async () => {
  dataDir = await makeTempDir("instances-");
  const url = ON_POSTGRES ? await postgresTestDatabaseUrl() : null;
  const open = () => (url ? openPostgres(url) : openDatabase(join(dataDir, "store.sqlite")));
  dbs.push(open());
  await migrateToLatest(dbs[0]!);
  await seedDemo(dbs[0]!, { uploadsDir: null });
  dbs.push(open());
  const env = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, BOT_TOKEN: TEST_BOT_TOKEN, ...UNLIMITED, MAX_OPEN_ORDERS: "3" };
  const config = { ...loadConfig(env), webappDir: null };
  for (const db of dbs) apps.push(await appOn(config, db));
  products = await productIdsByName(dbs[0]!);
  shops = await shopIdsByName(dbs[0]!);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of dbs) await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const instance = (i: number) => apps[i % apps.length]!;
const SHOP = "Chaweng Beach Store";

async function setStock(product: string, amount: number) {
  await dbs[0]!
    .updateTable("stock")
    .set({ amount })
    .where("product_id", "=", products[product]!)
    .where("shop_id", "=", shops[SHOP]!)
    .where("option_id", "=", 0)
    .execute();
}

const stockOf = (product: string) => shelfAmount(dbs[0]!, shops[SHOP]!, products[product]!);

describe(`two API instances on one ${ON_POSTGRES ? "PostgreSQL" : "SQLite"} database`, () => {
  it("sells 20 items to exactly 20 of 200 placements spread over both, and the shelf ends at 0", async () => {
    await setStock("Blue Dream", 20);
    const customers = await Promise.all(Array.from({ length: 40 }, (_, i) => signInCustomer(instance(i), 91_000 + i)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOrder(instance(i), customers[i % 40]!.token, `race-20-${i}`, { shopId: shops[SHOP]!, productId: products["Blue Dream"]! }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    // The rest: sold out (409), or the customer's third open order reached (409 too); never a 500.
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(await stockOf("Blue Dream")).toBe(0);
    expect(await soldAmount(dbs[0]!, products["Blue Dream"]!)).toBe(20);
  });

  it("makes one order of 20 retries of one Idempotency-Key alternating between the instances", async () => {
    await setStock("Jack Herer", 50);
    const { token, userId } = await signInCustomer(instance(0), 92_001);
    const line = { shopId: shops[SHOP]!, productId: products["Jack Herer"]! };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder(instance(i), token, "one-key-for-all", line)));
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().order.id)).size).toBe(1);
    const orders = await dbs[0]!.selectFrom("orders").select("id").where("user_id", "=", userId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf("Jack Herer")).toBe(49);
  });

  it("holds one customer to MAX_OPEN_ORDERS (3) however many placements arrive at both instances at once", async () => {
    await setStock("Jack Herer", 50);
    const { token, userId } = await signInCustomer(instance(1), 92_002);
    const line = { shopId: shops[SHOP]!, productId: products["Jack Herer"]! };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder(instance(i), token, `open-cap-${i}`, line)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) expect(refused.json().error).toBe("TOO_MANY_OPEN_ORDERS");
    const open = await dbs[0]!.selectFrom("orders").select("id").where("user_id", "=", userId).execute();
    expect(open).toHaveLength(3);
  });

  it("serves a product changed through one instance, changed, from the other within a poll", async () => {
    const list = async (i: number) =>
      (await instance(i).inject({ method: "GET", url: "/api/products" })).json().products as ProductListItem[];
    const before = (await list(1)).find((p) => p.id === products["Blue Dream"])!;
    const etag = (await instance(1).inject({ method: "GET", url: "/api/products" })).headers.etag;
    await dbs[0]!.updateTable("products").set({ name: "Blue Dream (renamed)" }).where("id", "=", products["Blue Dream"]!).execute();
    const changedAt = Date.now();
    let poll = await instance(1).inject({ method: "GET", url: "/api/products", headers: { "if-none-match": String(etag) } });
    while (poll.statusCode === 304 && Date.now() - changedAt < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      poll = await instance(1).inject({ method: "GET", url: "/api/products", headers: { "if-none-match": String(etag) } });
    }
    expect(poll.statusCode).toBe(200);
    expect(poll.headers.etag).not.toBe(etag);
    expect(before.name).toBe("Blue Dream");
    expect(poll.json().products.find((p: Product) => p.id === products["Blue Dream"]).name).toBe("Blue Dream (renamed)");
    // The version is read again at most a second later (docs/decisions.md, "The catalogue's version").
    expect(Date.now() - changedAt).toBeLessThan(3000);
  });

  it("refuses another instance's session after logout on this one", async () => {
    const { token } = await signInCustomer(instance(0), 92_003);
    expect((await instance(1).inject({ method: "GET", url: "/api/me", headers: bearer(token) })).statusCode).toBe(200);
    expect((await instance(0).inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) })).statusCode).toBeLessThan(300);
    expect((await instance(1).inject({ method: "GET", url: "/api/me", headers: bearer(token) })).statusCode).toBe(401);
  });
});
