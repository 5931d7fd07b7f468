/**
 * Order export (issue 25; the rules: server/domain/orderExport.ts): the CSV of every order line of a range,
 * streamed. The range, shop and status are checked in full before the first byte, so bad input is a 400 and
 * never half a file. Then each page of orders (EXPORT_PAGE_ORDERS, keyset on the order id) is one read unit
 * and becomes one chunk of text: memory holds one page, however long the range. Pages are read one after
 * another, not in one snapshot: an order changing while a long export runs shows as it was when its page was
 * read.
 */
import type { DB } from "../../db/connection";
import { selectExportLines, shopExists, selectExportOrders, type ExportFilter } from "../../db/repositories/orderExport";
import { unitOfWorkOf } from "../../db/unitOfWork";
import type { Locale } from "../domain/locale";
import { NotFoundError } from "../domain/errors";
import {
  CSV_BOM,
  EXPORT_PAGE_ORDERS,
  exportFilename,
  exportHeader,
  exportRow,
  parseExportRange,
  type ExportLine,
  type Say,
} from "../domain/orderExport";
import type { OrderStatus } from "../domain/orders";
import { translateServer } from "../locales";
import { personName } from "./notices";

export type OrderExport = ReturnType<typeof createOrderExport>;

export interface OrderExportQuery {
  from?: string | undefined;
  to?: string | undefined;
  shop_id?: number | undefined;
  status?: OrderStatus | undefined;
}

export function createOrderExport({ db, clock, pageOrders = EXPORT_PAGE_ORDERS }: { db: DB; clock: () => number; pageOrders?: number }) {
  const units = unitOfWorkOf(db).named("orderExport");

  async function* pages(filter: ExportFilter, say: Say): AsyncGenerator<string> {
    yield CSV_BOM + exportHeader(say);
    let afterId = 0;
    for (;;) {
      const text = await units.read("page", async (tx) => {
        const orders = await selectExportOrders(tx, filter, afterId, pageOrders);
        if (orders.length === 0) return null;
        afterId = orders[orders.length - 1]!.id;
        const byId = new Map(orders.map((o) => [o.id, o]));
        let chunk = "";
        for (const line of await selectExportLines(tx, orders.map((o) => o.id))) {
          const o = byId.get(line.order_id)!;
          const row: ExportLine = {
            order_id: o.id,
            created_at: o.created_at,
            updated_at: o.updated_at,
            shop_name: o.shop_name,
            status: o.status,
            payment_option: o.payment_option,
            payment_status: o.payment_status,
            delivery_option: o.delivery_option,
            delivery_status: o.delivery_status,
            delivery_address: o.delivery_address,
            customer: personName(o, { maskedEmail: true }),
            product_name: line.product_name,
            price_text: line.price_text,
            amount: line.amount,
            per_price: line.per_price,
            cost_price: line.cost_price,
            discount_percent: o.discount_percent,
            promo_code: o.promo_code,
            paid_with_bonus: o.paid_with_bonus === 1,
            order_total: o.discounted_price,
          };
          chunk += exportRow(row, say);
        }
        return chunk;
      });
      if (text === null) return;
      if (text) yield text;
    }
  }

  return {
    /**
     * Checks the query and answers the file's name and its text as chunks (the first: BOM and header, in
     * the reader's language). 400 for a bad range, 404 for an unknown shop, both before any chunk.
     */
    async start(query: OrderExportQuery, locale: Locale): Promise<{ filename: string; chunks: AsyncIterable<string> }> {
      const range = parseExportRange(query, clock());
      const shopId = query.shop_id ?? null;
      if (shopId !== null) {
        const known = await units.read("shop", (tx) => shopExists(tx, shopId));
        if (!known) throw new NotFoundError("Shop", "Shop {id} not found", { id: shopId });
      }
      // A dozen words said on every line: each translated once per export.
      const words = new Map<string, string>();
      const say: Say = (english) => words.get(english) ?? words.set(english, translateServer(locale, english)).get(english)!;
      const status = query.status ?? null;
      const filter: ExportFilter = { fromUtc: range.fromUtc, toUtcExclusive: range.toUtcExclusive, shopId, status };
      return { filename: exportFilename(range, shopId, filter.status), chunks: pages(filter, say) };
    },
  };
}
