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
    ["admin_email", "text"], ["created_at", "text"],
  ],
  shop_staff: [["shop_id", "integer"], ["user_id", "integer"], ["role", "text"], ["created_at", "text"]],
  products: [
    ["id", "integer"], ["name", "text"], ["description", "text"], ["full_description", "text"], ["label", "text"],
    ["category_id", "integer"], ["hot_deal", "integer"], ["in_all_list", "integer"], ["position", "integer"],
    ["is_inactive", "integer"], ["is_deleted", "integer"], ["default_option_id", "integer"], ["max_amount", "integer"],
    ["created_at", "text"], ["updated_at", "text"],
  ],
  product_options: [
    ["product_id", "integer"], ["option_id", "integer"], ["per_price", "integer"], ["cost_price", "integer"],
    ["price_text", "text"], ["gift_text", "text"], ["created_at", "text"],
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
    ["product_name", "text"], ["price_text", "text"], ["per_price", "integer"], ["cost_price", "integer"],
    ["amount", "integer"],
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
  "users", "shops", "products", "referral_views", "orders", "order_lines", "order_events", "bonus_ledger", "stock_history", "outbox",
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

/** SQLite allows 32766 parameters a statement; a batch of rows stays well below. */
const SQLITE_PARAMETERS = 30_000;

function sqliteWriter(handle: NonNullable<ReturnType<typeof sqliteHandleOf>>): YearWriter {
  // A seed into a fresh file: a crash loses only the seed itself, so skip the syncs; a bigger page cache
  // keeps the indexes' pages in memory while millions of rows go in.
  handle.pragma("synchronous = OFF");
  handle.pragma("cache_size = -262144");
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
  return {
    async insert(table, rows) {
      const perStatement = Math.floor(SQLITE_PARAMETERS / TABLES[table].length);
      for (let start = 0; start < rows.length; start += perStatement) {
        const batch = rows.slice(start, start + perStatement);
        statementFor(table, batch.length).run(batch.flat());
      }
    },
    async commit() {
      handle.exec("commit");
      handle.exec("begin immediate");
    },
    async finish() {
      handle.exec("commit");
      handle.pragma("synchronous = NORMAL");
      handle.pragma("wal_checkpoint(TRUNCATE)");
      handle.exec("analyze");
    },
    async abort() {
      if (handle.inTransaction) handle.exec("rollback");
    },
  };
}

const PG_ROWS = 5_000;

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
  let begun: Promise<unknown> = client.query("begin");
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
      for (const table of IDENTITY_TABLES) {
        const next = `coalesce((select max(id) from ${table}), 0) + 1`;
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), ${next}, false)`);
      }
      await client.query("commit");
      await client.query("analyze");
      client.release();
    },
    async abort() {
      await client.query("rollback").catch(() => undefined);
      client.release();
    },
  };
}
