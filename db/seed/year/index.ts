/**
 * `npm run seed:year` (issue 23): a realistic year of the store written into an empty database, for the
 * benchmarks and for looking at the screens with a year of data. Deterministic: one seed and one `now`
 * write the same rows. The people and catalogue are world.ts, the year's orders year.ts, the batched writes
 * writer.ts (the engine-specific part).
 */
import type { Kysely } from "kysely";
import { islandDate } from "../../../server/domain/format";
import type { Database } from "../../schema";
import { Random } from "./random";
import { PRODUCT_PICTURE, SHOP_LOGO, writePictures } from "./pictures";
import { openYearWriter, type Row, type TableName } from "./writer";
import { DAY_MS, makeWorld, MINUTE_MS, type World } from "./world";
import { playYear, type Sink, type YearTotals } from "./year";

export interface YearOptions {
  customers: number;
  products: number;
  orders: number;
  seed: number;
  /** The year is the 365 days before this moment (epoch ms). */
  now: number;
  /** Where the products' pictures and the shops' logos go (DATA_DIR/uploads); null writes none (the rows stay). */
  uploadsDir: string | null;
  onProgress?: (progress: { ordersDone: number; orders: number }) => void;
}

export type YearSummary = YearTotals & { customers: number; products: number; referrals: number; wishlist: number };

/** What the target holds already: seed:year writes only into a database without shops, products, users or orders. */
export async function contentsOf(db: Kysely<Database>): Promise<{ orders: number; empty: boolean }> {
  const orders = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const [shop, product, user] = await Promise.all([
    db.selectFrom("shops").select("id").limit(1).execute(),
    db.selectFrom("products").select("id").limit(1).execute(),
    db.selectFrom("users").select("id").limit(1).execute(),
  ]);
  const n = Number(orders.n);
  return { orders: n, empty: n === 0 && shop.length + product.length + user.length === 0 };
}

/** Parents before children: each flush writes the tables in this order, so every foreign key finds its row. */
const FLUSH_ORDER: TableName[] = [
  "users", "shops", "shop_staff", "products", "product_options", "product_images", "referrals", "referral_views", "wishlist", "orders",
  "order_lines", "order_events", "bonus_ledger", "stock_history", "outbox", "stock",
];
const FLUSH_ROWS = 20_000;
const COMMIT_ROWS = 1_000_000;

/** Writes the year; the caller checked that the database is empty and migrated. */
export async function seedYear(db: Kysely<Database>, options: YearOptions): Promise<YearSummary> {
  const random = new Random(options.seed);
  const world = makeWorld(random, options, options.now);
  const writer = await openYearWriter(db);
  const buffers = new Map<TableName, Row[]>(FLUSH_ORDER.map((t) => [t, []]));
  let buffered = 0;
  let sinceCommit = 0;
  const sink: Sink = {
    push(table, row) {
      buffers.get(table)!.push(row);
      buffered++;
    },
  };
  const flush = async () => {
    for (const table of FLUSH_ORDER) {
      const rows = buffers.get(table)!;
      if (rows.length === 0) continue;
      await writer.insert(table, rows);
      buffers.set(table, []);
    }
    sinceCommit += buffered;
    buffered = 0;
    if (sinceCommit >= COMMIT_ROWS) {
      await writer.commit();
      sinceCommit = 0;
    }
  };
  try {
    const people = writePeople(world, random, sink);
    await flush();
    const totals = await playYear(world, random, options, sink, async (ordersDone) => {
      if (buffered < FLUSH_ROWS) return;
      await flush();
      options.onProgress?.({ ordersDone, orders: options.orders });
    });
    await flush();
    await writer.finish();
    if (options.uploadsDir) await writePictures(options.uploadsDir, world.products, world.shops.map((s) => s.id));
    return { ...totals, ...people, customers: world.customers.length, products: world.products.length };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** The shops, staff, catalogue, customers, their referrals, link views and wishlists. */
function writePeople(world: World, random: Random, sink: Sink): { referrals: number; wishlist: number } {
  const iso = (ms: number) => new Date(ms).toISOString();
  const opened = iso(world.start - 60 * DAY_MS);
  for (const p of [...world.admins, ...world.staffPeople, ...world.customers]) {
    const at = iso(p.created_at);
    sink.push("users", [p.id, p.telegram_id, p.email, p.first_name, p.last_name, p.username, p.is_admin, p.reflink, null, null, at, at, 0]);
  }
  for (const shop of world.shops) {
    const admin_email = shop.id === 1 ? null : `${shop.district.toLowerCase().replace(/[^a-z]/g, "")}@samui-store.example`;
    sink.push("shops", [shop.id, shop.name, shop.district, shop.address, shop.map_link, SHOP_LOGO, admin_email, opened]);
  }
  for (const s of world.staff) sink.push("shop_staff", [s.shop_id, s.id, s.role, opened]);
  for (const p of world.products) {
    const updated = Number.isFinite(p.retired_at) ? p.retired_at : p.created_at;
    sink.push("products", [
      p.id, p.name, p.description, p.full_description, p.label, p.category_id, p.hot_deal, p.in_all_list, p.position, p.is_inactive,
      p.is_deleted, p.default_option_id, p.max_amount, iso(p.created_at), iso(updated),
    ]);
    sink.push("product_images", [p.id, p.id, PRODUCT_PICTURE, 0, iso(p.created_at)]);
    for (const o of p.options) {
      sink.push("product_options", [p.id, o.option_id, o.per_price, o.cost_price, o.price_text, o.gift_text, iso(p.created_at)]);
    }
  }
  let referrals = 0;
  let views = 0;
  const visitor = () => random.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", 22);
  world.customers.forEach((customer, i) => {
    const partnerIndex = world.partnerOf[i]!;
    if (partnerIndex < 0) return;
    const partner = world.customers[partnerIndex]!;
    sink.push("referrals", [customer.id, partner.id, iso(customer.created_at)]);
    referrals++;
    // The link was opened before the sign-up, and by a few who never signed up.
    for (let v = 0; v <= random.weighted([0.5, 0.3, 0.2]); v++) {
      const at = customer.created_at - random.int(1, 60 * 24 * 3) * MINUTE_MS;
      sink.push("referral_views", [++views, partner.id, `${islandDate(at)}:c:${visitor()}`, iso(at)]);
    }
  });
  let wishlist = 0;
  for (const customer of world.customers) {
    if (!random.chance(0.25)) continue;
    const chosen = new Set<number>();
    const wanted = random.int(1, 6);
    for (let tries = 0; chosen.size < wanted && tries < 20; tries++) {
      const product = world.products[world.popularity.draw(random)]!;
      const at = customer.created_at + random.next() * 60 * DAY_MS;
      if (product.created_at > at || product.is_deleted === 1 || at > world.now || chosen.has(product.id)) continue;
      chosen.add(product.id);
      sink.push("wishlist", [customer.id, product.id, iso(Math.floor(at))]);
      wishlist++;
    }
  }
  return { referrals, wishlist };
}
