/**
 * The hand-over over HTTP on a real SQLite database (issue 11): staff grants, the staff lists and order
 * fetch, take, statuses, map, finish with cash or bonus, contact, and the admin's discount and cancel; every
 * bad input of the issue refused with a clear 4xx and nothing changed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { StaffOrder } from "../../../server/domain/contracts/staff";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN, emailSession } from "../../helpers/session";
import { placeOrder as postOrder } from "../../helpers/orders";

let store: TestStore;
let products: Record<string, number>;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let otherManager: { token: string; userId: number };
let customer: { token: string; userId: number };
let keys = 0;

const ADMIN_TG = 1000;
const MAP_URL = "https://www.google.com/maps/embed?pb=!1m18!1m12!3d9.5!2d100.06";
const MAP_CODE =
  `<iframe src="${MAP_URL.replace(/&/g, "&amp;")}" width="600" height="450" style="border:0;" allowfullscreen="" ` +
  `loading="lazy"></iframe>`;

/** A user with an e-mail and a live session, made in the database (e-mail sign-in has its own tests). */
const emailUser = (email: string) => emailSession(store.db, email);

async function grant(shop: string, body: object) {
  return store.app.inject({ method: "POST", url: `/api/admin/shops/${shops[shop]}/staff`, headers: bearer(admin.token), payload: body });
}

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  manager = await signInCustomer(store.app, 2001, "Mali");
  otherManager = await signInCustomer(store.app, 2002, "Niran");
  customer = await emailUser("customer.alice@samui.example");
  expect((await grant("Chaweng Beach Store", { telegram_id: 2001, role: "manager" })).statusCode).toBe(200);
  expect((await grant("Lamai Night Market", { telegram_id: 2002, role: "manager" })).statusCode).toBe(200);
  return () => store.close();
});

