/**
 * The statistics' roll-up (issue 23) gives exactly the figures of the hand computation (server/domain/stats.ts
 * computeStats over the orders themselves), on randomised orders: written straight into the tables as a seed or
 * a script would (the roll-up is then rebuilt in SQL) and completed through the hand-over (each order added in
 * the unit that completes it), for the whole time, a month, a day, and one shop.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { rollupIsFresh } from "../../../db/repositories/stats";
import { computeStats, productStatsCsv, type CompletedOrder } from "../../../server/domain/stats";
import { createStats } from "../../../server/services/stats";
import { makeTestStore, productIdsByName, shopIdsByName, testDatabase, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const START = Date.parse("2026-01-01T00:00:00.000Z");
const DAY = 86_400_000;

interface Generated {
  orders: (CompletedOrder & { shop_id: number })[];
}

/**
 * Random orders over 60 days at the demo's shops: most completed (some with no event into S, whose time is then
 * their update time), some in other statuses; lines with zero prices, repeated products, big and odd amounts.
 */
async function writeRandomOrders(db: DB, seed: number, count: number): Promise<Generated> {
  const rnd = random(seed);
  const products = Object.entries(await productIdsByName(db)).map(([name, id]) => ({ name, id }));
  const shops = Object.values(await shopIdsByName(db));
  const user = await db
    .insertInto("users")
    .values({ telegram_id: 900_000 + seed, first_name: "Random", reflink: `rnd${seed}` } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const orders: Generated["orders"] = [];
  for (let n = 0; n < count; n++) {
    const shop_id = shops[rnd.int(0, shops.length - 1)]!;
    const status = (["S", "S", "S", "S", "S", "S", "C", "N", "W", "P"] as const)[rnd.int(0, 9)]!;
    const lines = Array.from({ length: rnd.int(1, 5) }, () => {
      const p = products[rnd.int(0, products.length - 1)]!;
      const free = rnd.next() < 0.1;
      return {
        product_id: p.id,
        product_name: p.name,
        amount: rnd.int(1, 7),
        per_price: free ? 0 : rnd.int(1, 2000),
        cost_price: rnd.int(0, 900),
      };
    }).map((l) => {
      // Some lines were sold at a sale price: below the list price they were placed against.
      const onSale = l.per_price > 1 && rnd.next() < 0.25;
      return { ...l, list_price: onSale ? l.per_price + rnd.int(1, 300) : l.per_price };
    });
    const total = lines.reduce((a, l) => a + l.per_price * l.amount, 0);
    const discounted = rnd.next() < 0.3 ? rnd.int(0, total + 50) : total;
    const at = new Date(START + rnd.int(0, 60 * DAY)).toISOString();
    const withEvent = rnd.next() < 0.85;
    const order = await db
      .insertInto("orders")
      .values({
        user_id: user.id,
        shop_id,
        status,
        total_price: total,
        discounted_price: discounted,
        total_cost_price: lines.reduce((a, l) => a + l.cost_price * l.amount, 0),
        manager_id: null,
        hold_until: null,
        hold_reminded_at: null,
        idempotency_key: null,
        request_hash: null,
        created_at: at,
        updated_at: withEvent ? new Date(Date.parse(at) + 5 * DAY).toISOString() : at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_lines")
      .values(lines.map((l) => ({ ...l, order_id: order.id, option_id: 0 })))
      .execute();
    if (status === "S" && withEvent) {
      await db
        .insertInto("order_events")
        .values([
          { order_id: order.id, type: "finished", from_status: "W", to_status: "S", actor_user_id: null, data: null, created_at: at },
          // A later event into S does not move the completion (the first one counts).
          {
            order_id: order.id,
            type: "note",
            from_status: "S",
            to_status: "S",
            actor_user_id: null,
            data: null,
            created_at: new Date(Date.parse(at) + 3 * DAY).toISOString(),
          },
        ])
        .execute();
    }
    if (status === "S") orders.push({ id: order.id, shop_id, completed_at: at, discounted_price: discounted, lines });
  }
  return { orders };
}

const QUERIES = [
  {},
  { from: "2026-01-01", to: "2026-03-31" },
  { from: "2026-02-01", to: "2026-02-28" },
  { from: "2026-01-10", to: "2026-03-05" },
  { from: "2025-12-31", to: "2026-02-01" },
  { from: "2026-01-17", to: "2026-01-17" },
  { from: "2026-01-20" },
  { to: "2026-01-20" },
];

function handComputed(orders: Generated["orders"], query: { from?: string; to?: string }, shopId: number | null) {
  const islandDay = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);
  const picked = orders.filter(
    (o) =>
      (shopId === null || o.shop_id === shopId) &&
      (query.from === undefined || islandDay(o.completed_at) >= query.from) &&
      (query.to === undefined || islandDay(o.completed_at) <= query.to),
  );
  return computeStats(picked, { from: query.from ?? null, to: query.to ?? null });
}

let db: DB | null = null;
let store: TestStore | null = null;
afterEach(async () => {
  await db?.destroy();
  await store?.close();
  db = null;
  store = null;
});

describe("the statistics' roll-up", () => {
  it("equals the hand computation on random orders written straight into the tables", async () => {
    db = await testDatabase();
    const stats = createStats({ db, clock: () => START });
    const generated = await writeRandomOrders(db, 23, 250);
    expect(await rollupIsFresh(db)).toBe(false);
    const shops = [null, ...Object.values(await shopIdsByName(db))];
    for (const shopId of shops) {
      for (const query of QUERIES) {
        const fast = await stats.compute({ ...query, ...(shopId === null ? {} : { shop_id: shopId }) });
        const { totals, products, days } = handComputed(generated.orders, query, shopId);
        expect({ totals: fast.totals, products: fast.products, days: fast.days }, `${shopId} ${JSON.stringify(query)}`).toEqual({
          totals,
          products,
          days,
        });
      }
    }
    expect(await rollupIsFresh(db)).toBe(true);
    // Sanity of the data itself: it has many orders and the split mattered somewhere; items at both prices.
    expect(generated.orders.length).toBeGreaterThan(100);
    const whole = handComputed(generated.orders, {}, null).totals;
    expect(whole.items_at_list).toBeGreaterThan(0);
    expect(whole.items_at_sale).toBeGreaterThan(0);

    // More orders by another path make it stale again; the next read rebuilds and still agrees.
    const more = await writeRandomOrders(db, 24, 60);
    expect(await rollupIsFresh(db)).toBe(false);
    const all = [...generated.orders, ...more.orders];
    expect((await stats.compute({})).totals).toEqual(handComputed(all, {}, null).totals);
    // The CSV export shows the same figures.
    expect((await stats.csv({})).text).toBe(productStatsCsv(handComputed(all, {}, null).products));
  });

  it("stays fresh and exact as orders are completed through the hand-over", async () => {
    const ADMIN_TG = 1000;
    let now = START + 3 * DAY;
    store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => now });
    const s = store;
    const stats = createStats({ db: s.db, clock: () => now });
    const generated = await writeRandomOrders(s.db, 7, 80);
    await stats.refresh();
    expect(await rollupIsFresh(s.db)).toBe(true);

    const admin = await signInCustomer(s.app, ADMIN_TG, "Boss", now);
    const customer = await signInCustomer(s.app, 3001, "Alice", now);
    const products = Object.entries(await productIdsByName(s.db));
    const shops = await shopIdsByName(s.db);
    const rnd = random(99);
    const completed: Generated["orders"] = [];
    for (let n = 0; n < 12; n++) {
      now += rnd.int(1, 40) * 3_600_000;
      const shopId = shops["Chaweng Beach Store"]!;
      const items = Array.from({ length: rnd.int(1, 3) }, () => ({
        product_id: products[rnd.int(0, products.length - 1)]![1],
        option_id: 0,
        amount: rnd.int(1, 2),
      }));
      const placed = await s.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { ...bearer(customer.token), "idempotency-key": `rollup-${n}` },
        payload: { shop_id: shopId, items, delivery_option: 1, payment_option: 1 },
      });
      if (placed.statusCode !== 201) continue; // out of stock at that shop: no order
      const id = placed.json().order.id as number;
      const done = await s.app.inject({
        method: "POST",
        url: `/api/staff/orders/${id}/finish`,
        headers: bearer(admin.token),
        payload: { by: "cash" },
      });
      expect(done.statusCode, done.body).toBe(200);
      const order = await s.db.selectFrom("orders").select(["discounted_price"]).where("id", "=", id).executeTakeFirstOrThrow();
      const lines = await s.db
        .selectFrom("order_lines")
        .select(["product_id", "product_name", "amount", "per_price", "list_price", "cost_price"])
        .where("order_id", "=", id)
        .orderBy("id")
        .execute();
      completed.push({ id, shop_id: shopId, completed_at: new Date(now).toISOString(), discounted_price: order.discounted_price, lines });
    }
    expect(completed.length).toBeGreaterThan(3);
    // Every completion was added in its own unit: the roll-up never went behind, so nothing was rebuilt.
    expect(await rollupIsFresh(s.db)).toBe(true);
    const all = [...generated.orders, ...completed];
    for (const query of QUERIES) {
      const res = await s.app.inject({
        method: "GET",
        url: `/api/admin/stats?${new URLSearchParams(query as Record<string, string>).toString()}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const hand = handComputed(all, query, null);
      expect(body.totals, JSON.stringify(query)).toEqual(hand.totals);
      expect(body.products).toEqual(hand.products);
      expect(body.days).toEqual(hand.days);
    }
  });
});
