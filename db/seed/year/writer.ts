/**
 * Writes the year's rows in batches, the one engine-specific part of seed:year: on SQLite multi-row
 * INSERTs prepared once per table and run straight on the better-sqlite3 handle; on PostgreSQL one
 * `insert … select * from unnest(…)` per table and batch (one array per column: a few thousand rows a
 * round trip). Rows are arrays in the column order of TABLES. Either way the rows go in big transactions
 * (`commit` ends one and begins the next), so a year costs minutes, not the hours a statement per row would.
 */
import type { Kysely } from "kysely";
import type pg from "pg";
import { postgresPoolOf, sqliteHandleOf } from "../../connection";
import type { Database } from "../../schema";

/** Every table the year writes, its columns in row order, each with its PostgreSQL type (for `unnest`). */
export const TABLES = {
  users: [
    ["id", "integer"], ["telegram_id", "bigint"], ["email", "text"], ["first_name", "text"], ["last_name", "text"],
    ["username", "text"], ["is_admin", "integer"], ["reflink", "text"], ["phone", "text"], ["delivery_address", "text"],
    ["created_at", "text"], ["updated_at", "text"], ["new_order_pushes", "integer"],
  ],
  shops: [
    ["id", "integer"], ["name", "text"], ["district", "text"], ["address", "text"], ["map_link", "text"],
    ["logo_filename", "text"], ["admin_email", "text"], ["created_at", "text"],
  ],
  shop_staff: [["shop_id", "integer"], ["user_id", "integer"], ["role", "text"], ["created_at", "text"]],
  products: [
    ["id", "integer"], ["name", "text"], ["description", "text"], ["full_description", "text"], ["label", "text"],
    ["category_id", "integer"], ["hot_deal", "integer"], ["in_all_list", "integer"], ["position", "integer"],
    ["is_inactive", "integer"], ["is_deleted", "integer"], ["default_option_id", "integer"], ["max_amount", "integer"],
    ["created_at", "text"], ["updated_at", "text"], ["name_search", "text"],
  ],
  product_options: [
    ["product_id", "integer"], ["option_id", "integer"], ["per_price", "integer"], ["cost_price", "integer"],
    ["price_text", "text"], ["gift_text", "text"], ["created_at", "text"],
  ],
  product_images: [
    ["id", "integer"], ["product_id", "integer"], ["filename", "text"], ["position", "integer"], ["created_at", "text"],
  ],
  referrals: [["user_id", "integer"], ["partner_id", "integer"], ["created_at", "text"]],
  referral_views: [["id", "integer"], ["partner_id", "integer"], ["visitor_key", "text"], ["created_at", "text"]],
  orders: [
    ["id", "integer"], ["user_id", "integer"], ["shop_id", "integer"], ["status", "text"], ["payment_status", "text"],
    ["delivery_status", "text"], ["payment_option", "integer"], ["delivery_option", "integer"], ["phone", "text"],
    ["delivery_address", "text"], ["delivery_address_link", "text"], ["is_reserved", "integer"],
    ["discount_percent", "integer"], ["total_price", "integer"], ["discounted_price", "integer"],
    ["total_cost_price", "integer"], ["paid_with_bonus", "integer"], ["manager_id", "integer"], ["hold_until", "text"],
    ["hold_reminded_at", "text"], ["idempotency_key", "text"], ["request_hash", "text"], ["created_at", "text"],
    ["updated_at", "text"],
  ],
  order_lines: [
    ["id", "integer"], ["order_id", "integer"], ["product_id", "integer"], ["option_id", "integer"],
    ["product_name", "text"], ["price_text", "text"], ["per_price", "integer"], ["list_price", "integer"],
    ["cost_price", "integer"], ["amount", "integer"],
  ],
  order_events: [
    ["id", "integer"], ["order_id", "integer"], ["type", "text"], ["from_status", "text"], ["to_status", "text"],
    ["actor_user_id", "integer"], ["data", "text"], ["created_at", "text"],
  ],
  bonus_ledger: [
    ["id", "integer"], ["user_id", "integer"], ["type", "text"], ["amount", "integer"], ["order_id", "integer"],
    ["source_user_id", "integer"], ["created_at", "text"], ["reason", "text"], ["actor_user_id", "integer"],
  ],
  stock_history: [
    ["id", "integer"], ["shop_id", "integer"], ["product_id", "integer"], ["option_id", "integer"], ["delta", "integer"],
    ["amount_after", "integer"], ["reason", "text"], ["actor_user_id", "integer"], ["order_id", "integer"],
    ["created_at", "text"],
  ],
  outbox: [
    ["id", "integer"], ["kind", "text"], ["user_id", "integer"], ["order_id", "integer"], ["payload", "text"],
    ["dedupe_key", "text"], ["status", "text"], ["attempts", "integer"], ["next_attempt_at", "text"],
    ["last_error", "text"], ["created_at", "text"], ["sent_at", "text"], ["tg_chat_id", "bigint"], ["tg_message_id", "integer"],
  ],
  wishlist: [["user_id", "integer"], ["product_id", "integer"], ["created_at", "text"]],
  stock: [["shop_id", "integer"], ["product_id", "integer"], ["option_id", "integer"], ["amount", "integer"], ["updated_at", "text"]],
} as const satisfies Partial<Record<keyof Database, readonly (readonly [string, string])[]>>;