async function placeOrder(shop = "Chaweng Beach Store", amount = 2, product = "Jack Herer", who = customer): Promise<number> {
  const res = await postOrder(store.app, who.token, `handover-${++keys}-key`, {
    shopId: shops[shop]!,
    productId: products[product]!,
    amount,
  });
  expect(res.statusCode).toBe(201);
  return res.json().order.id;
}

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function orderRow(id: number) {
  return store.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function eventsOf(id: number, type?: string) {
  let q = store.db.selectFrom("order_events").selectAll().where("order_id", "=", id);
  if (type) q = q.where("type", "=", type);
  return q.orderBy("id").execute();
}

async function stockAt(shop: string, product: string): Promise<number> {
  const row = await store.db
    .selectFrom("stock")
    .select("amount")
    .where("shop_id", "=", shops[shop]!)
    .where("product_id", "=", products[product]!)
    .where("option_id", "=", 0)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

async function outboxOf(id: number) {
  return store.db.selectFrom("outbox").select(["kind", "user_id"]).where("order_id", "=", id).orderBy("id").execute();
}

async function giveBonus(userId: number, amount: number) {
  await store.db.insertInto("bonus_ledger").values({ user_id: userId, type: "income", amount }).execute();
}

async function balanceOf(userId: number): Promise<number> {
  const rows = await store.db.selectFrom("bonus_ledger").select(["type", "amount"]).where("user_id", "=", userId).execute();
  return rows.reduce((sum, r) => sum + (r.type === "income" ? r.amount : -r.amount), 0);
}

describe("staff grants", () => {
  it("lists, grants by e-mail or Telegram id, changes a role, revokes; /api/me reads the roles", async () => {
    const owner = await emailUser("owner.person@samui.example");
    const granted = await grant("Chaweng Beach Store", { email: "Owner.Person@samui.example", role: "owner" });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().staff.map((s: { user_id: number; role: string }) => [s.user_id, s.role])).toEqual([
      [manager.userId, "manager"],
      [owner.userId, "owner"],
    ].sort((a, b) => (a[1] === b[1] ? Number(a[0]) - Number(b[0]) : a[1] === "owner" ? -1 : 1)));

    const me = (await call("GET", "/api/me", owner.token)).json().user;
    expect(me.store_id).toBe(shops["Chaweng Beach Store"]);
    expect(me.shops).toEqual([{ shop_id: shops["Chaweng Beach Store"], name: "Chaweng Beach Store", role: "owner" }]);
    const managerMe = (await call("GET", "/api/me", manager.token)).json().user;
    expect(managerMe.managerData).toEqual({ id: manager.userId, store_id: shops["Chaweng Beach Store"] });

    const revoked = await call("DELETE", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff/${owner.userId}`, admin.token);
    expect(revoked.json().staff.map((s: { user_id: number }) => s.user_id)).toEqual([manager.userId]);
    expect((await call("GET", "/api/me", owner.token)).json().user.shops).toEqual([]);
  });

  it("refuses an unknown user, a bad body, an unknown shop and anyone but an admin, changing nothing", async () => {
    const before = await store.db.selectFrom("shop_staff").selectAll().execute();
    expect((await grant("Chaweng Beach Store", { email: "nobody@samui.example", role: "manager" })).statusCode).toBe(404);
    expect((await grant("Chaweng Beach Store", { telegram_id: 999999, role: "manager" })).statusCode).toBe(404);
    expect((await grant("Chaweng Beach Store", { telegram_id: 2002, role: "boss" })).statusCode).toBe(400);
    expect((await grant("Chaweng Beach Store", { role: "manager" })).json()).toMatchObject({
      error: "VALIDATION_ERROR",
      message: "Give either email or telegram_id",
    });
    expect((await grant("Chaweng Beach Store", { email: "x>,<victim@samui.example", role: "manager" })).statusCode).toBe(400);
    expect((await call("POST", "/api/admin/shops/999/staff", admin.token, { telegram_id: 2002, role: "manager" })).statusCode).toBe(404);
    expect(
      (
        await call("POST", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`, manager.token, { telegram_id: 2002, role: "owner" })
      ).json(),
    ).toEqual({
      error: "FORBIDDEN",
      message: "Отказано в доступе.",
    });
    expect(
      (await call("POST", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`, null, { telegram_id: 2002, role: "owner" })).statusCode,
    ).toBe(401);
    expect(
      (await call("DELETE", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff/${customer.userId}`, admin.token)).statusCode,
    ).toBe(404);
    expect(await store.db.selectFrom("shop_staff").selectAll().execute()).toEqual(before);
  });
});

