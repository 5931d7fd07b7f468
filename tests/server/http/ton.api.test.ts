/**
 * Paying in TON over HTTP on a real SQLite database (issue 15), with a fake TON indexer on loopback answering
 * in TON Center v3's shape and the real watcher and chain client reading it: the quote, the wallet's reply,
 * what the chain shows (exact, short, wrong comment, other wallet, bounced, aborted, repeated), a restart of
 * the watcher, the hold under a payment in flight, a transfer after the order closed, the race of the watcher
 * and a manager's confirmation by hand, and every bad input of the issue refused with nothing changed.
 */
import { Cell } from "@ton/core";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTonWatcher } from "../../../server/jobs/tonWatcher";
import { loadConfig } from "../../../server/config";
import { createHolds } from "../../../server/services/holds";
import { createTonCenterChain, readTonCenterTransaction, TonChainError } from "../../../server/services/tonChain";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { randomAddress, startFakeTonIndexer, type FakeTonIndexer } from "../../helpers/fakeTonIndexer";
import { bearer, signInCustomer, TEST_BOT_TOKEN, emailSession } from "../../helpers/session";
import { placeOrder as postOrder } from "../../helpers/orders";

const ADMIN_TG = 1000;
const MANAGER_TG = 2001;
const SHOP = "Chaweng Beach Store";
const OTHER_SHOP = "Lamai Night Market";
/** 1 TON = 250 Baht. */
const RATE = 250;

let store: TestStore;
let indexer: FakeTonIndexer;
let nowMs: number;
let shops: Record<string, number>;
let products: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let customer: { token: string; userId: number };
let stranger: { token: string; userId: number };
let wallet: string;
let keys = 0;
const log = pino({ level: "silent" });

const emailUser = (email: string) => emailSession(store.db, email);

function call(method: "GET" | "POST" | "PUT", url: string, token: string | null, payload?: object) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

function watcher() {
  const chain = createTonCenterChain({ apiUrl: indexer.url, apiKey: "test-key" });
  return createTonWatcher({ tonReconciliation: store.app.services.tonReconciliation, chain, log, intervalMs: 60_000 });
}

beforeEach(async () => {
  nowMs = Date.parse("2026-11-23T10:00:00.000Z");
  indexer = await startFakeTonIndexer();
  store = await makeTestStore({
    env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG), TON_API_URL: indexer.url },
    clock: () => nowMs,
  });
  shops = await shopIdsByName(store.db);
  products = await productIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss", nowMs);
  manager = await signInCustomer(store.app, MANAGER_TG, "Mali", nowMs);
  customer = await emailUser("customer.alice@samui.example");
  stranger = await emailUser("someone.else@samui.example");
  const granted = await call("POST", `/api/admin/shops/${shops[SHOP]}/staff`, admin.token, { telegram_id: MANAGER_TG, role: "manager" });
  expect(granted.statusCode).toBe(200);
  wallet = randomAddress();
  const set = await call("PUT", `/api/admin/shops/${shops[SHOP]}/wallet`, admin.token, { ton_wallet: wallet });
  expect(set.statusCode).toBe(200);
  expect((await call("PUT", "/api/admin/settings/ton-rate", admin.token, { thb_per_ton: RATE })).statusCode).toBe(200);
});

afterEach(async () => {
  await store.close();
  await indexer.close();
});

async function placeOrder(payment = 3, shop = SHOP, who = customer) {
  const res = await postOrder(store.app, who.token, `ton-${++keys}-key`, {
    shopId: shops[shop]!,
    productId: products["Jack Herer"]!,
    paymentOption: payment,
  });
  return res;
}

async function cryptoOrder(): Promise<{ id: number; total: number }> {
  const res = await placeOrder();
  expect(res.statusCode).toBe(201);
  return { id: res.json().order.id, total: res.json().order.discounted_price };
}

async function quote(orderId: number, who = customer) {
  return call("POST", `/api/orders/${orderId}/ton/quote`, who.token);
}

async function order(orderId: number) {
  return (await call("GET", `/api/orders/${orderId}`, customer.token)).json().order;
}