export type TableName = keyof typeof TABLES;
export type Row = unknown[];

/** Tables whose `id` is an identity column on PostgreSQL: its sequence must move past the ids written. */
const IDENTITY_TABLES = [
  "users", "shops", "products", "product_images", "referral_views", "orders", "order_lines", "order_events", "bonus_ledger",
  "stock_history", "outbox",
] as const;

export interface YearWriter {
  insert(table: TableName, rows: readonly Row[]): Promise<void>;
  /** Commits what was written so far and begins the next transaction. */
  commit(): Promise<void>;
  /** Commits the last transaction and leaves the database ready for the store. */
  finish(): Promise<void>;
  /** Rolls back the open transaction (what earlier commits wrote stays). */
  abort(): Promise<void>;
}

export async function openYearWriter(db: Kysely<Database>): Promise<YearWriter> {
  const pool = postgresPoolOf(db);
  if (pool) return postgresWriter(await pool.connect());
  const handle = sqliteHandleOf(db);
  if (!handle) throw new Error("seed:year writes to the store's SQLite or PostgreSQL database only");
  return sqliteWriter(handle);
}

/**
 * Rows per statement on SQLite: a power of two, and a remainder is written in halving powers of two, so each
 * table needs at most nine prepared statements (a statement per remainder size would prepare a new one at
 * nearly every flush and keep them all: gigabytes and seconds over a year). 256 rows of the widest table are
 * 6,144 parameters, inside SQLite's 32,766.
 */
const SQLITE_ROWS = 256;

/**
 * The tables that take millions of rows. Their plain indexes (not the keys and unique constraints, which
 * check the rows as they go in) are dropped for the load and built again at its end: one sort per index
 * costs far less than millions of inserts at random places of a B-tree. A load that fails builds them again too.
 */
const BULK_TABLES = ["orders", "order_lines", "order_events", "bonus_ledger", "stock_history", "outbox", "wishlist", "referrals"];