describe("the staff lists and the manager order fetch", () => {
  it("shows a manager the orders of their shop only, newest first, with the staff fields; an admin every shop", async () => {
    const first = await placeOrder();
    const second = await placeOrder("Chaweng Beach Store", 1);
    const elsewhere = await placeOrder("Lamai Night Market", 1);

    const mine = await call("GET", "/api/staff/orders?status=N", manager.token);
    expect(mine.statusCode).toBe(200);
    const orders: StaffOrder[] = mine.json().orders;
    expect(orders.map((o) => o.id)).toEqual([second, first]);
    const order = orders[1]!;
    expect(order.user_data.email).toBe("custom********ample");
    expect(order.total_cost_price).toBeGreaterThan(0);
    expect(order.products[0]!.cost_price).toBeGreaterThan(0);
    expect(order.partner_balance).toBe(0);
    expect(order.remaining_time).toMatch(/^0[23]:\d\d:\d\d$/);
    expect(order.manager_data).toBeNull();
    expect(order.actions).toEqual({ take: true, finish: true, statuses: true, map: true, contact: false, discount: false, cancel: false });

    const all = (await call("GET", "/api/staff/orders", admin.token)).json().orders.map((o: StaffOrder) => o.id);
    expect(all).toEqual([elsewhere, second, first]);
    expect((await call("GET", "/api/staff/orders", admin.token)).json().orders[0].actions).toMatchObject({ discount: true, cancel: true });

    // Pages: one at a time, then the rest, then nothing more.
    const page1 = (await call("GET", "/api/staff/orders?limit=1", manager.token)).json();
    expect(page1.orders.map((o: StaffOrder) => o.id)).toEqual([second]);
    const page2 = (await call("GET", `/api/staff/orders?limit=1&cursor=${page1.next_cursor}`, manager.token)).json();
    expect(page2.orders.map((o: StaffOrder) => o.id)).toEqual([first]);
    expect(page2.next_cursor).toBeNull();
  });

  it("answers a customer 'Отказано в доступе.', another shop's order 'Not valid Manager', a forged sig 403", async () => {
    const id = await placeOrder();
    expect((await call("GET", "/api/staff/orders", customer.token)).json()).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
    expect((await call("GET", `/api/staff/orders/${id}`, customer.token)).statusCode).toBe(403);
    expect((await call("GET", `/api/staff/orders/${id}`, otherManager.token)).json()).toEqual({
      error: "NOT_VALID_MANAGER",
      message: "Not valid Manager",
    });
    expect((await call("GET", `/api/staff/orders?shop_id=${shops["Chaweng Beach Store"]}`, otherManager.token)).statusCode).toBe(403);
    expect((await call("GET", `/api/staff/orders/${id}`, null)).statusCode).toBe(401);
    expect((await call("GET", "/api/staff/orders/99999", manager.token)).statusCode).toBe(404);

    const { manage_path } = (await call("GET", `/api/orders/${id}`, customer.token)).json().order;
    const sig = new URLSearchParams(manage_path.split("?")[1]).get("sig")!;
    expect((await call("GET", `/api/staff/orders/${id}?sig=${sig}`, manager.token)).statusCode).toBe(200);
    const forgedSig = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const forged = await call("GET", `/api/staff/orders/${id}?sig=${forgedSig}`, manager.token);
    expect(forged.json()).toMatchObject({ error: "INVALID_SIGNATURE" });
    // Another order's signature does not open this one.
    const other = await placeOrder();
    expect((await call("GET", `/api/staff/orders/${other}?sig=${sig}`, manager.token)).statusCode).toBe(403);
  });
});

