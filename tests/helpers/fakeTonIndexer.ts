/**
 * A TON indexer on loopback answering `GET /api/v3/transactions` in TON Center v3's shape, newest first,
 * with `limit`, `offset` and `start_utime` as the real one takes them. Tests put transactions on a wallet
 * (`transfer`) and read what was asked (`requests`). Destinations come back in the raw upper-case form the
 * real indexer uses, so the store must compare addresses after parsing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Address, beginCell } from "@ton/core";

export interface FakeTransfer {
  /** The shop's wallet (any form). */
  to: string;
  /** nanoTON. */
  value: string | bigint;
  comment: string | null;
  from?: string;
  hash?: string;
  /** Unix seconds. */
  now?: number;
  bounced?: boolean;
  aborted?: boolean;
}

interface StoredTransaction {
  account: Address;
  json: Record<string, unknown>;
  now: number;
}

let counter = 0;

/** A made-up, well-formed address for a sender or another wallet. */
export function randomAddress(): string {
  return new Address(0, Buffer.from(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256)))).toString({
    urlSafe: true,
    bounceable: false,
  });
}

export async function startFakeTonIndexer() {
  const transactions: StoredTransaction[] = [];
  const requests: { account: string; limit: number; offset: number; startUtime: number | null; apiKey: string | null }[] = [];
  let failing = false;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://indexer");
    if (url.pathname !== "/api/v3/transactions") {
      res.writeHead(404).end();
      return;
    }
    const account = url.searchParams.get("account") ?? "";
    const limit = Number(url.searchParams.get("limit") ?? "10");
    const offset = Number(url.searchParams.get("offset") ?? "0");
    const start = url.searchParams.get("start_utime");
    requests.push({
      account,
      limit,
      offset,
      startUtime: start === null ? null : Number(start),
      apiKey: (req.headers["x-api-key"] as string | undefined) ?? null,
    });
    if (failing) {
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: "down" }));
      return;
    }
    let target: Address;
    try {
      target = Address.parse(account);
    } catch {
      res.writeHead(416, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad account" }));
      return;
    }
    const list = transactions
      .filter((t) => t.account.equals(target) && (start === null || t.now >= Number(start)))
      .sort((a, b) => b.now - a.now)
      .slice(offset, offset + limit)
      .map((t) => t.json);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ transactions: list, address_book: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** TON_API_URL for the store. */
    url: `http://127.0.0.1:${port}/api/v3`,
    requests,
    /** Puts a transaction on the wallet `to`; returns its hash. */
    transfer(t: FakeTransfer): string {
      const account = Address.parse(t.to);
      const hash = t.hash ?? Buffer.from(`fake-tx-${++counter}-${Math.random()}`).toString("base64");
      const now = t.now ?? Math.floor(Date.now() / 1000);
      const body = t.comment === null ? null : beginCell().storeUint(0, 32).storeStringTail(t.comment).endCell().toBoc().toString("base64");
      transactions.push({
        account,
        now,
        json: {
          account: account.toRawString().toUpperCase(),
          hash,
          lt: String(1000 + counter),
          now,
          orig_status: "active",
          end_status: "active",
          total_fees: "1000",
          description: { type: "ord", aborted: t.aborted ?? false, destroyed: false, compute_ph: { success: !(t.aborted ?? false) } },
          in_msg: {
            hash: `msg-${hash}`,
            source: (t.from ? Address.parse(t.from) : Address.parse(randomAddress())).toRawString().toUpperCase(),
            destination: account.toRawString().toUpperCase(),
            value: String(t.value),
            fwd_fee: "0",
            bounce: false,
            bounced: t.bounced ?? false,
            created_lt: "1",
            message_content: { hash: "h", body, decoded: t.comment === null ? null : { type: "text_comment", comment: t.comment } },
          },
          out_msgs: [],
        },
      });
      return hash;
    },
    /** The same transaction delivered again (an indexer may repeat itself), maybe under another account or comment. */
    repeat(hash: string, overrides: { account?: string; comment?: string } = {}): void {
      const original = transactions.find((t) => t.json.hash === hash)!;
      type Decoded = { in_msg: { message_content: { decoded: { comment: string } } } };
      const copy = structuredClone(original.json) as Record<string, unknown> & Decoded;
      if (overrides.comment !== undefined) copy.in_msg.message_content.decoded.comment = overrides.comment;
      // Listed under another account, the message still names its own destination (an indexer's mix-up).
      const account = overrides.account ? Address.parse(overrides.account) : original.account;
      transactions.push({ account, now: original.now, json: copy });
    },
    setFailing(value: boolean): void {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTonIndexer = Awaited<ReturnType<typeof startFakeTonIndexer>>;
