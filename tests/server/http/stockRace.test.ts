/**
 * Admin stock and customers' orders on one shelf at the same moment, over real HTTP against a listening
 * server (issue 20 "Races"): every unit is accounted in `stock_history` (the shelf is what its rows add up
 * to, row after row), every placed order has its 'sold' row, a refused one has none, and the admins hear of
 * each crossing of the low-stock threshold once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "../../../server/domain/stock";
import { makeTestStore, productIdsByName, shelfAmount, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const ADMIN_TG = 1000;
const CUSTOMERS = 40;
const ADDS = 10;
const ADDED_EACH = 2;
const NOT_ENOUGH = "Not enough products in stock";
const ascending = (a: number, b: number) => a - b;

let store: TestStore;
let base: string;
let shelf: { shop_id: number; product_id: number; option_id: number };

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  await store.app.listen({ host: "127.0.0.1", port: 0 });
  const address = store.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const products = await productIdsByName(store.db);
  const shops = await shopIdsByName(store.db);
  shelf = { shop_id: shops["Chaweng Beach Store"]!, product_id: products["Jack Herer"]!, option_id: 0 };
});

afterAll(() => store.close());

function post(token: string, path: string, body: object, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

describe("an admin adds stock while customers order from the same shelf", () => {
  it("accounts for every unit in stock_history and gives every placed order its 'sold' row", async () => {
    // Few on the shelf, so placements run out and refill while the admin's additions arrive among them.
    await store.db
      .updateTable("stock")
      .set({ amount: 3 })
      .where("shop_id", "=", shelf.shop_id)
      .where("product_id", "=", shelf.product_id)
      .where("option_id", "=", shelf.option_id)
      .execute();
    const admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signInCustomer(store.app, 60_000 + i)));

    // Rounds of four placements and one addition, a few milliseconds apart, none waiting for another's answer:
    // the additions land among the placements, in the same commits and in between.
    const placements: ReturnType<typeof post>[] = [];
    const additions: ReturnType<typeof post>[] = [];
    for (const [i, c] of customers.entries()) {
      const body = { shop_id: shelf.shop_id, items: [{ ...shelf, amount: 1 + (i % 2) }], delivery_option: 1, payment_option: 1 };
      placements.push(post(c.token, "/api/orders", body, { "idempotency-key": `stock-race-${i}` }));
      if (i % (CUSTOMERS / ADDS) === 1) {
        additions.push(post(admin.token, "/api/admin/stock", { ...shelf, amount: ADDED_EACH }));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    }
    const [placed, added] = await Promise.all([Promise.all(placements), Promise.all(additions)]);

    expect(added.map((a) => a.status)).toEqual(Array(ADDS).fill(200));
    for (const answer of placed) {
      if (answer.status !== 201) expect(answer).toEqual({ status: 409, body: { error: "OUT_OF_STOCK", message: NOT_ENOUGH } });
    }
    const orders = placed.filter((a) => a.status === 201).map((a) => a.body.order as { id: number; products: Array<{ amount: number }> });
    expect(orders.length).toBeGreaterThan(0);

    const history = await store.db
      .selectFrom("stock_history")
      .select(["id", "delta", "amount_after", "reason", "order_id"])
      .where("shop_id", "=", shelf.shop_id)
      .where("product_id", "=", shelf.product_id)
      .where("option_id", "=", shelf.option_id)
      .orderBy("id")
      .execute();
    // Row after row, each amount follows from the one before: no change of the shelf went unrecorded.
    for (let i = 1; i < history.length; i++) expect(history[i]!.amount_after).toBe(history[i - 1]!.amount_after + history[i]!.delta);
    expect(history[0]!.amount_after - history[0]!.delta).toBe(3);
    const final = await shelfAmount(store.db, shelf.shop_id, shelf.product_id, shelf.option_id);
    expect(final).toBe(3 + history.reduce((sum, row) => sum + row.delta, 0));
    expect(history.at(-1)!.amount_after).toBe(final);

    const additionsRows = history.filter((row) => row.reason === "added");
    expect(additionsRows.map((row) => row.delta)).toEqual(Array(ADDS).fill(ADDED_EACH));
    expect(added.map((a) => a.body.instock).sort(ascending)).toEqual(additionsRows.map((row) => row.amount_after).sort(ascending));

    // Every placed order has its 'sold' row of its own amount, and a refused placement has none.
    const sold = history.filter((row) => row.reason === "sold");
    expect(sold.map((row) => row.order_id!).sort(ascending)).toEqual(orders.map((o) => o.id).sort(ascending));
    for (const order of orders) expect(sold.find((row) => row.order_id === order.id)!.delta).toBe(-order.products[0]!.amount);
    expect(history.every((row) => row.reason === "added" || row.reason === "sold")).toBe(true);

    // One low-stock push per crossing of the threshold, however the takes and additions interleaved.
    const threshold = LOW_STOCK_THRESHOLD_DEFAULT;
    const crossings = sold.filter((row) => row.amount_after - row.delta > threshold && row.amount_after <= threshold);
    expect(crossings.length).toBeGreaterThan(0);
    const pushes = await store.db.selectFrom("outbox").select(["order_id", "payload"]).where("kind", "=", "low_stock").execute();
    expect(pushes.map((p) => p.order_id!).sort(ascending)).toEqual(crossings.map((row) => row.order_id!).sort(ascending));
    for (const push of pushes) {
      expect(JSON.parse(push.payload).amount).toBe(crossings.find((row) => row.order_id === push.order_id)!.amount_after);
    }
  });
});