describe("take order", () => {
  it("moves N to W for the manager, once; the event names the actor; the customer is told", async () => {
    const id = await placeOrder();
    const taken = await call("POST", `/api/staff/orders/${id}/take`, manager.token);
    expect(taken.statusCode).toBe(200);
    const order: StaffOrder = taken.json().order;
    expect(order).toMatchObject({ status: "W", manager_id: manager.userId, manager_desc: { name: "Mali" } });
    expect(order.actions).toMatchObject({ take: false, finish: true, contact: true });
    expect((await eventsOf(id, "taken")).map((e) => [e.from_status, e.to_status, e.actor_user_id])).toEqual([["N", "W", manager.userId]]);
    expect(await outboxOf(id)).toContainEqual({ kind: "order_taken", user_id: customer.userId });

    const again = await call("POST", `/api/staff/orders/${id}/take`, manager.token);
    expect(again.json()).toMatchObject({ error: "ORDER_ALREADY_YOURS" });
  });

  it("of 10 managers pressing at once exactly one wins; the others get 'Another manager got this order'", async () => {
    const team = [];
    for (let i = 0; i < 10; i++) {
      const m = await signInCustomer(store.app, 3000 + i, `M${i}`);
      expect((await grant("Chaweng Beach Store", { telegram_id: 3000 + i, role: "manager" })).statusCode).toBe(200);
      team.push(m);
    }
    const id = await placeOrder();
    const answers = await Promise.all(team.map((m) => call("POST", `/api/staff/orders/${id}/take`, m.token)));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    const losers = answers.filter((a) => a.statusCode === 409);
    expect(losers).toHaveLength(9);
    for (const loser of losers) expect(loser.json()).toEqual({ error: "ORDER_TAKEN", message: "Another manager got this order" });
    expect(await eventsOf(id, "taken")).toHaveLength(1);
    expect((await orderRow(id)).manager_id).toBe(winners[0]!.json().order.manager_id);
  });

  it("refuses an order that is W, S, C, pending, or of another shop, changing nothing", async () => {
    const inWork = await placeOrder();
    await call("POST", `/api/staff/orders/${inWork}/take`, otherManager.token); // another shop: refused
    expect((await orderRow(inWork)).status).toBe("N");
    await call("POST", `/api/staff/orders/${inWork}/take`, manager.token);
    const done = await placeOrder();
    await call("POST", `/api/staff/orders/${done}/finish`, manager.token, { by: "cash" });
    const canceled = await placeOrder();
    await call("POST", `/api/orders/${canceled}/cancel`, customer.token);

    const second = await signInCustomer(store.app, 2003, "Pim");
    await grant("Chaweng Beach Store", { telegram_id: 2003, role: "manager" });
    const before = await store.db.selectFrom("orders").selectAll().orderBy("id").execute();
    expect((await call("POST", `/api/staff/orders/${inWork}/take`, second.token)).json()).toMatchObject({
      error: "ORDER_TAKEN",
      message: "Another manager got this order",
    });
    expect((await call("POST", `/api/staff/orders/${done}/take`, second.token)).json()).toMatchObject({ error: "ORDER_NOT_NEW" });
    expect((await call("POST", `/api/staff/orders/${canceled}/take`, second.token)).statusCode).toBe(409);
    expect((await call("POST", `/api/staff/orders/${inWork}/take`, otherManager.token)).json()).toMatchObject({
      error: "NOT_VALID_MANAGER",
    });
    expect(await store.db.selectFrom("orders").selectAll().orderBy("id").execute()).toEqual(before);
  });
});

describe("statuses and the map", () => {
  it("sets payment and delivery statuses of an open order; refuses bad values and closed orders", async () => {
    const id = await placeOrder();
    const set = await call("PUT", `/api/staff/orders/${id}/statuses`, manager.token, { payment_status: "S", delivery_status: "A" });
    expect(set.json().order).toMatchObject({ payment_status: "S", delivery_status: "A", status: "N" });
    expect(
      (await call("PUT", `/api/staff/orders/${id}/statuses`, manager.token, { payment_status: "X", delivery_status: "A" })).statusCode,
    ).toBe(400);
    expect((await call("PUT", `/api/staff/orders/${id}/statuses`, manager.token, { payment_status: "S" })).statusCode).toBe(400);
    await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" });
    expect(
      (await call("PUT", `/api/staff/orders/${id}/statuses`, manager.token, { payment_status: "P", delivery_status: "P" })).json(),
    ).toMatchObject({ error: "ORDER_CLOSED" });
    expect(await orderRow(id)).toMatchObject({ payment_status: "S", delivery_status: "S" });
  });

  it("keeps only a Google Maps embed address from the pasted iframe, never the HTML", async () => {
    const id = await placeOrder();
    const set = await call("PUT", `/api/staff/orders/${id}/map`, manager.token, { map: MAP_CODE });
    expect(set.statusCode).toBe(200);
    expect(set.json().order.map_html).toBe(MAP_URL);
    expect((await orderRow(id)).map_html).toBe(MAP_URL);
    // The customer's page gets the same address.
    expect((await call("GET", `/api/orders/${id}`, customer.token)).json().order.map_html).toBe(MAP_URL);
  });

  it.each([
    ["a script", `<iframe src="${MAP_URL}"></iframe><script>alert(1)</script>`],
    ["a javascript: URL", `<iframe src="javascript:alert(1)"></iframe>`],
    ["another host", `<iframe src="https://evil.example/maps/embed?pb=1"></iframe>`],
    ["a look-alike host", `<iframe src="https://www.google.com.evil.example/maps/embed?pb=1"></iframe>`],
    ["plain http", `<iframe src="http://www.google.com/maps/embed?pb=1"></iframe>`],
    ["not the embed path", `<iframe src="https://www.google.com/search?q=1"></iframe>`],
    ["no iframe", MAP_URL],
    ["no closing tag", `<iframe src="${MAP_URL}">`],
  ])("refuses a map with %s: 'Invalid map code', nothing stored", async (_what, code) => {
    const id = await placeOrder();
    const res = await call("PUT", `/api/staff/orders/${id}/map`, manager.token, { map: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "Invalid map code" });
    expect((await orderRow(id)).map_html).toBe("");
  });
});

