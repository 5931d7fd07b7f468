/**
 * Paying in TON, as one object, until the composition root builds its three parts itself (issue 20):
 * tonPayments.ts (quotes, the customer's payment, confirmation by hand), tonReconciliation.ts (the chain's
 * transfers matched to orders, for the watcher) and tonWallets.ts (shop wallets and the admin's rate).
 */
import type { DB } from "../../db/connection";
import type { StaffOrder } from "../domain/contracts/staff";
import type { TonNetwork } from "../domain/ton";
import { createTonPayments } from "./tonPayments";
import { createTonReconciliation } from "./tonReconciliation";
import { createTonWallets } from "./tonWallets";

export { tonPaymentOf } from "./tonPayments";

export interface TonDeps {
  db: DB;
  clock: () => number;
  network: TonNetwork;
  /** The order as the hand-over screen shows it, for the answer to a manual confirmation. */
  staffOrder: (userId: number, orderId: number) => Promise<StaffOrder>;
}

export type Ton = ReturnType<typeof createTon>;

export function createTon({ db, clock, network, staffOrder }: TonDeps) {
  return {
    ...createTonPayments({ db, clock, staffOrder }),
    ...createTonReconciliation({ db, clock }),
    ...createTonWallets({ db, clock, network }),
  };
}