async function eventsOf(orderId: number, type: string) {
  return store.db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).where("type", "=", type).execute();
}

async function outboxKinds(orderId: number) {
  return (await store.db.selectFrom("outbox").select(["kind", "user_id"]).where("order_id", "=", orderId).orderBy("id").execute()).filter(
    (r) => ["order_paid", "staff_order_paid", "ton_refund_due"].includes(r.kind),
  );
}

async function transfers() {
  return store.db.selectFrom("ton_transfers").selectAll().orderBy("id").execute();
}

/** A real wallet reply is a bag of cells: this one is a small cell, base64. */
const BOC = "te6cckEBAQEAEwAAIgAAAABLU1MgMTItQUJDREVG1Qwf/Q==";

const nowS = () => Math.floor(nowMs / 1000);
/** The hold clock's use cases on the store's database and clock. */
const holds = () => createHolds({ db: store.db, clock: () => nowMs });

describe("the quote", () => {
  it("gives the shop's wallet, the amount in nanoTON at the rate, a unique comment and its payload; kept 15 minutes, then quoted " +
    "again", async () => {
    const { id, total } = await cryptoOrder();
    const res = await quote(id);
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.address).toBe(wallet);
    expect(BigInt(q.amount_nano)).toBe((BigInt(total) * 1_000_000_000n + BigInt(RATE) - 1n) / BigInt(RATE));
    expect(q.amount_ton).toBe((total / RATE).toString());
    expect(q.comment).toMatch(new RegExp(`^KSS ${id}-[0-9A-F]{8}$`));
    expect(q.valid_until).toBe(new Date(nowMs + 15 * 60_000).toISOString());
    const payload = Cell.fromBase64(q.payload).beginParse();
    expect(payload.loadUint(32)).toBe(0);
    expect(payload.loadStringTail()).toBe(q.comment);

    nowMs += 14 * 60_000;
    expect((await quote(id)).json().comment).toBe(q.comment);
    nowMs += 2 * 60_000;
    const again = (await quote(id)).json();
    expect(again.comment).not.toBe(q.comment);

    const view = await order(id);
    expect(view.payment_status).toBe("P");
    expect(view.ton_payment).toMatchObject({
      state: "quoted",
      awaiting: true,
      quote: { comment: again.comment, amount_nano: again.amount_nano },
      tx_hash: null,
    });
  });

  it("the shop list says which shops take crypto, so the cart can grey it out elsewhere", async () => {
    const listed = (await store.app.inject({ method: "GET", url: "/api/shops" })).json() as {
      shops: { id: number; accepts_crypto: boolean }[];
    };
    expect(listed.shops.find((s) => s.id === shops[SHOP])?.accepts_crypto).toBe(true);
    expect(listed.shops.find((s) => s.id === shops[OTHER_SHOP])?.accepts_crypto).toBe(false);
  });

  it("orders of other payments carry no crypto payment", async () => {
    const res = await placeOrder(1);
    expect(res.json().order.ton_payment).toBeNull();
  });
});