describe("finish", () => {
  it("completes a taken order paid in cash: S with payment and delivery S; the stock stays sold; the stats count it", async () => {
    const product = products["Jack Herer"]!;
    const statsBefore = (await call("GET", `/api/products/${product}`, null)).json().product.stats.orders;
    const stockBefore = await stockAt("Chaweng Beach Store", "Jack Herer");
    const id = await placeOrder();
    await call("POST", `/api/staff/orders/${id}/take`, manager.token);
    const done = await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" });
    expect(done.statusCode).toBe(200);
    expect(done.json().order).toMatchObject({ status: "S", payment_status: "S", delivery_status: "S", paid_with_bonus: false });
    expect(done.json().order.actions).toEqual({
      take: false,
      finish: false,
      statuses: false,
      map: false,
      contact: false,
      discount: false,
      cancel: false,
    });
    expect(await stockAt("Chaweng Beach Store", "Jack Herer")).toBe(stockBefore - 2);
    expect((await call("GET", `/api/products/${product}`, null)).json().product.stats.orders).toBe(statsBefore + 1);
    expect(await outboxOf(id)).toContainEqual({ kind: "order_done", user_id: customer.userId });
    expect((await call("GET", `/api/orders/${id}`, customer.token)).json().order.status).toBe("S");

    // Finishing twice completes once.
    expect((await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" })).json()).toMatchObject({
      error: "ORDER_DONE",
    });
    expect(await eventsOf(id, "finished")).toHaveLength(1);
  });

  it("takes and completes an order nobody took yet in one move", async () => {
    const id = await placeOrder();
    const done = (await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" })).json().order;
    expect(done).toMatchObject({ status: "S", manager_id: manager.userId });
  });

  it("with bonus: only when the balance covers the total to pay; the debit is a ledger entry", async () => {
    const id = await placeOrder();
    const toPay = (await orderRow(id)).discounted_price;
    await giveBonus(customer.userId, toPay - 1);
    const refused = await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "bonus" });
    expect(refused.json()).toMatchObject({ error: "BONUS_TOO_LOW" });
    expect(refused.statusCode).toBe(409);
    expect((await orderRow(id)).status).toBe("N");
    expect(await balanceOf(customer.userId)).toBe(toPay - 1);

    await giveBonus(customer.userId, 1);
    const view = (await call("GET", `/api/staff/orders/${id}`, manager.token)).json().order;
    expect(view.partner_balance).toBe(toPay);
    const paid = await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "bonus" });
    expect(paid.json().order).toMatchObject({ status: "S", paid_with_bonus: true });
    expect(await balanceOf(customer.userId)).toBe(0);
    const ledger = await store.db.selectFrom("bonus_ledger").select(["type", "amount", "order_id"]).where("type", "=", "exp").execute();
    expect(ledger).toEqual([{ type: "exp", amount: toPay, order_id: id }]);
  });

  it("two bonus finishes racing on a balance that covers one: one S, one 409, never below zero", async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const toPay = (await orderRow(a)).discounted_price;
    expect((await orderRow(b)).discounted_price).toBe(toPay);
    await giveBonus(customer.userId, toPay + toPay / 2);
    const answers = await Promise.all([a, b].map((id) => call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "bonus" })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map((r) => r.json().error).filter(Boolean)).toEqual(["BONUS_TOO_LOW"]);
    expect(await balanceOf(customer.userId)).toBe(toPay / 2);
    expect([(await orderRow(a)).status, (await orderRow(b)).status].sort()).toEqual(["N", "S"]);
    const expenses = await store.db.selectFrom("bonus_ledger").select("order_id").where("type", "=", "exp").execute();
    expect(expenses).toHaveLength(1);
  });

  it("five bonus finishes racing for one customer on a balance that covers two: two S, three 409, the balance never below " +
    "zero", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await placeOrder());
    const toPay = (await orderRow(ids[0]!)).discounted_price;
    await giveBonus(customer.userId, 2 * toPay + 1);
    const answers = await Promise.all(ids.map((id) => call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "bonus" })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await balanceOf(customer.userId)).toBe(1);
    const done = await store.db.selectFrom("orders").select("id").where("id", "in", ids).where("status", "=", "S").execute();
    expect(done).toHaveLength(2);
    const expenses = await store.db.selectFrom("bonus_ledger").select("order_id").where("type", "=", "exp").execute();
    expect(expenses.map((e) => e.order_id).sort()).toEqual(done.map((o) => o.id).sort());
  });

  it("refuses a bad 'by', an order of another shop, canceled or pending orders", async () => {
    const id = await placeOrder();
    expect((await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "card" })).statusCode).toBe(400);
    expect((await call("POST", `/api/staff/orders/${id}/finish`, manager.token, {})).statusCode).toBe(400);
    expect((await call("POST", `/api/staff/orders/${id}/finish`, otherManager.token, { by: "cash" })).statusCode).toBe(403);
    await call("POST", `/api/orders/${id}/cancel`, customer.token);
    expect((await call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" })).json()).toMatchObject({
      error: "ORDER_CLOSED",
    });
    const pending = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": "handover-pending-1" },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        delivery_option: 0,
        payment_option: 0,
      },
    });
    const pendingId = pending.json().order.id;
    expect((await call("POST", `/api/staff/orders/${pendingId}/finish`, manager.token, { by: "cash" })).statusCode).toBe(409);
    expect((await orderRow(pendingId)).status).toBe("P");
  });
});