function sqliteWriter(handle: NonNullable<ReturnType<typeof sqliteHandleOf>>): YearWriter {
  // A seed into a fresh file: a crash loses only the seed itself, so skip the syncs; a bigger page cache
  // keeps the indexes' pages in memory while millions of rows go in.
  handle.pragma("synchronous = OFF");
  handle.pragma("cache_size = -262144");
  const indexes = handle
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${BULK_TABLES.map(() => "?")})`)
    .all(...BULK_TABLES) as { name: string; sql: string }[];
  const rebuild = () => {
    for (const index of indexes) {
      if (!handle.prepare("select 1 from sqlite_master where type = 'index' and name = ?").get(index.name)) handle.exec(index.sql);
    }
  };
  const statements = new Map<string, ReturnType<typeof handle.prepare>>();
  const statementFor = (table: TableName, rows: number) => {
    const key = `${table}:${rows}`;
    let statement = statements.get(key);
    if (!statement) {
      const columns = TABLES[table].map(([name]) => name);
      const tuple = `(${columns.map(() => "?").join(", ")})`;
      statement = handle.prepare(`insert into ${table} (${columns.join(", ")}) values ${Array(rows).fill(tuple).join(", ")}`);
      statements.set(key, statement);
    }
    return statement;
  };
  handle.exec("begin immediate");
  for (const index of indexes) handle.exec(`drop index ${index.name}`);
  return {
    async insert(table, rows) {
      let start = 0;
      for (let size = SQLITE_ROWS; size >= 1; size >>= 1) {
        for (; rows.length - start >= size; start += size) statementFor(table, size).run(rows.slice(start, start + size).flat());
      }
    },
    async commit() {
      handle.exec("commit");
      handle.exec("begin immediate");
    },
    async finish() {
      rebuild();
      handle.exec("commit");
      handle.pragma("synchronous = NORMAL");
      handle.pragma("wal_checkpoint(TRUNCATE)");
      handle.exec("analyze");
    },
    async abort() {
      if (handle.inTransaction) handle.exec("rollback");
      rebuild();
    },
  };
}

const PG_ROWS = 5_000;

/**
 * Tables with the catalogue-version trigger (db/migrations/20261121T100000_initial.ts) that the year writes. On
 * PostgreSQL it is a deferred trigger per row: at commit, tens of thousands of updates of the one counter row
 * in one transaction, each walking the row's growing chain of versions (the commit of 75,000 wishlist rows did
 * not end in minutes). The load disables these user triggers (the foreign keys' stay) and bumps the version
 * once at the end, which is all a reader of the counter needs.
 */
const CATALOGUE_TABLES = ["shops", "products", "product_options", "product_images", "stock", "wishlist"];

function postgresWriter(client: pg.PoolClient): YearWriter {
  const texts = new Map<TableName, string>();
  const textOf = (table: TableName) => {
    let text = texts.get(table);
    if (!text) {
      const columns = TABLES[table];
      const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
      text = `insert into ${table} (${columns.map(([name]) => name).join(", ")}) select * from unnest(${arrays})`;
      texts.set(table, text);
    }
    return text;
  };
  let indexes: { name: string; definition: string }[] = [];
  let begun: Promise<unknown> = (async () => {
    await client.query("begin");
    const found = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [BULK_TABLES],
    );
    indexes = found.rows;
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    for (const table of CATALOGUE_TABLES) await client.query(`alter table ${table} disable trigger user`);
  })();
  const enableTriggers = async () => {
    for (const table of CATALOGUE_TABLES) await client.query(`alter table ${table} enable trigger user`);
  };
  const rebuild = async () => {
    for (const index of indexes) await client.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
  };
  return {
    async insert(table, rows) {
      await begun;
      const width = TABLES[table].length;
      for (let start = 0; start < rows.length; start += PG_ROWS) {
        const batch = rows.slice(start, start + PG_ROWS);
        const columns: unknown[][] = Array.from({ length: width }, () => new Array(batch.length));
        batch.forEach((row, r) => {
          for (let c = 0; c < width; c++) columns[c]![r] = row[c];
        });
        await client.query(textOf(table), columns);
      }
    },
    async commit() {
      await begun;
      await client.query("commit");
      begun = client.query("begin");
    },
    async finish() {
      await begun;
      await enableTriggers();
      await client.query("update change_counters set version = version + 1 where name = 'catalog'");
      await rebuild();
      await client.query("commit");
      for (const table of IDENTITY_TABLES) {
        const next = `coalesce((select max(id) from ${table}), 0) + 1`;
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), ${next}, false)`);
      }
      await client.query("analyze");
      client.release();
    },
    async abort() {
      await client.query("rollback").catch(() => undefined);
      await enableTriggers().catch(() => undefined);
      await rebuild().catch(() => undefined);
      client.release();
    },
  };
}