describe("the chain decides", () => {
  it("the exact transfer confirms the order once: payment S, one event with the hash, the customer and the shop's manager " +
    "told", async () => {
    const { id } = await cryptoOrder();
    const q = (await quote(id)).json();
    const hash = indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() });
    const w = watcher();
    await w.tick();
    await w.tick();

    const view = await order(id);
    expect(view.status).toBe("N");
    expect(view.payment_status).toBe("S");
    expect(view.ton_payment).toMatchObject({ state: "paid", awaiting: false, tx_hash: hash, quote: null });
    const paid = await eventsOf(id, "ton_paid");
    expect(paid).toHaveLength(1);
    expect(JSON.parse(paid[0]!.data!)).toMatchObject({ tx_hash: hash, amount_nano: q.amount_nano });
    expect(await outboxKinds(id)).toEqual([
      { kind: "order_paid", user_id: customer.userId },
      { kind: "staff_order_paid", user_id: manager.userId },
    ]);
    expect(indexer.requests.every((r) => r.apiKey === "test-key")).toBe(true);
    // The order was paid without the app ever calling /ton/sent: the chain decides.
    expect(await eventsOf(id, "ton_sent")).toHaveLength(0);
  });

  it("a smaller amount is recorded and shown as underpaid, not accepted; the full amount after it pays", async () => {
    const { id } = await cryptoOrder();
    const q = (await quote(id)).json();
    indexer.transfer({ to: wallet, value: BigInt(q.amount_nano) - 1n, comment: q.comment, now: nowS() });
    await watcher().tick();
    let view = await order(id);
    expect(view.payment_status).toBe("P");
    expect(view.ton_payment.state).toBe("underpaid");
    expect(view.ton_payment.underpaid_ton).toBe(((Number(q.amount_nano) - 1) / 1e9).toString());
    expect((await transfers()).map((t) => t.outcome)).toEqual(["underpaid"]);
    expect(await outboxKinds(id)).toEqual([]);

    indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() + 5 });
    await watcher().tick();
    view = await order(id);
    expect(view.payment_status).toBe("S");
    expect(view.ton_payment.state).toBe("paid");
  });

  it("a wrong comment, another wallet, a bounced or an aborted transfer, or one with no comment pays nothing", async () => {
    const { id } = await cryptoOrder();
    const q = (await quote(id)).json();
    indexer.transfer({ to: wallet, value: q.amount_nano, comment: `${q.comment}X`, now: nowS() });
    indexer.transfer({ to: wallet, value: q.amount_nano, comment: null, now: nowS() });
    indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, bounced: true, now: nowS() });
    indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, aborted: true, now: nowS() });
    // The indexer lists, under the shop's account, a transfer whose destination is another wallet.
    const elsewhere = indexer.transfer({ to: randomAddress(), value: q.amount_nano, comment: q.comment, now: nowS() });
    indexer.repeat(elsewhere, { account: wallet });
    await watcher().tick();
    expect((await order(id)).payment_status).toBe("P");
    expect(await transfers()).toEqual([]);
    expect(await eventsOf(id, "ton_paid")).toEqual([]);
  });

  it("the same transaction delivered twice pays once", async () => {
    const { id } = await cryptoOrder();
    const q = (await quote(id)).json();
    const hash = indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() });
    indexer.repeat(hash);
    await watcher().tick();
    indexer.repeat(hash);
    await watcher().tick();
    expect(await eventsOf(id, "ton_paid")).toHaveLength(1);
    expect(await transfers()).toHaveLength(1);
    expect(await outboxKinds(id)).toHaveLength(2);
  });

  it("a watcher restarted mid-way neither loses nor doubles a confirmation", async () => {
    const first = await cryptoOrder();
    const second = await cryptoOrder();
    const q1 = (await quote(first.id)).json();
    const q2 = (await quote(second.id)).json();
    const before = watcher();
    before.start();
    indexer.transfer({ to: wallet, value: q1.amount_nano, comment: q1.comment, now: nowS() });
    await before.tick();
    await before.stop();
    // While no watcher runs, the second order's transfer arrives, and the first's is listed again.
    nowMs += 60_000;
    indexer.transfer({ to: wallet, value: q2.amount_nano, comment: q2.comment, now: nowS() });
    const after = watcher();
    await after.tick();
    await after.tick();
    for (const { id } of [first, second]) {
      expect((await order(id)).payment_status).toBe("S");
      expect(await eventsOf(id, "ton_paid")).toHaveLength(1);
      expect((await outboxKinds(id)).filter((r) => r.kind === "order_paid")).toHaveLength(1);
    }
    // It asked from the oldest watched quote on, not from the moment it started.
    expect(indexer.requests.at(-1)!.startUtime).toBeLessThanOrEqual(Math.floor(Date.parse(q1.valid_until) / 1000) - 15 * 60);
  });

  it("one transaction whose comment is copied into a second order pays only the first", async () => {
    const a = await cryptoOrder();
    const b = await cryptoOrder();
    const qa = (await quote(a.id)).json();
    const qb = (await quote(b.id)).json();
    const hash = indexer.transfer({ to: wallet, value: qa.amount_nano, comment: qa.comment, now: nowS() });
    await watcher().tick();
    // The indexer now shows the same transaction hash again, with the second order's comment in it.
    indexer.repeat(hash, { comment: qb.comment });
    await watcher().tick();
    expect((await order(a.id)).payment_status).toBe("S");
    expect((await order(b.id)).payment_status).toBe("P");
    expect((await transfers()).map((t) => [t.tx_hash, t.order_id])).toEqual([[hash, a.id]]);
  });

  it("an indexer that is down is logged and tried again; nothing changes meanwhile", async () => {
    const { id } = await cryptoOrder();
    const q = (await quote(id)).json();
    indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() });
    indexer.setFailing(true);
    const w = watcher();
    await expect(w.tick()).resolves.toBeUndefined();
    expect((await order(id)).payment_status).toBe("P");
    indexer.setFailing(false);
    await w.tick();
    expect((await order(id)).payment_status).toBe("S");
  });
});

