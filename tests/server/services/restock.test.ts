/**
 * Back-in-stock alerts (issue 25; server/services/restock.ts), on SQLite and, in the postgres project, on
 * PostgreSQL: a wishlisted product that comes back at a pickup shop after selling out there gives each
 * wishlister one `back_in_stock` row in the outbox; more stock while it is still in stock at some pickup shop,
 * stock at the warehouse, a product taken off the wishlist and a user who stopped promotions give none. A
 * canceled order that puts the last items back is a restock too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rm } from "node:fs/promises";
import type { DB } from "../../../db/connection";
import { loadConfig } from "../../../server/config";
import { createLogger } from "../../../server/log";
import { createServices } from "../../../server/services/index";
import { makeTempDir, testDatabase, UNLIMITED } from "../../helpers/app";

let db: DB;
let dataDir: string;
let services: ReturnType<typeof createServices>;
let time = Date.parse("2026-11-27T08:00:00Z");
const clock = () => (time += 1000);

let admin: number;
let productId: number;
let shopA: number;
let shopB: number;
let people = 0;

async function user(fields: { is_admin?: 0 | 1; promotions_opted_out_at?: string | null } = {}): Promise<number> {
  people++;
  const row = await db
    .insertInto("users")
    .values({ telegram_id: 7_700_000 + people, reflink: `rs${people}x${Date.now() % 100_000}`, first_name: `P${people}`, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function wishlister(fields: { promotions_opted_out_at?: string | null } = {}): Promise<number> {
  const id = await user(fields);
  await services.wishlist.add(id, productId);
  return id;
}

/** The back-in-stock rows of the outbox for the product, per recipient. */
async function alerts(): Promise<Map<number, number>> {
  const rows = await db.selectFrom("outbox").select(["user_id", "payload"]).where("kind", "=", "back_in_stock").execute();
  const counts = new Map<number, number>();
  for (const row of rows) {
    if ((JSON.parse(row.payload) as { product_id: number }).product_id !== productId) continue;
    counts.set(row.user_id!, (counts.get(row.user_id!) ?? 0) + 1);
  }
  return counts;
}

const add = (shopId: number, amount: number) => services.stock.add(admin, { product_id: productId, option_id: 0, shop_id: shopId, amount });
const move = (shopId: number, amount: number) =>
  services.stock.move(admin, { product_id: productId, option_id: 0, to_shop_id: shopId, amount });

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await testDatabase(true);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...UNLIMITED });
  services = createServices(config, { db, log: createLogger(config), clock });
  admin = await user({ is_admin: 1 });
  const shops = await db.selectFrom("shops").select("id").where("id", "!=", 1).where("is_deleted", "=", 0).orderBy("id").execute();
  [shopA, shopB] = [shops[0]!.id, shops[1]!.id];
});

afterAll(async () => {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  // A product of the demo shop, wishlisted while in stock, then sold out everywhere (a fresh one per test).
  const product = await db
    .selectFrom("products")
    .select("id")
    .where("is_deleted", "=", 0)
    .where("is_inactive", "=", 0)
    .where("id", ">", productId ?? 0)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  productId = product.id;
});

async function soldOut(): Promise<void> {
  await db.updateTable("stock").set({ amount: 0 }).where("product_id", "=", productId).execute();
}

describe("back in stock", () => {
  it("tells each wishlister once per restock, never for warehouse stock or while still in stock at a pickup shop", async () => {
    const [first, second] = [await wishlister(), await wishlister()];
    await soldOut();

    await add(1, 10); // the warehouse: nobody can pick it up there
    expect(await alerts()).toEqual(new Map());

    await move(shopA, 2); // out of stock → in stock at shop A
    expect(await alerts()).toEqual(new Map([[first, 1], [second, 1]]));

    await move(shopA, 1); // still in stock: no restock
    await add(shopB, 3); // in stock at shop A, which they could pick it up from
    expect(await alerts()).toEqual(new Map([[first, 1], [second, 1]]));

    // Sold out again, then back: the next restock is told once more.
    await soldOut();
    await add(shopB, 1);
    expect(await alerts()).toEqual(new Map([[first, 2], [second, 2]]));

    const row = await db
      .selectFrom("outbox")
      .select(["payload", "order_id"])
      .where("kind", "=", "back_in_stock")
      .where("user_id", "=", first)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const name = (await db.selectFrom("shops").select("name").where("id", "=", shopB).executeTakeFirstOrThrow()).name;
    expect(row.order_id).toBeNull();
    expect(JSON.parse(row.payload)).toMatchObject({ product_id: productId, shops: [{ id: shopB, name }] });
  });

  it("tells nobody who took the product off their wishlist, nor anyone who stopped promotions", async () => {
    const keeps = await wishlister();
    const removed = await wishlister();
    const optedOut = await wishlister({ promotions_opted_out_at: "2026-11-27T07:00:00.000Z" });
    await services.wishlist.remove(removed, productId);
    await soldOut();

    await add(shopA, 5);
    const told = await alerts();
    expect(told.get(keeps)).toBe(1);
    expect(told.has(removed)).toBe(false);
    expect(told.has(optedOut)).toBe(false);
  });

  it("tells once when two admins restock the same product at two shops at the same moment", async () => {
    const watcher = await wishlister();
    for (let round = 1; round <= 3; round++) {
      await soldOut();
      await add(1, 5); // the warehouse, for the move
      await Promise.all([add(shopA, 1), add(shopB, 2), move(shopA, 1)]);
      expect((await alerts()).get(watcher)).toBe(round);
    }
  });

  it("is a restock when a canceled order puts the last items back on the shelf", async () => {
    const watcher = await wishlister();
    const buyer = await user();
    await soldOut();
    await add(shopA, 1);
    expect((await alerts()).get(watcher)).toBe(1);

    const { order } = await services.orders.placeOrder({
      userId: buyer,
      idempotencyKey: `restock-${Date.now()}`,
      body: { shop_id: shopA, items: [{ product_id: productId, option_id: 0, amount: 1 }], delivery_option: 1, payment_option: 1 },
    });
    expect((await alerts()).get(watcher)).toBe(1); // sold out now: nothing to tell

    await services.orders.cancelOrder(buyer, order.id);
    const told = await alerts();
    expect(told.get(watcher)).toBe(2);
    expect(told.has(buyer)).toBe(false);
  });

  it("is a restock when a pickup hold expires and its items go back on the shelf", async () => {
    const watcher = await wishlister();
    const buyer = await user();
    await soldOut();
    await add(shopA, 2);
    await services.orders.placeOrder({
      userId: buyer,
      idempotencyKey: `restock-hold-${Date.now()}`,
      body: { shop_id: shopA, items: [{ product_id: productId, option_id: 0, amount: 2 }], delivery_option: 1, payment_option: 1 },
    });
    expect((await alerts()).get(watcher)).toBe(1);

    time += 4 * 3600_000; // past the 3-hour hold
    expect(await services.holds.expireHolds()).toBeGreaterThanOrEqual(1);
    expect((await alerts()).get(watcher)).toBe(2);
  });
});
