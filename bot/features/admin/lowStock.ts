/** /lowstock for admins: the options running low in the shops, from the stock service. */
import { Composer } from "grammy";
import { formatAmount } from "../../../server/domain/format";
import type { LowShelf } from "../../../server/domain/stock";
import type { BotContext } from "../../context";
import { adminTexts } from "../../texts";

export const lowStockCommand = new Composer<BotContext>();

/** At most this many rows in one message. */
export const LOW_STOCK_SHOWN = 60;

export function lowStockMessage(rows: readonly LowShelf[]): string {
  if (rows.length === 0) return adminTexts.lowStockNone;
  const sorted = [...rows].sort(
    (a, b) =>
      a.shop_name.localeCompare(b.shop_name) ||
      a.shop_id - b.shop_id ||
      a.amount - b.amount ||
      a.product_name.localeCompare(b.product_name),
  );
  const shown = sorted.slice(0, LOW_STOCK_SHOWN);
  const lines = [adminTexts.lowStockTitle(rows.length)];
  let shop: number | null = null;
  for (const row of shown) {
    if (row.shop_id !== shop) {
      shop = row.shop_id;
      lines.push("", row.shop_name);
    }
    lines.push(`${row.product_name}${row.price_text ? ` (${row.price_text})` : ""}: ${formatAmount(row.amount)} left`);
  }
  if (sorted.length > shown.length) lines.push("", `…and ${sorted.length - shown.length} more.`);
  return lines.join("\n");
}

lowStockCommand.command("lowstock", async (ctx, next) => {
  const backOffice = ctx.deps.backOffice;
  if (!backOffice || (await ctx.deps.botAdmin.adminOf(ctx.sender.id)) === null) return next();
  await ctx.reply(lowStockMessage(await backOffice.stock.lowStock()));
});