describe("the pickup hold under a payment in flight", () => {
  const HOLD_MS = 3 * 3600_000;

  it("waits until the message's validUntil plus 10 minutes; paid in the grace, the order stays N and paid", async () => {
    const { id } = await cryptoOrder();
    nowMs += HOLD_MS - 60_000;
    const q = (await quote(id)).json();
    const sent = await call("POST", `/api/orders/${id}/ton/sent`, customer.token, { boc: BOC });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().ton_payment).toMatchObject({ state: "waiting", waiting_until: new Date(nowMs + 15 * 60_000).toISOString() });
    expect((await order(id)).ton_payment.state).toBe("waiting");

    nowMs += 2 * 60_000; // the hold has passed
    expect(await holds().expireHolds()).toBe(0);
    nowMs += 10 * 60_000; // still within validUntil + grace
    expect(await holds().expireHolds()).toBe(0);
    indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() });
    await watcher().tick();
    nowMs += 60 * 60_000; // long after the grace
    expect(await holds().expireHolds()).toBe(0);
    const view = await order(id);
    expect([view.status, view.payment_status]).toEqual(["N", "S"]);
  });

  it("expires once the grace ends without the transfer; a transfer after that is recorded for a refund and the admins told", async () => {
    const { id } = await cryptoOrder();
    nowMs += HOLD_MS - 60_000;
    const q = (await quote(id)).json();
    expect((await call("POST", `/api/orders/${id}/ton/sent`, customer.token, { boc: BOC })).statusCode).toBe(200);
    nowMs += 14 * 60_000;
    expect(await holds().expireHolds()).toBe(0);
    nowMs += 2 * 60_000; // validUntil (5 min) + grace (10 min) have passed
    expect(await holds().expireHolds()).toBe(1);
    expect((await order(id)).status).toBe("C");

    const hash = indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() });
    await watcher().tick();
    const view = await order(id);
    expect([view.status, view.payment_status]).toEqual(["C", "P"]);
    expect((await transfers()).map((t) => [t.tx_hash, t.outcome])).toEqual([[hash, "refund_due"]]);
    expect(await outboxKinds(id)).toEqual([{ kind: "ton_refund_due", user_id: admin.userId }]);
    const refund = await store.db.selectFrom("outbox").select("payload").where("kind", "=", "ton_refund_due").executeTakeFirstOrThrow();
    expect(JSON.parse(refund.payload)).toMatchObject({ order_id: id, tx_hash: hash, reason: "order_closed", amount_ton: q.amount_ton });
  });
});

