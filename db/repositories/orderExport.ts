/**
 * The order export's queries (server/services/orderExport.ts): one page of orders by ascending id after a
 * cursor (keyset paging: each page starts where the last ended, so a long range costs one pass over the
 * orders, never a growing offset), and the lines of those orders.
 */
import type { Executor } from "../executor";

export interface ExportFilter {
  fromUtc: string;
  toUtcExclusive: string;
  shopId: number | null;
  status: "P" | "N" | "W" | "S" | "C" | null;
}

/** Orders placed in the range (and of the shop and status asked), id after `afterId`, at most `limit`. */
export async function selectExportOrders(tx: Executor, filter: ExportFilter, afterId: number, limit: number) {
  let query = tx
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    // The order's promo code while it holds the use (a canceled or expired order gave it back).
    .leftJoin("promo_uses as pu", "pu.order_id", "o.id")
    .select([
      "o.id",
      "o.created_at",
      "o.updated_at",
      "s.name as shop_name",
      "o.status",
      "o.payment_option",
      "o.payment_status",
      "o.delivery_option",
      "o.delivery_status",
      "o.delivery_address",
      "o.discount_percent",
      "o.discounted_price",
      "o.paid_with_bonus",
      "u.first_name",
      "u.last_name",
      "u.username",
      "u.email",
      "pu.code as promo_code",
    ])
    .where("o.id", ">", afterId)
    .where("o.created_at", ">=", filter.fromUtc)
    .where("o.created_at", "<", filter.toUtcExclusive);
  if (filter.shopId !== null) query = query.where("o.shop_id", "=", filter.shopId);
  if (filter.status !== null) query = query.where("o.status", "=", filter.status);
  return query.orderBy("o.id").limit(limit).execute();
}

export type ExportOrderRow = Awaited<ReturnType<typeof selectExportOrders>>[number];

/** The lines of the given orders, by order and line. */
export async function selectExportLines(tx: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return tx
    .selectFrom("order_lines")
    .select(["id", "order_id", "product_name", "price_text", "amount", "per_price", "cost_price"])
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("id")
    .execute();
}

/** Whether a shop of that id exists (deleted shops too: their orders stay exportable). */
export async function shopExists(tx: Executor, shopId: number): Promise<boolean> {
  return (await tx.selectFrom("shops").select("id").where("id", "=", shopId).executeTakeFirst()) !== undefined;
}
