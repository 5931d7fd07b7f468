/** /lowstock for admins: the options running low in the shops, from the stock service. */
import { Composer } from "grammy";
import type { LowShelf } from "../../../server/domain/stock";
import type { BotContext } from "../../context";
import type { Say } from "../../i18n";
import { adminTextsOf } from "../../texts";

export const lowStockCommand = new Composer<BotContext>();

/** At most this many rows in one message. */
export const LOW_STOCK_SHOWN = 60;

export function lowStockMessage(say: Say, rows: readonly LowShelf[]): string {
  const adminTexts = adminTextsOf(say);
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
    lines.push(adminTexts.lowStockLine(`${row.product_name}${row.price_text ? ` (${row.price_text})` : ""}`, row.amount));
  }
  if (sorted.length > shown.length) lines.push("", adminTexts.lowStockMore(sorted.length - shown.length));
  return lines.join("\n");
}

lowStockCommand.command("lowstock", async (ctx, next) => {
  const backOffice = ctx.deps.backOffice;
  if (!backOffice || (await ctx.deps.botAdmin.adminOf(ctx.sender.id)) === null) return next();
  await ctx.reply(lowStockMessage(ctx.say, await backOffice.stock.lowStock()));
});