describe("contact client", () => {
  it("queues the bot's message to a manager with a Telegram chat, for an order in work only", async () => {
    const id = await placeOrder();
    expect((await call("POST", `/api/staff/orders/${id}/contact`, manager.token)).json()).toMatchObject({ error: "ORDER_NOT_IN_WORK" });
    await call("POST", `/api/staff/orders/${id}/take`, manager.token);
    expect((await call("POST", `/api/staff/orders/${id}/contact`, manager.token)).json()).toEqual({ ok: true });
    const row = await store.db
      .selectFrom("outbox")
      .select(["kind", "user_id", "payload"])
      .where("kind", "=", "contact_client")
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(manager.userId);
    expect(JSON.parse(row.payload)).toMatchObject({ order_id: id, email: "customer.alice@samui.example", telegram_id: null });
  });

  it("answers ok false for a manager the bot cannot reach (no Telegram chat, or blocked)", async () => {
    const mailOnly = await emailUser("mail.manager@samui.example");
    await grant("Chaweng Beach Store", { email: "mail.manager@samui.example", role: "manager" });
    const id = await placeOrder();
    await call("POST", `/api/staff/orders/${id}/take`, mailOnly.token);
    expect((await call("POST", `/api/staff/orders/${id}/contact`, mailOnly.token)).json()).toEqual({ ok: false });
    await store.db
      .updateTable("users")
      .set({ telegram_unreachable_at: "2026-01-01T00:00:00.000Z" })
      .where("id", "=", manager.userId)
      .execute();
    expect((await call("POST", `/api/staff/orders/${id}/contact`, manager.token)).json()).toEqual({ ok: false });
    expect(await store.db.selectFrom("outbox").select("id").where("kind", "=", "contact_client").execute()).toEqual([]);
  });

  it("answers ok false for a manager who refused the bot's messages in the mini-app (the outbox would skip the push)", async () => {
    const id = await placeOrder();
    await call("POST", `/api/staff/orders/${id}/take`, manager.token);
    expect((await call("PUT", "/api/me/write-access", manager.token, { allowed: false })).statusCode).toBe(200);
    expect((await call("POST", `/api/staff/orders/${id}/contact`, manager.token)).json()).toEqual({ ok: false });
    expect(await store.db.selectFrom("outbox").select("id").where("kind", "=", "contact_client").execute()).toEqual([]);
    expect((await call("PUT", "/api/me/write-access", manager.token, { allowed: true })).statusCode).toBe(200);
    expect((await call("POST", `/api/staff/orders/${id}/contact`, manager.token)).json()).toEqual({ ok: true });
  });
});

