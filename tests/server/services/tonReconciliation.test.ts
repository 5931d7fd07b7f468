/**
 * The TON confirmation's rules under units that run side by side (issue 20), on the use cases themselves on a
 * real SQLite database: the watcher and a manager confirming at once pay an order once; one transaction hash
 * delivered twice at once (the second time with another order's comment) is recorded once and pays one order;
 * the repository's conditional payment and unique hash refuse a second time.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "../../../db/connection";
import { insertTransfer, markOrderPaidIf } from "../../../db/repositories/ton";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import type { StaffOrder } from "../../../server/domain/contracts/staff";
import type { DomainError } from "../../../server/domain/errors";
import type { ChainTransaction } from "../../../server/domain/ton";
import { createTonPayments, type TonPayments } from "../../../server/services/tonPayments";
import { createTonReconciliation, type TonReconciliation } from "../../../server/services/tonReconciliation";
import { createTonWallets } from "../../../server/services/tonWallets";
import { randomAddress } from "../../helpers/fakeTonIndexer";

let db: DB;
let payments: TonPayments;
let reconciliation: TonReconciliation;
let shopId: number;
let wallet: string;
let customerId: number;
let managerId: number;
const nowMs = Date.parse("2026-11-23T10:00:00.000Z");
const nowS = Math.floor(nowMs / 1000);

async function user(fields: { is_admin?: 0 | 1; telegram_id?: number } = {}): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ reflink: `r${randomBytes(5).toString("hex")}`, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeEach(async () => {
  db = openDatabase(":memory:");
  await migrateToLatest(db);
  const clock = () => nowMs;
  payments = createTonPayments({ db, clock, staffOrder: async (_userId, orderId) => ({ id: orderId }) as StaffOrder });
  reconciliation = createTonReconciliation({ db, clock });
  const wallets = createTonWallets({ db, clock, network: "mainnet" });
  const shop = { name: "Chaweng Beach Store", logo_filename: null, admin_email: null, ton_wallet: null };
  shopId = (await db.insertInto("shops").values(shop).returning("id").executeTakeFirstOrThrow()).id;
  wallet = (await wallets.setShopWallet(shopId, randomAddress())).ton_wallet;
  await wallets.setRate(250);
  customerId = await user({ telegram_id: 9001 });
  managerId = await user({ telegram_id: 2001 });
  // An admin, who would be told of a transfer recorded for a refund.
  await user({ is_admin: 1, telegram_id: 1000 });
  await db.insertInto("shop_staff").values({ shop_id: shopId, user_id: managerId, role: "manager" }).execute();
});

afterEach(async () => {
  await db.destroy();
});

/** A new crypto order of 500 Baht and its quote (the customer asked what to pay). */
async function quotedOrder(): Promise<{ id: number; comment: string; amountNano: string }> {
  const order = await db
    .insertInto("orders")
    .values({
      ...{ user_id: customerId, shop_id: shopId, status: "N", payment_option: 3, delivery_option: 1 },
      ...{ total_price: 500, discounted_price: 500, total_cost_price: 0, manager_id: null, hold_until: null },
      ...{ hold_reminded_at: null, idempotency_key: null, request_hash: null },
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const quote = await payments.quote(customerId, order.id);
  return { id: order.id, comment: quote.comment, amountNano: quote.amount_nano };
}

function transfer(comment: string, value: string, hash = randomBytes(32).toString("base64")): ChainTransaction {
  return { hash, now: nowS, source: randomAddress(), destination: wallet, value, bounced: false, comment, aborted: false };
}

async function eventTypes(orderId: number): Promise<string[]> {
  const rows = await db.selectFrom("order_events").select("type").where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((r) => r.type);
}

async function paidNotices(orderId: number): Promise<number> {
  const rows = await db.selectFrom("outbox").select("id").where("order_id", "=", orderId).where("kind", "=", "order_paid").execute();
  return rows.length;
}

describe("confirming a TON payment while other units run beside it", () => {
  it("the watcher and a manager at once: the order is paid once, and the transaction is kept as the proof", async () => {
    let byHand = 0;
    for (let round = 0; round < 10; round++) {
      const order = await quotedOrder();
      const chainTx = transfer(order.comment, order.amountNano);
      // Alternate who is queued first: either way the two give one payment.
      const confirm = () => payments.confirmByHand(managerId, order.id).then(() => 200, (error: DomainError) => error.code);
      const record = () => reconciliation.recordTransfers(shopId, wallet, [chainTx]);
      const [manual, counts] =
        round % 2 === 0
          ? await Promise.all([confirm(), record()])
          : await Promise.all([record(), confirm()]).then(([c, m]) => [m, c] as const);
      expect([200, "ORDER_PAID"]).toContain(manual);
      expect(counts.paid).toBe(1);
      if (manual === 200) byHand++;

      const types = await eventTypes(order.id);
      expect(types.filter((t) => t === "ton_confirmed_by_hand")).toHaveLength(manual === 200 ? 1 : 0);
      expect(types.filter((t) => t === "ton_paid")).toHaveLength(1);
      expect(types).not.toContain("ton_refund_due");
      expect(await paidNotices(order.id)).toBe(1);
      const kept = await db.selectFrom("ton_transfers").select(["tx_hash", "outcome"]).where("order_id", "=", order.id).execute();
      expect(kept).toEqual([{ tx_hash: chainTx.hash, outcome: "paid" }]);
      const row = await db.selectFrom("orders").select("payment_status").where("id", "=", order.id).executeTakeFirstOrThrow();
      expect(row.payment_status).toBe("S");
    }
    // Both ways of winning were run.
    expect(byHand).toBeGreaterThan(0);
    expect(byHand).toBeLessThan(10);
  });

  it("one hash delivered twice at once, the second time with another order's comment: one transfer, one order paid", async () => {
    const a = await quotedOrder();
    const b = await quotedOrder();
    const first = transfer(a.comment, a.amountNano);
    const copied = { ...first, comment: b.comment };
    const [one, two] = await Promise.all([
      reconciliation.recordTransfers(shopId, wallet, [first]),
      reconciliation.recordTransfers(shopId, wallet, [copied]),
    ]);
    expect(one.paid + two.paid).toBe(1);
    expect(one.seen + two.seen).toBe(1);
    const kept = await db.selectFrom("ton_transfers").select(["tx_hash", "order_id"]).execute();
    expect(kept).toEqual([{ tx_hash: first.hash, order_id: a.id }]);
    const statuses = await db.selectFrom("orders").select(["id", "payment_status"]).where("id", "in", [a.id, b.id]).orderBy("id").execute();
    expect(statuses).toEqual([
      { id: a.id, payment_status: "S" },
      { id: b.id, payment_status: "P" },
    ]);
    expect(await eventTypes(b.id)).toEqual([]);
    const refunds = await db.selectFrom("outbox").select("id").where("kind", "=", "ton_refund_due").execute();
    expect(refunds).toEqual([]);
  });

  it("the repository pays an order once and records a hash once, whoever asks second", async () => {
    const order = await quotedOrder();
    const now = new Date(nowMs).toISOString();
    const row = { tx_hash: "h", order_id: order.id, quote_id: null, amount_nano: "1", source: null, comment: order.comment };
    const times = { tx_time: now, seen_at: now };
    const results = await unitOfWorkOf(db).write(async (tx) => [
      await markOrderPaidIf(tx, order.id, now),
      await markOrderPaidIf(tx, order.id, now),
      await insertTransfer(tx, { ...row, ...times, outcome: "paid" }),
      await insertTransfer(tx, { ...row, ...times, outcome: "refund_due" }),
    ]);
    expect(results).toEqual([true, false, true, false]);
    expect(await db.selectFrom("ton_transfers").select("outcome").execute()).toEqual([{ outcome: "paid" }]);
  });
});
