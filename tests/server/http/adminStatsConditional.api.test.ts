/**
 * The statistics answer carries an ETag (issue 23: the answer is kept while its figures stand): asked again with
 * it, a bodyless 304; once another order is completed, the same ETag gets the new figures and a new ETag.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
const now = Date.parse("2026-11-20T05:00:00.000Z");
let admin: { token: string };
let customer: { token: string };
let keys = 0;

async function completedOrder(): Promise<void> {
  const products = await productIdsByName(store.db);
  const shops = await shopIdsByName(store.db);
  const placed = await store.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(customer.token), "idempotency-key": `etag-test-${++keys}` },
    payload: {
      shop_id: shops["Chaweng Beach Store"],
      items: [{ product_id: products["Blue Dream"], option_id: 0, amount: 1 }],
      delivery_option: 1,
      payment_option: 1,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().order.id;
  const take = await store.app.inject({ method: "POST", url: `/api/staff/orders/${id}/take`, headers: bearer(admin.token), payload: {} });
  expect(take.statusCode, take.body).toBe(200);
  const finish = await store.app.inject({
    method: "POST",
    url: `/api/staff/orders/${id}/finish`,
    headers: bearer(admin.token),
    payload: { by: "cash" },
  });
  expect(finish.statusCode, finish.body).toBe(200);
}

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "1000" }, clock: () => now });
  admin = await signInCustomer(store.app, 1000, "Boss", now);
  customer = await signInCustomer(store.app, 3001, "Alice", now);
});
afterAll(async () => {
  await store.close();
});

describe("GET /api/admin/stats: the ETag", () => {
  it("answers 304 to its own ETag while nothing completes, and the new figures once an order is completed", async () => {
    await completedOrder();
    const url = "/api/admin/stats?from=2026-11-20&to=2026-11-20";
    const first = await store.app.inject({ method: "GET", url, headers: bearer(admin.token) });
    expect(first.statusCode).toBe(200);
    expect(first.json().totals.orders).toBe(1);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await store.app.inject({ method: "GET", url, headers: { ...bearer(admin.token), "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await completedOrder();
    const after = await store.app.inject({ method: "GET", url, headers: { ...bearer(admin.token), "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().totals.orders).toBe(2);
    expect(after.headers.etag).not.toBe(etag);
  });
});