describe("the admin's discount and cancel", () => {
  it("sets a whole percent; the price to pay follows; the customer is told", async () => {
    const id = await placeOrder();
    const total = (await orderRow(id)).total_price;
    const res = await call("PUT", `/api/admin/orders/${id}/discount`, admin.token, { percent: 10 });
    expect(res.json().order).toMatchObject({ discount_percent: 10, total_price: total, discounted_price: Math.round(total * 0.9) });
    expect(await outboxOf(id)).toContainEqual({ kind: "order_discounted", user_id: customer.userId });
    expect((await call("PUT", `/api/admin/orders/${id}/discount`, admin.token, { percent: "15" })).json().order.discount_percent).toBe(15);
  });

  it.each([[12.5], [-1], [101], ["abc"], ["1e1"], [""]])("refuses %j with 'Некорректное число', nothing changed", async (percent) => {
    const id = await placeOrder();
    const res = await call("PUT", `/api/admin/orders/${id}/discount`, admin.token, { percent });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "Некорректное число" });
    expect((await orderRow(id)).discount_percent).toBe(0);
  });

  it("refuses a discount or a cancel on a paid and delivered order, and to anyone but an admin", async () => {
    const id = await placeOrder();
    expect((await call("PUT", `/api/admin/orders/${id}/discount`, manager.token, { percent: 5 })).statusCode).toBe(403);
    expect((await call("POST", `/api/admin/orders/${id}/cancel`, manager.token)).statusCode).toBe(403);
    expect((await call("POST", `/api/admin/orders/${id}/cancel`, customer.token)).statusCode).toBe(403);
    await call("PUT", `/api/staff/orders/${id}/statuses`, manager.token, { payment_status: "S", delivery_status: "S" });
    expect((await call("PUT", `/api/admin/orders/${id}/discount`, admin.token, { percent: 5 })).json()).toMatchObject({
      error: "ORDER_SETTLED",
    });
    expect((await call("POST", `/api/admin/orders/${id}/cancel`, admin.token)).json()).toMatchObject({ error: "ORDER_NOT_CANCELABLE" });
    expect(await orderRow(id)).toMatchObject({ status: "N", discount_percent: 0 });
  });

  it("tells a manager who was never pushed the order (no Telegram chat at the time) with a message of its own", async () => {
    const mailOnly = await emailUser("late.manager@samui.example");
    await grant("Chaweng Beach Store", { email: "late.manager@samui.example", role: "manager" });
    const id = await placeOrder();
    await call("POST", `/api/staff/orders/${id}/take`, mailOnly.token);
    await call("POST", `/api/admin/orders/${id}/cancel`, admin.token);
    expect(await outboxOf(id)).toContainEqual({ kind: "staff_order_canceled", user_id: mailOnly.userId });
  });

  it("cancels an order in work: stock back, the customer and the manager told", async () => {
    const before = await stockAt("Chaweng Beach Store", "Jack Herer");
    const id = await placeOrder();
    await call("POST", `/api/staff/orders/${id}/take`, manager.token);
    const res = await call("POST", `/api/admin/orders/${id}/cancel`, admin.token);
    expect(res.json().order.status).toBe("C");
    expect(await stockAt("Chaweng Beach Store", "Jack Herer")).toBe(before);
    const told = await outboxOf(id);
    expect(told).toContainEqual({ kind: "order_canceled", user_id: customer.userId });
    // The manager was pushed the order: that push is edited to say so, rather than a second message.
    expect(told).toContainEqual({ kind: "staff_order_update", user_id: manager.userId });
    expect(told).not.toContainEqual({ kind: "staff_order_canceled", user_id: manager.userId });
    expect((await call("POST", `/api/admin/orders/${id}/cancel`, admin.token)).statusCode).toBe(409);
  });

  it("of 5 hand-overs of one order pressed at once, one is done; the others hear it is already done", async () => {
    const id = await placeOrder("Chaweng Beach Store", 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const loser of answers.filter((a) => a.statusCode !== 200)) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toEqual({ error: "ORDER_DONE", message: "This order is already done." });
    }
    expect(await eventsOf(id, "finished")).toHaveLength(1);
  });

  it("finish and admin cancel racing: S or C, never both, and the stock adds up", async () => {
    const before = await stockAt("Chaweng Beach Store", "Jack Herer");
    for (let round = 0; round < 5; round++) {
      const id = await placeOrder("Chaweng Beach Store", 1);
      await call("POST", `/api/staff/orders/${id}/take`, manager.token);
      const [finish, cancel] = await Promise.all([
        call("POST", `/api/staff/orders/${id}/finish`, manager.token, { by: "cash" }),
        call("POST", `/api/admin/orders/${id}/cancel`, admin.token),
      ]);
      expect([finish.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const status = (await orderRow(id)).status;
      expect(["S", "C"]).toContain(status);
      expect((await eventsOf(id)).filter((e) => e.to_status === "S" || e.to_status === "C")).toHaveLength(1);
    }
    const sold = await store.db.selectFrom("orders").select("id").where("status", "=", "S").execute();
    expect(await stockAt("Chaweng Beach Store", "Jack Herer")).toBe(before - sold.length);
  });
});

