/**
 * The pickup hold's use cases (design §4): releasing holds that have ended (the order canceled, its stock
 * back on the shelf, the customer and the pushed staff told) and reminding customers of holds about to
 * end. server/jobs/holds.ts runs them on the clock.
 *
 * One unit of work per order, so one that fails leaves the others done; every change is conditional, so
 * two runs at once (two processes) release and remind each order once.
 */
import type { DB } from "../../db/connection";
import { lockRows } from "../../db/locks";
import {
  insertOrderEvent,
  markReminded,
  moveOrderIf,
  selectExpiredHolds,
  selectHoldsToRemind,
  selectOrderRow,
} from "../../db/repositories/orders";
import { paymentInFlight } from "../../db/repositories/ton";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { HOLD_REMINDER_BEFORE_MS } from "../domain/notifications";
import { SEND_GRACE_MS } from "../domain/ton";
import { tellCustomer, tellPushedStaff } from "./notices";
import { giveBackStock } from "./orders";

export interface HoldsDeps {
  db: DB;
  clock: () => number;
  /** Told how many orders each run canceled because their hold ended (the store's metrics). */
  expired?: (count: number) => void;
}

export type Holds = ReturnType<typeof createHolds>;

const iso = (ms: number) => new Date(ms).toISOString();

export function createHolds({ db, clock, expired = () => undefined }: HoldsDeps) {
  const unitOfWork = unitOfWorkOf(db).named("holds");

  return {
    /** Releases pickup holds that have ended: canceled, stock back, customer told. Returns how many were released. */
    async expireHolds(): Promise<number> {
      // A hold waits while a TON payment reported sent may still arrive (its validUntil plus the grace).
      const paymentCutoff = () => iso(clock() - SEND_GRACE_MS);
      const due = await unitOfWork.read("holdsEnded", (tx) => selectExpiredHolds(tx, iso(clock()), paymentCutoff()));
      const done = await Promise.all(
        due.map((id) =>
          unitOfWork.write("expireHold", async (tx) => {
            // The order's row first: a payment recorded or reported sent meanwhile is read before deciding.
            await lockRows(tx, "orders", [id]);
            const now = iso(clock());
            const row = await selectOrderRow(tx, id);
            // Only the run (or cancel) that moves it out of N gives the stock back.
            if (!row || row.status !== "N" || !row.hold_until || row.hold_until > now) return false;
            if (row.payment_status === "S" || (await paymentInFlight(tx, id, paymentCutoff()))) return false;
            if (!(await moveOrderIf(tx, id, "N", { status: "C", is_reserved: 0 }, now))) return false;
            await giveBackStock(tx, row, now);
            await insertOrderEvent(tx, {
              order_id: id,
              type: "expired",
              from_status: "N",
              to_status: "C",
              actor_user_id: null,
              created_at: now,
            });
            await tellCustomer(tx, "order_expired", id, now);
            await tellPushedStaff(tx, id, "expired", null, now);
            return true;
          }),
        ),
      );
      const released = done.filter(Boolean).length;
      if (released > 0) expired(released);
      return released;
    },

    /** Queues the reminder for holds ending within 30 minutes, once per order. */
    async remindHolds(): Promise<number> {
      const nowMs = clock();
      const due = await unitOfWork.read("holdsEnding", (tx) => selectHoldsToRemind(tx, iso(nowMs), iso(nowMs + HOLD_REMINDER_BEFORE_MS)));
      const done = await Promise.all(
        due.map((id) =>
          unitOfWork.write("remindHold", async (tx) => {
            const now = iso(clock());
            if (!(await markReminded(tx, id, now))) return false;
            await tellCustomer(tx, "hold_reminder", id, now);
            return true;
          }),
        ),
      );
      return done.filter(Boolean).length;
    },
  };
}
