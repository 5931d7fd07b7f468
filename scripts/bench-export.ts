/**
 * `npm run bench:export` (issue 25): does the order export stream with flat memory? Seeds a SQLite file with
 * `--lines N` order lines (default 100,000; two lines an order, spread evenly over the last 29 days), then
 * exports the default range (the last 30 days: every line) through the service (server/services/orderExport.ts),
 * with a full garbage collection and a sample of memory at every chunk (so garbage not collected yet is not
 * counted). Prints the file's size, the peak growth of the resident memory (RSS) and of the live JS memory (heap
 * and external) over the first half of the file and over the whole, and the ratio of the RSS growth to the
 * file's size: an export that held the file would grow by more than the file (JS strings take 1 to 2 bytes a
 * character). Budgets: RSS growth ≤ 0.75 × the file, live memory no higher at the end than at half way (2 MB).
 * Exits 1 over budget. Run with `node --expose-gc` (npm run bench:export does).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { createOrderExport } from "../server/services/orderExport";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const LINES = arg("lines", 100_000);
const PRICES = { per_price: 450, list_price: 450, cost_price: 200, amount: 1 };
const NOW = Date.parse("2026-11-27T05:00:00.000Z");
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const gc = globalThis.gc ?? (() => { throw new Error("run with node --expose-gc (npm run bench:export does)"); });

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-export-"));
  const db = openDatabase(join(dir, "store.db"));
  try {
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir: null });
    const shopIds = (await db.selectFrom("shops").select("id").where("id", "!=", 1).execute()).map((s) => s.id);
    const [p1, p2] = (await db.selectFrom("products").select("id").orderBy("id").limit(2).execute()).map((p) => p.id);
    const user = await db
      .insertInto("users")
      .values({ telegram_id: 1, reflink: "benchexp", first_name: "Алиса" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const orders = Math.ceil(LINES / 2);
    const started = Date.now();
    for (let first = 0; first < orders; first += 400) {
      await db.transaction().execute(async (tx) => {
        const batch = Array.from({ length: Math.min(400, orders - first) }, (_, i) => {
          const n = first + i;
          return {
            user_id: user.id,
            shop_id: shopIds[n % shopIds.length]!,
            status: "S" as const,
            total_price: 900,
            discounted_price: 900,
            total_cost_price: 400,
            delivery_address: "=cmd|' /C calc'!A0, ถนน 5",
            created_at: new Date(NOW - (n % (29 * 24)) * 3600_000).toISOString(),
            updated_at: new Date(NOW).toISOString(),
          };
        });
        const ids = await tx.insertInto("orders").values(batch).returning("id").execute();
        await tx
          .insertInto("order_lines")
          .values(
            ids.flatMap(({ id }) => [
              { order_id: id, product_id: p1!, option_id: 0, product_name: 'Jack Herer, "sativa"', price_text: "1 g", ...PRICES },
              { order_id: id, product_id: p2!, option_id: 0, product_name: "กัญชา Индика", price_text: "3.5 g", ...PRICES },
            ]),
          )
          .execute();
      });
    }
    console.log(`seeded ${orders * 2} order lines over 29 days in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const service = createOrderExport({ db, clock: () => NOW });
    const { chunks } = await service.start({}, "en");
    gc();
    const before = process.memoryUsage();
    const base = before.rss;
    const baseLive = before.heapUsed + before.external;
    const rss: { bytes: number; rss: number; live: number }[] = [];
    let bytes = 0;
    const t = Date.now();
    for await (const chunk of chunks) {
      bytes += Buffer.byteLength(chunk);
      // What the export keeps alive, not garbage V8 has not collected yet: a full collection before each sample.
      gc();
      const memory = process.memoryUsage();
      rss.push({ bytes, rss: memory.rss, live: memory.heapUsed + memory.external });
    }
    const ms = Date.now() - t;
    // The highest RSS over the first half of the file, and over the whole: a file held in memory doubles its
    // growth from the one to the other; a stream's stays where it was once its garbage found its level.
    const peak = (upTo: number, key: "rss" | "live") => Math.max(0, ...rss.filter((r) => r.bytes <= upTo).map((r) => r[key]));
    const half = { rss: peak(bytes / 2, "rss") - base, live: peak(bytes / 2, "live") - baseLive };
    const whole = { rss: peak(bytes, "rss") - base, live: peak(bytes, "live") - baseLive };
    console.log(`${mb(bytes)} MB of CSV, ${orders * 2} lines, in ${ms} ms with a full GC at every chunk`);
    console.log(`RSS ${mb(base)} MB before; peak growth +${mb(half.rss)} MB over the first half, +${mb(whole.rss)} MB over the whole`);
    console.log(
      `live heap + external ${mb(baseLive)} MB before; peak +${mb(half.live)} MB over the first half, +${mb(whole.live)} MB over the whole`,
    );
    const rssRatio = whole.rss / bytes;
    console.log(`RSS growth / CSV size: ${rssRatio.toFixed(2)} (a file held in memory: over 1; budget 0.75)`);
    console.log(`live growth, whole − first half: ${mb(whole.live - half.live)} MB (budget 2 MB)`);
    if (rssRatio > 0.75 || whole.live - half.live > 2 * 1024 * 1024) {
      console.error("OVER BUDGET");
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
