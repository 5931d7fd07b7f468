/**
 * The role table of the hand-over (issue 11): every staff and admin route called by someone who may not,
 * answered 401, 403 or 404, and nothing in the database changed by it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { placedOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
type Caller = { token: string; userId: number } | null;
const callers: Record<string, Caller> = {};
let newOrder: number;
let inWork: number;
let sig: string;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "1000" } });
  const shops = await shopIdsByName(store.db);
  const products = await productIdsByName(store.db);
  const admin = await signInCustomer(store.app, 1000, "Boss");
  callers["signed-out"] = null;
  callers.customer = await signInCustomer(store.app, 9001, "Alice");
  callers["manager of another shop"] = await signInCustomer(store.app, 2002, "Niran");
  callers["owner of the shop"] = await signInCustomer(store.app, 2003, "Ploy");
  const manager = await signInCustomer(store.app, 2001, "Mali");
  const grant = (shop: string, telegram_id: number, role: string) =>
    store.app.inject({
      method: "POST",
      url: `/api/admin/shops/${shops[shop]}/staff`,
      headers: bearer(admin.token),
      payload: { telegram_id, role },
    });
  await grant("Chaweng Beach Store", 2001, "manager");
  await grant("Lamai Night Market", 2002, "manager");
  await grant("Chaweng Beach Store", 2003, "owner");

  const place = (key: string) =>
    placedOrder(store.app, callers.customer!.token, key, { shopId: shops["Chaweng Beach Store"]!, productId: products["Jack Herer"]! });
  const first = await place("roles-order-1");
  newOrder = first.id;
  sig = new URLSearchParams(first.manage_path.split("?")[1]).get("sig")!;
  inWork = (await place("roles-order-2")).id;
  await store.app.inject({ method: "POST", url: `/api/staff/orders/${inWork}/take`, headers: bearer(manager.token) });
  await store.db.insertInto("bonus_ledger").values({ user_id: callers.customer!.userId, type: "income", amount: 100_000 }).execute();
});

afterAll(async () => {
  await store.close();
});

async function snapshot() {
  const all = (table: "orders" | "order_events" | "outbox" | "bonus_ledger" | "shop_staff" | "stock") =>
    store.db.selectFrom(table).selectAll().execute();
  return Promise.all([all("orders"), all("order_events"), all("outbox"), all("bonus_ledger"), all("shop_staff"), all("stock")]);
}

type Route = { method: "GET" | "POST" | "PUT" | "DELETE"; url: () => string; body?: object };

const staffRoutes: Record<string, Route> = {
  "list orders": { method: "GET", url: () => "/api/staff/orders" },
  "fetch an order": { method: "GET", url: () => `/api/staff/orders/${newOrder}` },
  take: { method: "POST", url: () => `/api/staff/orders/${newOrder}/take` },
  statuses: { method: "PUT", url: () => `/api/staff/orders/${inWork}/statuses`, body: { payment_status: "S", delivery_status: "S" } },
  map: { method: "PUT", url: () => `/api/staff/orders/${inWork}/map`, body: { map: '<iframe src="https://www.google.com/maps/embed?pb=1"></iframe>' } },
  "finish with cash": { method: "POST", url: () => `/api/staff/orders/${inWork}/finish`, body: { by: "cash" } },
  "finish with bonus": { method: "POST", url: () => `/api/staff/orders/${inWork}/finish`, body: { by: "bonus" } },
  contact: { method: "POST", url: () => `/api/staff/orders/${inWork}/contact` },
  sales: { method: "GET", url: () => "/api/staff/sales?filter=new" },
  "sales summary": { method: "GET", url: () => "/api/staff/sales/summary" },
};

const adminRoutes: Record<string, Route> = {
  discount: { method: "PUT", url: () => `/api/admin/orders/${inWork}/discount`, body: { percent: 50 } },
  cancel: { method: "POST", url: () => `/api/admin/orders/${inWork}/cancel` },
  "list staff": { method: "GET", url: () => "/api/admin/shops/2/staff" },
  "grant staff": { method: "POST", url: () => "/api/admin/shops/2/staff", body: { telegram_id: 9001, role: "owner" } },
  "revoke staff": { method: "DELETE", url: () => "/api/admin/shops/2/staff/1" },
};

function call(route: Route, caller: Caller) {
  return store.app.inject({
    method: route.method,
    url: route.url(),
    headers: caller ? bearer(caller.token) : {},
    ...(route.body ? { payload: route.body } : {}),
  });
}

/** What each caller gets on a staff route of an order of the Chaweng shop (lists: their own shops, so 200). */
const staffExpected: Record<string, (route: string) => number> = {
  "signed-out": () => 401,
  customer: () => 403,
  "manager of another shop": (route) => (route === "sales" || route === "sales summary" || route === "list orders" ? 200 : 403),
};

