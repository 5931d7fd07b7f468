/** Completed orders for the statistics: a report read, through Kysely. */
import { sql } from "kysely";
import type { Executor } from "../executor";

export interface CompletedLineRow {
  order_id: number;
  completed_at: string;
  discounted_price: number;
  product_id: number;
  product_name: string;
  per_price: number;
  cost_price: number;
  amount: number;
}

/**
 * The lines of orders in status S completed within [fromUtc, toUtcExclusive) (either end open when null),
 * at one shop or all. An order's completion time is its first event into S (its update time for an order
 * older than the events). Products are named as they are named now.
 */
export async function selectCompletedLines(
  db: Executor,
  filter: { fromUtc: string | null; toUtcExclusive: string | null; shopId: number | null },
): Promise<CompletedLineRow[]> {
  const done = db
    .selectFrom("order_events")
    .select(["order_id", sql<string>`min(created_at)`.as("completed_at")])
    .where("to_status", "=", "S")
    .groupBy("order_id")
    .as("done");
  const completedAt = sql<string>`coalesce(done.completed_at, o.updated_at)`;
  let query = db
    .selectFrom("orders as o")
    .leftJoin(done, "done.order_id", "o.id")
    .innerJoin("order_lines as l", "l.order_id", "o.id")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select([
      "o.id as order_id",
      completedAt.as("completed_at"),
      "o.discounted_price",
      "l.product_id",
      "p.name as product_name",
      "l.per_price",
      "l.cost_price",
      "l.amount",
    ])
    .where("o.status", "=", "S");
  if (filter.shopId !== null) query = query.where("o.shop_id", "=", filter.shopId);
  if (filter.fromUtc !== null) query = query.where(completedAt, ">=", filter.fromUtc);
  if (filter.toUtcExclusive !== null) query = query.where(completedAt, "<", filter.toUtcExclusive);
  return query.orderBy("o.id").orderBy("l.id").execute();
}

export async function shopExists(db: Executor, shopId: number): Promise<boolean> {
  const row = await db.selectFrom("shops").select("id").where("id", "=", shopId).executeTakeFirst();
  return row !== undefined;
}
