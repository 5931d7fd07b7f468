/**
 * What the store asks the TON chain (issue 15): the transactions of a wallet, newest first. The real one
 * reads an indexer's HTTP API in TON Center v3's shape (`TON_API_URL`, optional `TON_API_KEY`); tests run a
 * fake indexer on loopback (tests/helpers/fakeTonIndexer.ts). A failure is an error the watcher logs, never a
 * crash, and an answer it cannot read gives no transactions rather than wrong ones.
 */
import type { ChainTransaction } from "../domain/ton";

export interface TransactionsQuery {
  /** The account (any address form). */
  account: string;
  limit: number;
  offset: number;
  /** Only transactions at or after this time (unix seconds). */
  startUtime: number;
  /** Ends the call early (the store is shutting down). */
  signal?: AbortSignal;
}

export interface TonChain {
  /** The account's transactions, newest first. */
  transactions(query: TransactionsQuery): Promise<ChainTransaction[]>;
}

export class TonChainError extends Error {
  override readonly name = "TonChainError";
}

const REQUEST_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** One transaction of a TON Center v3 answer, or null when it lacks what a payment needs (hash, time). */
export function readTonCenterTransaction(raw: unknown): ChainTransaction | null {
  if (!isObject(raw)) return null;
  const hash = text(raw.hash);
  const now = raw.now;
  if (hash === null || typeof now !== "number" || !Number.isFinite(now)) return null;
  const inMsg = isObject(raw.in_msg) ? raw.in_msg : {};
  const content = isObject(inMsg.message_content) ? inMsg.message_content : {};
  const decoded = isObject(content.decoded) ? content.decoded : {};
  const description = isObject(raw.description) ? raw.description : {};
  return {
    hash,
    now,
    source: text(inMsg.source),
    destination: text(inMsg.destination),
    value: text(inMsg.value),
    bounced: inMsg.bounced === true,
    comment: typeof decoded.comment === "string" ? decoded.comment : null,
    aborted: description.aborted === true,
  };
}

export function createTonCenterChain({
  apiUrl,
  apiKey,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: {
  apiUrl: string;
  apiKey: string | null;
  timeoutMs?: number;
}): TonChain {
  const base = apiUrl.replace(/\/+$/, "");
  return {
    async transactions({ account, limit, offset, startUtime, signal }) {
      const url = new URL(`${base}/transactions`);
      url.search = new URLSearchParams({
        account,
        limit: String(limit),
        offset: String(offset),
        sort: "desc",
        start_utime: String(startUtime),
      }).toString();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: "application/json", ...(apiKey ? { "X-API-Key": apiKey } : {}) },
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TonChainError(`the TON indexer did not answer: ${(error as Error).message}`);
      }
      if (!response.ok) throw new TonChainError(`the TON indexer answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new TonChainError("the TON indexer's answer is not JSON");
      }
      if (!isObject(body) || !Array.isArray(body.transactions))
        throw new TonChainError("the TON indexer's answer has no transactions list");
      return body.transactions.map(readTonCenterTransaction).filter((t): t is ChainTransaction => t !== null);
    },
  };
}
