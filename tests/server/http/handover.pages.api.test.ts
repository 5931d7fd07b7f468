/**
 * A staff list page shows each order exactly as the order's own hand-over screen does (issue 23: a page reads
 * its orders' lines, pictures, managers and customers' balances together, not order by order): orders of
 * different products, customers with and without bonus, taken by different staff or by nobody, on every page.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { StaffOrder } from "../../../server/domain/contracts/staff";
import { makeTestStore, shopIdsByName, type TestStore } from "../../helpers/app";
import { placeOrder } from "../../helpers/orders";
import { bearer, emailSession, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const ADMIN_TG = 1000;
/** A clock that stands still, so an open order's remaining time is the same on the list and on its own screen. */
const NOW = Date.now();

let store: TestStore;
let keys = 0;

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => NOW });
  return () => store.close();
});

const get = (url: string, token: string) => store.app.inject({ method: "GET", url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) => store.app.inject({ method: "POST", url, headers: bearer(token), payload });

describe("a staff list page", () => {
  it("shows every order as its own screen does: its lines, pictures, manager and customer's balance", async () => {
    const shop = (await shopIdsByName(store.db))["Chaweng Beach Store"]!;
    // Six different products the shop has on its shelf (without options).
    const stocked = await store.db
      .selectFrom("stock")
      .select("product_id")
      .where("shop_id", "=", shop)
      .where("option_id", "=", 0)
      .where("amount", ">=", 2)
      .orderBy("product_id")
      .execute();
    const products = [...new Set(stocked.map((r) => r.product_id))].slice(0, 6);
    expect(products).toHaveLength(6);
    const admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
    const manager = await signInCustomer(store.app, 2001, "Mali");
    const grant = await post(`/api/admin/shops/${shop}/staff`, admin.token, { telegram_id: 2001, role: "manager" });
    expect(grant.statusCode).toBe(200);
    const alice = await emailSession(store.db, "alice@samui.example");
    const bob = await emailSession(store.db, "bob@samui.example");
    // Bob has bonus; Alice has none.
    await store.db.insertInto("bonus_ledger").values({ user_id: bob.userId, type: "income", amount: 37, order_id: null }).execute();

    const ids: number[] = [];
    for (const [i, who] of [alice, bob, alice, bob, bob, alice].entries()) {
      const line = { shopId: shop, productId: products[i]!, amount: 1 + (i % 2) };
      const placed = await placeOrder(store.app, who.token, `staff-pages-${++keys}-key`, line);
      expect(placed.statusCode, placed.body).toBe(201);
      ids.push(placed.json().order.id);
    }
    // Taken by the manager, by the admin, and by nobody.
    expect((await post(`/api/staff/orders/${ids[1]}/take`, manager.token, {})).statusCode).toBe(200);
    expect((await post(`/api/staff/orders/${ids[2]}/take`, admin.token, {})).statusCode).toBe(200);
    expect((await post(`/api/staff/orders/${ids[4]}/take`, manager.token, {})).statusCode).toBe(200);

    const own = async (id: number, token: string) => {
      const res = await get(`/api/staff/orders/${id}`, token);
      expect(res.statusCode).toBe(200);
      return res.json().order as StaffOrder;
    };
    for (const who of [admin, manager]) {
      const listed: StaffOrder[] = [];
      let cursor: number | null = null;
      do {
        const res = await get(`/api/staff/orders?limit=4${cursor === null ? "" : `&cursor=${cursor}`}`, who.token);
        expect(res.statusCode).toBe(200);
        listed.push(...res.json().orders);
        cursor = res.json().next_cursor;
      } while (cursor !== null);
      expect(listed.map((o) => o.id)).toEqual([...ids].reverse());
      for (const order of listed) expect(order).toEqual(await own(order.id, who.token));
    }

    // The page really differs order by order (a mix-up between orders would show here).
    const page: StaffOrder[] = (await get("/api/staff/orders?limit=20", admin.token)).json().orders;
    const byId = new Map(page.map((o) => [o.id, o]));
    expect(ids.map((id) => byId.get(id)!.partner_balance)).toEqual([0, 37, 0, 37, 37, 0]);
    const takers = ids.map((id) => byId.get(id)!.manager_data?.id ?? null);
    expect(takers).toEqual([null, manager.userId, admin.userId, null, manager.userId, null]);
    expect(ids.map((id) => byId.get(id)!.products.map((l) => [l.product_id, l.amount]))).toEqual(
      products.map((p, i) => [[p, 1 + (i % 2)]]),
    );
    expect(page.some((o) => o.products[0]!.images.length > 0)).toBe(true);

    // The sales lists are the same views.
    const sales: StaffOrder[] = (await get("/api/staff/sales?filter=new&limit=20", manager.token)).json().orders;
    expect(sales.map((o) => o.id)).toEqual([...ids].reverse());
    for (const order of sales) expect(order).toEqual(await own(order.id, manager.token));
  });
});
