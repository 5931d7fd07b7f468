/**
 * Placements that arrive together (issue 22): on PostgreSQL they are written together, in one unit of work of
 * set-based statements (server/services/placeTogether.ts); on SQLite each is a unit of its own in the group commit.
 * Either way each placement gets the answer it would get alone, in the order they arrived, and writes the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../../db/connection";
import { watchUnits } from "../../../db/unitOfWork";
import { loadConfig } from "../../../server/config";
import { WAREHOUSE_SHOP_ID } from "../../../server/domain/constants";
import { createLogger } from "../../../server/log";
import { createServices } from "../../../server/services/index";
import { makeTempDir, ON_POSTGRES, productIdsByName, shelfAmount, shopIdsByName, testDatabase } from "../../helpers/app";

let db: DB;
let services: ReturnType<typeof createServices>;
let products: Record<string, number>;
let shops: Record<string, number>;
const units: string[] = [];

beforeAll(async () => {
  db = await testDatabase();
  const config = { ...loadConfig({ DATA_DIR: await makeTempDir(), LOG_LEVEL: "silent", MAX_OPEN_ORDERS: "2" }), webappDir: null };
  services = createServices(config, { db, log: createLogger(config) });
  watchUnits(db, (unit) => units.push(unit));
  products = await productIdsByName(db);
  shops = await shopIdsByName(db);
});
afterAll(async () => {
  await db.destroy();
});

let nextCustomer = 0;
async function customer(telegramId: number | null = null): Promise<number> {
  const n = nextCustomer++;
  const row = await db
    .insertInto("users")
    .values({
      email: `together-${n}@example.test`,
      reflink: `together${n}`,
      telegram_id: telegramId,
      first_name: null,
      last_name: null,
      username: null,
      photo_url: null,
      phone: null,
      delivery_address: null,
      delivery_address_link: null,
      telegram_unreachable_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setStock(product: string, shop: string, amount: number) {
  await db.updateTable("stock").set({ amount }).where("product_id", "=", products[product]!).where("shop_id", "=", shops[shop]!).execute();
}

function body(shopId: number, productId: number, { amount = 1, delivery = 1 } = {}) {
  return { shop_id: shopId, items: [{ product_id: productId, option_id: 0, amount }], delivery_option: delivery, payment_option: 1 };
}

/** What a placement answered: its status (as the API would map it) and order id or error code. */
async function answer(placing: Promise<{ order: { id: number; status: string }; replayed: boolean }>) {
  try {
    const { order, replayed } = await placing;
    return { placed: order.id, status: order.status, replayed };
  } catch (error) {
    const { code, kind } = error as { code?: string; kind?: string };
    return { refused: code ?? String(error), kind };
  }
}