describe("confirming by hand on the hand-over screen", () => {
  it("a manager confirms a crypto payment (audited with who did it); the staff order shows it paid", async () => {
    const { id } = await cryptoOrder();
    const res = await call("POST", `/api/staff/orders/${id}/ton/confirm`, manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      payment_status: "S",
      ton_payment: { state: "paid", awaiting: false, confirmed_by_hand: true, tx_hash: null },
    });
    const events = await eventsOf(id, "ton_confirmed_by_hand");
    expect(events.map((e) => e.actor_user_id)).toEqual([manager.userId]);
    expect((await call("POST", `/api/staff/orders/${id}/ton/confirm`, manager.token)).json().error).toBe("ORDER_PAID");
    const staffView = (await call("GET", `/api/staff/orders/${id}`, manager.token)).json().order;
    expect(staffView.ton_payment.state).toBe("paid");
  });

  it("a paid order is no longer the customer's to cancel: the shop cancels it and sends the money back", async () => {
    const { id } = await cryptoOrder();
    expect((await order(id)).can_cancel).toBe(true);
    await call("POST", `/api/staff/orders/${id}/ton/confirm`, manager.token);
    expect((await order(id)).can_cancel).toBe(false);
    const res = await call("POST", `/api/orders/${id}/cancel`, customer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("ORDER_PAID");
    expect((await order(id)).status).toBe("N");
  });

  it("the watcher and a manager confirming at once: the order is confirmed exactly once", async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await cryptoOrder();
      const q = (await quote(id)).json();
      indexer.transfer({ to: wallet, value: q.amount_nano, comment: q.comment, now: nowS() });
      const [manual] = await Promise.all([call("POST", `/api/staff/orders/${id}/ton/confirm`, manager.token), watcher().tick()]);
      expect([200, 409]).toContain(manual.statusCode);
      expect((await order(id)).payment_status).toBe("S");
      const byChain = (await eventsOf(id, "ton_paid")).filter((e) => !JSON.parse(e.data!).confirmed_by_hand_before);
      const byHand = await eventsOf(id, "ton_confirmed_by_hand");
      expect(byChain.length + byHand.length).toBe(1);
      expect(manual.statusCode === 200).toBe(byHand.length === 1);
      expect((await outboxKinds(id)).filter((r) => r.kind === "order_paid")).toHaveLength(1);
      // The transaction is kept as the payment's proof either way, never as a second payment.
      expect((await transfers()).filter((t) => t.order_id === id).map((t) => t.outcome)).toEqual(["paid"]);
    }
  });

  it("is refused signed out, to a customer, to another shop's manager, for a cash order and for a closed one", async () => {
    const { id } = await cryptoOrder();
    expect((await call("POST", `/api/staff/orders/${id}/ton/confirm`, null)).statusCode).toBe(401);
    expect((await call("POST", `/api/staff/orders/${id}/ton/confirm`, customer.token)).statusCode).toBe(403);
    const other = await signInCustomer(store.app, 2002, "Niran", nowMs);
    await call("POST", `/api/admin/shops/${shops[OTHER_SHOP]}/staff`, admin.token, { telegram_id: 2002, role: "manager" });
    expect((await call("POST", `/api/staff/orders/${id}/ton/confirm`, other.token)).json()).toEqual({
      error: "NOT_VALID_MANAGER",
      message: "Not valid Manager",
    });
    expect((await order(id)).ton_payment).toMatchObject({ state: "none", awaiting: true });
    const cash = (await placeOrder(1)).json().order.id;
    expect((await call("POST", `/api/staff/orders/${cash}/ton/confirm`, manager.token)).json().error).toBe("NOT_CRYPTO_ORDER");
    expect((await call("POST", `/api/orders/${id}/cancel`, customer.token)).statusCode).toBe(200);
    expect((await call("POST", `/api/staff/orders/${id}/ton/confirm`, manager.token)).json().error).toBe("ORDER_CLOSED");
    expect(await eventsOf(id, "ton_confirmed_by_hand")).toEqual([]);
  });
});