describe("sales", () => {
  it("counts a shop's and a manager's open and done orders, and lists them by filter", async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    await placeOrder("Lamai Night Market", 1);
    await call("POST", `/api/staff/orders/${a}/finish`, manager.token, { by: "cash" });
    await call("POST", `/api/staff/orders/${b}/take`, manager.token);
    const third = await placeOrder();

    const done = (await call("GET", "/api/staff/sales?filter=done", manager.token)).json();
    expect(done.orders.map((o: StaffOrder) => o.id)).toEqual([a]);
    expect(done.counts).toEqual({ new: 2, done: 1 });
    const open = (await call("GET", "/api/staff/sales?filter=new", manager.token)).json();
    expect(open.orders.map((o: StaffOrder) => o.id)).toEqual([third, b]);
    const mine = (await call("GET", "/api/staff/sales?filter=new&mine=true", manager.token)).json();
    expect(mine.orders.map((o: StaffOrder) => o.id)).toEqual([b]);
    expect(mine.counts).toEqual({ new: 1, done: 1 });
    expect((await call("GET", "/api/staff/sales/summary", manager.token)).json()).toEqual({
      shop: { new: 2, done: 1 },
      mine: { new: 1, done: 1 },
    });
    expect((await call("GET", "/api/staff/sales/summary", customer.token)).statusCode).toBe(403);
    expect((await call("GET", "/api/staff/sales?filter=all", manager.token)).statusCode).toBe(400);
  });
});