describe("placements arriving together", () => {
  it("answers each as it would be answered alone, sharing out the stock in the order they arrived", async () => {
    const shop = shops["Nathon Pier"]!;
    const gelato = products["King Size Rolling Papers"]!;
    const grinder = products["Aluminium Grinder"]!;
    await setStock("King Size Rolling Papers", "Nathon Pier", 2);
    await setStock("Aluminium Grinder", "Nathon Pier", 10);
    const people = await Promise.all(Array.from({ length: 8 }, () => customer()));
    // Before the batch: a placement whose retry comes in it, one whose key comes back with another order, and a
    // customer at the open-orders cap (2 here).
    const earlier = await services.orders.placeOrder({ userId: people[5]!, idempotencyKey: "earlier-five", body: body(shop, grinder) });
    await services.orders.placeOrder({ userId: people[6]!, idempotencyKey: "earlier-six", body: body(shop, grinder) });
    for (const key of ["cap-first", "cap-second"]) {
      await services.orders.placeOrder({ userId: people[7]!, idempotencyKey: key, body: body(shop, grinder) });
    }
    units.length = 0;

    const place = (userId: number, key: string, b: ReturnType<typeof body>) =>
      answer(services.orders.placeOrder({ userId, idempotencyKey: key, body: b }));
    const answers = await Promise.all([
      place(people[0]!, "together-zero", body(shop, gelato)),
      place(people[1]!, "together-one", body(shop, gelato)),
      place(people[2]!, "together-two", body(shop, gelato)),
      place(people[3]!, "together-three", body(shop, 999_999)),
      place(people[4]!, "together-four", body(WAREHOUSE_SHOP_ID, grinder)),
      place(people[5]!, "earlier-five", body(shop, grinder)),
      place(people[6]!, "earlier-six", body(shop, grinder, { amount: 2 })),
      place(people[7]!, "together-seven", body(shop, grinder)),
      // The first customer again, in the same turn: decided after their first placement was committed.
      place(people[0]!, "together-zero-again", body(shop, grinder)),
    ]);

    expect(answers).toEqual([
      { placed: expect.any(Number), status: "N", replayed: false },
      { placed: expect.any(Number), status: "N", replayed: false },
      { refused: "OUT_OF_STOCK", kind: "conflict" },
      { refused: "PRODUCT_NOT_FOUND", kind: "not_found" },
      { refused: "VALIDATION_ERROR", kind: "validation" },
      { placed: earlier.order.id, status: "N", replayed: true },
      { refused: "IDEMPOTENCY_KEY_REUSED", kind: "unprocessable" },
      { refused: "TOO_MANY_OPEN_ORDERS", kind: "conflict" },
      { placed: expect.any(Number), status: "N", replayed: false },
    ]);
    // On PostgreSQL the first eight in one unit, the customer's second placement in one of its own after it.
    if (ON_POSTGRES) expect(units).toEqual(["orders.placeOrders", "orders.placeOrder"]);
    else expect(units.filter((u) => u.startsWith("orders.place"))).toEqual(Array.from({ length: 9 }, () => "orders.placeOrder"));

    // The shelf went 2 → 1 → 0, the first to arrive first; each placed order with its line, event, notice and sale.
    expect(await shelfAmount(db, shop, gelato)).toBe(0);
    expect(await shelfAmount(db, shop, grinder)).toBe(10 - 4 - 1);
    const [first, second] = [answers[0] as { placed: number }, answers[1] as { placed: number }];
    const sold = await db
      .selectFrom("stock_history")
      .select(["order_id", "delta", "amount_after", "actor_user_id", "reason"])
      .where("product_id", "=", gelato)
      .where("shop_id", "=", shop)
      .orderBy("order_id")
      .execute();
    expect(sold).toEqual([
      { order_id: first.placed, delta: -1, amount_after: 1, actor_user_id: people[0], reason: "sold" },
      { order_id: second.placed, delta: -1, amount_after: 0, actor_user_id: people[1], reason: "sold" },
    ]);
    for (const { placed } of [first, second]) {
      const { user_id } = await db.selectFrom("orders").select("user_id").where("id", "=", placed).executeTakeFirstOrThrow();
      const view = await services.orders.getOrder(user_id, placed);
      expect(view.products).toEqual([expect.objectContaining({ product_id: gelato, amount: 1, product_name: "King Size Rolling Papers" })]);
      const events = await db.selectFrom("order_events").select(["type", "to_status"]).where("order_id", "=", placed).execute();
      expect(events).toEqual([{ type: "placed", to_status: "N" }]);
      const notices = await db.selectFrom("outbox").select(["kind", "dedupe_key"]).where("order_id", "=", placed).execute();
      expect(notices).toEqual([{ kind: "order_placed", dedupe_key: `order_placed:${placed}` }]);
    }
    // Nothing of the refused ones.
    const refusedKeys = ["together-two", "together-three", "together-four", "together-seven"];
    expect(await db.selectFrom("orders").select("id").where("idempotency_key", "in", refusedKeys).execute()).toEqual([]);
  });

  it("answers a placement in a batch with the order it writes, as reading it back shows it", async () => {
    const shop = shops["Chaweng Beach Store"]!;
    await setStock("Aluminium Grinder", "Chaweng Beach Store", 10);
    const [a, b] = await Promise.all([customer(), customer()]);
    const placed = await Promise.all(
      [a, b].map((userId, i) =>
        services.orders.placeOrder({
          userId,
          idempotencyKey: `read-back-${i}`,
          body: body(shop, products["Aluminium Grinder"]!, { amount: 2 }),
        }),
      ),
    );
    for (const [i, { order }] of placed.entries()) {
      const read = await services.orders.getOrder([a, b][i]!, order.id);
      // The countdown is computed when read; the rest is the same order.
      expect({ ...order, remaining_time: null }).toEqual({ ...read, remaining_time: null });
    }
  });

  it("pushes a shop's Telegram staff the same new-order message as an order made new by saving its settings", async () => {
    const shop = shops["Lamai Night Market"]!;
    const grinder = products["Aluminium Grinder"]!;
    await setStock("Aluminium Grinder", "Lamai Night Market", 10);
    const manager = await customer(770_001);
    await db.insertInto("shop_staff").values({ shop_id: shop, user_id: manager, role: "manager" }).execute();
    const [placing, saving] = await Promise.all([customer(), customer()]);
    // Pending first (delivery not chosen), then saved: the one-unit path's push (services/notices.ts pushNewOrderToStaff).
    const pendingBody = body(shop, grinder, { delivery: 0 });
    const pending = await services.orders.placeOrder({ userId: saving, idempotencyKey: "saved-later", body: pendingBody });
    const saved = await services.orders.saveSettings(saving, pending.order.id, { delivery_option: 1, payment_option: 1 });
    const [placed] = await Promise.all([
      services.orders.placeOrder({ userId: placing, idempotencyKey: "placed-together", body: body(shop, grinder) }),
      services.orders.placeOrder({ userId: await customer(), idempotencyKey: "batch-mate", body: body(shop, grinder) }),
    ]);
    const pushOf = async (orderId: number) => {
      const row = await db
        .selectFrom("outbox")
        .select(["user_id", "payload", "dedupe_key"])
        .where("order_id", "=", orderId)
        .where("kind", "=", "staff_new_order")
        .executeTakeFirstOrThrow();
      return { ...row, payload: JSON.parse(row.payload) as Record<string, unknown> };
    };
    const [together, alone] = [await pushOf(placed!.order.id), await pushOf(saved.id)];
    expect(together.user_id).toBe(manager);
    expect(together.dedupe_key).toBe(`staff_new_order:${placed!.order.id}:${manager}`);
    // The same fields in the same order, for two orders of one line at one shop.
    expect(Object.keys(together.payload)).toEqual(Object.keys(alone.payload));
    expect({ ...together.payload, order_id: 0, hold_until: "" }).toEqual({ ...alone.payload, order_id: 0, hold_until: "" });
    expect(together.payload.lines).toEqual([{ product_name: "Aluminium Grinder", price_text: expect.any(String), amount: 1 }]);
  });
});