describe("bad input: a clear 4xx, nothing changed", () => {
  async function snapshot() {
    return {
      quotes: await store.db.selectFrom("ton_quotes").selectAll().orderBy("id").execute(),
      orders: await store.db.selectFrom("orders").select(["id", "status", "payment_status", "payment_option"]).orderBy("id").execute(),
      shops: await store.db.selectFrom("shops").select(["id", "ton_wallet"]).orderBy("id").execute(),
      settings: await store.db.selectFrom("settings").selectAll().orderBy("key").execute(),
    };
  }

  it("a quote for someone else's order, a cash order, a paid or a canceled one", async () => {
    const { id } = await cryptoOrder();
    const cash = (await placeOrder(1)).json().order.id;
    const paid = (await cryptoOrder()).id;
    await call("POST", `/api/staff/orders/${paid}/ton/confirm`, manager.token);
    const canceled = (await cryptoOrder()).id;
    await call("POST", `/api/orders/${canceled}/cancel`, customer.token);
    const before = await snapshot();
    expect((await quote(id, stranger)).statusCode).toBe(404);
    expect((await quote(cash)).json()).toMatchObject({ error: "NOT_CRYPTO_ORDER" });
    expect((await quote(paid)).json()).toMatchObject({ error: "ORDER_PAID", message: "This order is paid already." });
    expect((await quote(canceled)).statusCode).toBe(409);
    expect((await call("POST", `/api/orders/${id}/ton/sent`, stranger.token, { boc: BOC })).statusCode).toBe(404);
    expect((await call("POST", `/api/orders/${id}/ton/quote`, null)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("a boc of 1 MB or not base64, or before any quote", async () => {
    const { id } = await cryptoOrder();
    const before = await snapshot();
    expect((await call("POST", `/api/orders/${id}/ton/sent`, customer.token, { boc: BOC })).json()).toMatchObject({
      error: "NO_TON_QUOTE",
    });
    await quote(id);
    const afterQuote = await snapshot();
    const huge = await call("POST", `/api/orders/${id}/ton/sent`, customer.token, { boc: "A".repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty("message");
    const notBase64 = await call("POST", `/api/orders/${id}/ton/sent`, customer.token, { boc: "not base64 at all!" });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().message).toMatch(/base64/);
    expect((await call("POST", `/api/orders/${id}/ton/sent`, customer.token, { boc: "aGVsbG8gd29ybGQ=" })).json()).toMatchObject({
      error: "VALIDATION_ERROR",
    });
    expect((await call("POST", `/api/orders/${id}/ton/sent`, customer.token, {})).statusCode).toBe(400);
    expect(await snapshot()).toEqual(afterQuote);
    expect(before.quotes).toEqual([]);
  });

  it("a rate of 0, negative or not a number; a wallet that does not parse or is for the other network; anyone but an admin", async () => {
    const before = await snapshot();
    for (const thb_per_ton of [0, -5, 1.1234567]) {
      const res = await call("PUT", "/api/admin/settings/ton-rate", admin.token, { thb_per_ton });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("VALIDATION_ERROR");
    }
    expect((await call("PUT", "/api/admin/settings/ton-rate", admin.token, { thb_per_ton: "250" })).statusCode).toBe(400);
    const testnet = (await import("@ton/core")).Address.parse(randomAddress()).toString({ testOnly: true });
    for (const ton_wallet of ["not a wallet", "EQ123", `${wallet}x`, testnet, "-1:" + "ab".repeat(32)]) {
      const res = await call("PUT", `/api/admin/shops/${shops[OTHER_SHOP]}/wallet`, admin.token, { ton_wallet });
      expect(res.statusCode, ton_wallet).toBe(400);
    }
    expect((await call("PUT", "/api/admin/shops/999/wallet", admin.token, { ton_wallet: randomAddress() })).statusCode).toBe(404);
    expect(
      (await call("PUT", `/api/admin/shops/${shops[OTHER_SHOP]}/wallet`, manager.token, { ton_wallet: randomAddress() })).json(),
    ).toEqual({
      error: "FORBIDDEN",
      message: "Отказано в доступе.",
    });
    expect((await call("PUT", "/api/admin/settings/ton-rate", customer.token, { thb_per_ton: 300 })).statusCode).toBe(403);
    expect((await call("PUT", "/api/admin/settings/ton-rate", null, { thb_per_ton: 300 })).statusCode).toBe(401);
    expect((await call("PUT", `/api/admin/shops/${shops[OTHER_SHOP]}/wallet`, null, { ton_wallet: randomAddress() })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("takes a raw address and keeps it in its user-friendly form", async () => {
    const raw = `0:${"ab".repeat(32)}`;
    const res = await call("PUT", `/api/admin/shops/${shops[OTHER_SHOP]}/wallet`, admin.token, { ton_wallet: raw });
    expect(res.json()).toEqual({ shop_id: shops[OTHER_SHOP], ton_wallet: "UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh" });
  });

  it("a shop without a wallet cannot take crypto: placing and saving settings refuse payment 3", async () => {
    const before = await snapshot();
    const res = await placeOrder(3, OTHER_SHOP);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "This shop does not take crypto yet: choose cash or card." });
    expect(await snapshot()).toEqual(before);

    const pending = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": `ton-${++keys}-key` },
      payload: {
        shop_id: shops[OTHER_SHOP],
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        delivery_option: 0,
        payment_option: 0,
      },
    });
    if (pending.statusCode === 201) {
      const id = pending.json().order.id;
      const saved = await call("PUT", `/api/orders/${id}/settings`, customer.token, { delivery_option: 1, payment_option: 3 });
      expect(saved.statusCode).toBe(400);
      expect((await order(id)).status).toBe("P");
    }
  });

  it("without a rate there is no quote", async () => {
    await store.db.deleteFrom("settings").where("key", "=", "ton_thb_per_ton").execute();
    const { id } = await cryptoOrder();
    expect((await quote(id)).json()).toMatchObject({ error: "NO_TON_RATE" });
  });
});

describe("the TON Connect manifest", () => {
  it("is served from PUBLIC_URL with its icon, for wallets on other origins", async () => {
    const res = await store.app.inject({ method: "GET", url: "/tonconnect-manifest.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.json()).toEqual({
      url: store.config.publicUrl,
      name: "Koh Samui Store",
      iconUrl: `${store.config.publicUrl}/tonconnect-icon.png`,
    });
    const icon = await store.app.inject({ method: "GET", url: "/tonconnect-icon.png" });
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });
});

describe("the chain client and its configuration", () => {
  it("reads TON Center v3's transactions, sending the key; a failing or unreadable indexer is an error, never a crash", async () => {
    const hash = indexer.transfer({ to: wallet, value: "5", comment: "hello", now: 1000 });
    const chain = createTonCenterChain({ apiUrl: `${indexer.url}/`, apiKey: "k" });
    const [tx] = await chain.transactions({ account: wallet, limit: 10, offset: 0, startUtime: 0 });
    expect(tx).toMatchObject({ hash, now: 1000, value: "5", comment: "hello", bounced: false, aborted: false });
    expect(tx!.destination).toMatch(/^0:[0-9A-F]{64}$/);
    expect(indexer.requests.at(-1)).toMatchObject({ limit: 10, offset: 0, startUtime: 0, apiKey: "k" });
    indexer.setFailing(true);
    await expect(chain.transactions({ account: wallet, limit: 10, offset: 0, startUtime: 0 })).rejects.toBeInstanceOf(TonChainError);
    await expect(createTonCenterChain({ apiUrl: "http://127.0.0.1:9", apiKey: null, timeoutMs: 500 }).transactions({ account: wallet, limit: 1, offset: 0, startUtime: 0 })).rejects.toBeInstanceOf(TonChainError);
    expect(readTonCenterTransaction({ hash: "h" })).toBeNull();
    expect(readTonCenterTransaction({ hash: "h", now: 1, in_msg: null, description: null })).toMatchObject({
      source: null,
      comment: null,
      aborted: false,
    });
  });

  it("reads TON_API_URL, TON_API_KEY, TON_NETWORK and TON_POLL_SECONDS, refusing what does not parse", () => {
    expect(loadConfig({})).toMatchObject({ tonApiUrl: null, tonApiKey: null, tonNetwork: "mainnet", tonPollSeconds: 10 });
    expect(loadConfig({ TON_API_URL: "https://toncenter.com/api/v3/", TON_API_KEY: "x", TON_NETWORK: "testnet", TON_POLL_SECONDS: "5" })).toMatchObject({
      tonApiUrl: "https://toncenter.com/api/v3",
      tonApiKey: "x",
      tonNetwork: "testnet",
      tonPollSeconds: 5,
    });
    expect(() => loadConfig({ TON_NETWORK: "devnet" })).toThrow(/TON_NETWORK/);
    expect(() => loadConfig({ TON_API_URL: "ftp://x" })).toThrow(/TON_API_URL/);
    expect(() => loadConfig({ TON_POLL_SECONDS: "0" })).toThrow(/TON_POLL_SECONDS/);
  });
});
