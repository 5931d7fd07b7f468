/**
 * The chain watcher (issue 15): every TON_POLL_SECONDS it asks the chain for the transactions of every shop
 * wallet that has an order awaiting a crypto payment (or a recent quote), and hands them to the TON
 * reconciliation (server/services/tonReconciliation.ts), which judges and records each new one exactly once.
 * The chain is read here, outside any unit of work: a unit does database work only. A restart loses nothing:
 * the window reaches back to the oldest quote still watched, and a transaction already recorded is skipped by
 * its hash.
 */
import type { FastifyBaseLogger } from "fastify";
import type { ChainTransaction } from "../domain/ton";
import type { TonChain } from "../services/tonChain";
import type { TonReconciliation } from "../services/tonReconciliation";
import { repeating } from "./repeating";

/** Transactions asked for in one call, and calls per wallet and tick at most. */
export const TON_PAGE = 50;
const MAX_PAGES = 20;
/** The window starts this much before the oldest quote: clocks differ. */
const CLOCK_SLACK_S = 120;

export interface TonWatcherDeps {
  tonReconciliation: Pick<TonReconciliation, "watchedShops" | "recordTransfers">;
  chain: TonChain;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Told of every pass that read every watched wallet without an error (the store's metrics: its lag). */
  looked?: () => void;
}

export function createTonWatcher({ tonReconciliation, chain, log, intervalMs, looked = () => undefined }: TonWatcherDeps) {
  async function transactionsSince(wallet: string, sinceS: number, signal: AbortSignal): Promise<ChainTransaction[]> {
    const all: ChainTransaction[] = [];
    for (let page = 0; page < MAX_PAGES && !signal.aborted; page++) {
      const startUtime = sinceS - CLOCK_SLACK_S;
      const batch = await chain.transactions({ account: wallet, limit: TON_PAGE, offset: page * TON_PAGE, startUtime, signal });
      all.push(...batch);
      if (batch.length < TON_PAGE) break;
    }
    return all;
  }

  /**
   * One pass over the watched wallets; one wallet's failure (the indexer down) leaves the others checked.
   * `signal`: aborted by stop(), so a call to a slow indexer does not hold up the shutdown.
   */
  async function tick(signal: AbortSignal = new AbortController().signal): Promise<void> {
    let everyWallet = true;
    for (const shop of await tonReconciliation.watchedShops()) {
      if (signal.aborted) return;
      try {
        const transactions = await transactionsSince(shop.wallet, shop.sinceS, signal);
        const counts = await tonReconciliation.recordTransfers(shop.shopId, shop.wallet, transactions);
        if (counts.paid || counts.underpaid || counts.refund_due) log.info({ shopId: shop.shopId, ...counts }, "TON transfers recorded");
      } catch (error) {
        everyWallet = false;
        const message = "TON watcher: this wallet's transactions could not be checked; trying again next time";
        log.warn({ err: error, shopId: shop.shopId }, message);
      }
    }
    if (everyWallet) looked();
  }

  return { tick: () => tick(), ...repeating(tick, { intervalMs, log, failure: "TON watcher failed" }) };
}