describe("staff routes", () => {
  for (const [who, expected] of Object.entries(staffExpected)) {
    for (const [name, route] of Object.entries(staffRoutes)) {
      it(`${name}: ${who} gets ${expected(name)} and changes nothing`, async () => {
        const before = await snapshot();
        const res = await call(route, callers[who]!);
        expect(res.statusCode).toBe(expected(name));
        if (res.statusCode === 403) {
          const body = res.json();
          expect(body.message).toBe(who === "customer" ? "Отказано в доступе." : "Not valid Manager");
        }
        if (res.statusCode === 200) {
          // A manager's lists hold only their own shop's orders: none of the Chaweng ones.
          const ids = (res.json().orders ?? []).map((o: { id: number }) => o.id);
          expect(ids).not.toContain(newOrder);
          expect(ids).not.toContain(inWork);
        }
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it("a forged or another order's sig gets 403 and changes nothing", async () => {
    const before = await snapshot();
    const owner = callers["owner of the shop"]!;
    expect((await call({ method: "GET", url: () => `/api/staff/orders/${newOrder}?sig=${sig}` }, owner)).statusCode).toBe(200);
    expect((await call({ method: "GET", url: () => `/api/staff/orders/${newOrder}?sig=AAAAAAAAAAAAAAAAAAAAAA` }, owner)).statusCode).toBe(
      403,
    );
    expect((await call({ method: "GET", url: () => `/api/staff/orders/${inWork}?sig=${sig}` }, owner)).statusCode).toBe(403);
    expect((await call({ method: "GET", url: () => `/api/staff/orders/${newOrder}?sig=${"x".repeat(200)}` }, owner)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("an unknown order is a 404 for staff", async () => {
    const owner = callers["owner of the shop"]!;
    for (const route of [
      { method: "GET" as const, url: () => "/api/staff/orders/987654" },
      { method: "POST" as const, url: () => "/api/staff/orders/987654/take" },
      { method: "POST" as const, url: () => "/api/staff/orders/987654/finish", body: { by: "cash" } },
    ]) {
      expect((await call(route, owner)).statusCode).toBe(404);
    }
  });
});

describe("admin-only routes", () => {
  const adminExpected: Record<string, number> = {
    "signed-out": 401,
    customer: 403,
    "manager of another shop": 403,
    "owner of the shop": 403,
  };
  for (const [who, status] of Object.entries(adminExpected)) {
    for (const [name, route] of Object.entries(adminRoutes)) {
      it(`${name}: ${who} gets ${status} and changes nothing`, async () => {
        const before = await snapshot();
        const res = await call(route, callers[who]!);
        expect(res.statusCode).toBe(status);
        if (status === 403) expect(res.json()).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
        expect(await snapshot()).toEqual(before);
      });
    }
  }
});

describe("bad input on the hand-over", () => {
  it("malformed JSON, wrong types, huge bodies and bad ids: 4xx, nothing changed, the process serves on", async () => {
    const owner = callers["owner of the shop"]!;
    const before = await snapshot();
    const raw = (url: string, payload: string) =>
      store.app.inject({ method: "POST", url, headers: { ...bearer(owner.token), "content-type": "application/json" }, payload });
    expect((await raw(`/api/staff/orders/${inWork}/finish`, "{by:")).statusCode).toBe(400);
    expect((await raw(`/api/staff/orders/${inWork}/finish`, JSON.stringify({ by: 1 }))).statusCode).toBe(400);
    expect((await raw(`/api/staff/orders/${inWork}/finish`, JSON.stringify({ by: "cash", pad: "x".repeat(100_000) }))).statusCode).toBe(
      413,
    );
    expect((await raw("/api/staff/orders/abc/take", "{}")).statusCode).toBe(400);
    expect((await raw("/api/staff/orders/-3/take", "{}")).statusCode).toBe(400);
    const bigMap = await store.app.inject({
      method: "PUT",
      url: `/api/staff/orders/${inWork}/map`,
      headers: bearer(owner.token),
      payload: { map: `<iframe src="https://www.google.com/maps/embed?pb=${"1".repeat(5000)}"></iframe>` },
    });
    expect(bigMap.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await store.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
