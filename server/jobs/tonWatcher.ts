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

/** Transactions asked for in one call, and calls per wallet and tick at most. */
export const TON_PAGE = 50;
const MAX_PAGES = 20;
/** The window starts this much before the oldest quote: clocks differ. */
const CLOCK_SLACK_S = 120;

export function createTonWatcher({ ton, chain, log, intervalMs }: { ton: Ton; chain: TonChain; log: FastifyBaseLogger; intervalMs: number }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** Aborted by stop(): a call to a slow indexer does not hold up the shutdown. */
  let stopping = new AbortController();

  async function transactionsSince(wallet: string, sinceS: number): Promise<ChainTransaction[]> {
    const all: ChainTransaction[] = [];
    for (let page = 0; page < MAX_PAGES && !stopping.signal.aborted; page++) {
      const batch = await chain.transactions({ account: wallet, limit: TON_PAGE, offset: page * TON_PAGE, startUtime: sinceS - CLOCK_SLACK_S, signal: stopping.signal });
      all.push(...batch);
      if (batch.length < TON_PAGE) break;
    }
    return all;
  }

  /** One pass over the watched wallets; one wallet's failure (the indexer down) leaves the others checked. */
  async function tick(): Promise<void> {
    for (const shop of await ton.watchedShops()) {
      if (stopping.signal.aborted) return;
      try {
        const counts = await ton.recordTransfers(shop.shopId, shop.wallet, await transactionsSince(shop.wallet, shop.sinceS));
        if (counts.paid || counts.underpaid || counts.refund_due) log.info({ shopId: shop.shopId, ...counts }, "TON transfers recorded");
      } catch (error) {
        log.warn({ err: error, shopId: shop.shopId }, "TON watcher: this wallet's transactions could not be checked; trying again next time");
      }
    }
  }

  return {
    tick,
    start(): void {
      if (stopping.signal.aborted) stopping = new AbortController();
      timer ??= setInterval(() => {
        // A slow tick (a slow indexer) is never overlapped by the next one in this process.
        running ??= tick()
          .catch((error) => log.error({ err: error }, "TON watcher failed"))
          .finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await running;
    },
  };
}
