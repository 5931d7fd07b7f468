/**
 * The chain watcher (issue 15): every TON_POLL_SECONDS it asks the chain for the transactions of every shop
 * wallet that has an order awaiting a crypto payment (or a recent quote), and hands them to the TON use cases,
 * which judge and record each new one exactly once. A restart loses nothing: the window reaches back to the
 * oldest quote still watched, and a transaction already recorded is skipped by its hash.
 */
import type { FastifyBaseLogger } from "fastify";
import type { ChainTransaction } from "../domain/ton";
import type { Ton } from "../services/ton";
import type { TonChain } from "../services/tonChain";
import { repeating } from "./repeating";

/** Transactions asked for in one call, and calls per wallet and tick at most. */
export const TON_PAGE = 50;
const MAX_PAGES = 20;
/** The window starts this much before the oldest quote: clocks differ. */
const CLOCK_SLACK_S = 120;

export function createTonWatcher({ ton, chain, log, intervalMs }: { ton: Ton; chain: TonChain; log: FastifyBaseLogger; intervalMs: number }) {
  async function transactionsSince(wallet: string, sinceS: number, signal: AbortSignal): Promise<ChainTransaction[]> {
    const all: ChainTransaction[] = [];
    for (let page = 0; page < MAX_PAGES && !signal.aborted; page++) {
      const batch = await chain.transactions({ account: wallet, limit: TON_PAGE, offset: page * TON_PAGE, startUtime: sinceS - CLOCK_SLACK_S, signal });
      all.push(...batch);
      if (batch.length < TON_PAGE) break;
    }
    return all;
  }

  /** One pass over the watched wallets; one wallet's failure (the indexer down) leaves the others checked. */
  /** `signal`: aborted by stop(), so a call to a slow indexer does not hold up the shutdown. */
  async function tick(signal: AbortSignal = new AbortController().signal): Promise<void> {
    for (const shop of await ton.watchedShops()) {
      if (signal.aborted) return;
      try {
        const counts = await ton.recordTransfers(shop.shopId, shop.wallet, await transactionsSince(shop.wallet, shop.sinceS, signal));
        if (counts.paid || counts.underpaid || counts.refund_due) log.info({ shopId: shop.shopId, ...counts }, "TON transfers recorded");
      } catch (error) {
        log.warn({ err: error, shopId: shop.shopId }, "TON watcher: this wallet's transactions could not be checked; trying again next time");
      }
    }
  }

  return { tick: () => tick(), ...repeating(tick, { intervalMs, log, failure: "TON watcher failed" }) };
}
