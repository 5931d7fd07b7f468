/**
 * The back office's use cases as the bot's admin side needs them (./ports.ts): made by the composition root
 * (server/main.ts, and bot/launch.ts in webhook mode) from the services the HTTP app made, so the bot and
 * the mini-app's admin screens run the very same code.
 */
import type { AdminProducts } from "../../../server/services/adminProducts";
import type { Stock } from "../../../server/services/stock";
import type { AdminBotServices, StatsQuery, StatsReport } from "./ports";

export interface BackOffice {
  stock: Stock;
  adminProducts: AdminProducts;
  stats: { compute(query: StatsQuery): Promise<StatsReport> };
}

export function adminBotServices({ stock, adminProducts, stats }: BackOffice): AdminBotServices {
  return {
    stats: (query) => stats.compute(query),
    lowStock: () => stock.lowStock(),
    shelf: (productId, optionId) => stock.shelf(productId, optionId),
    async addStock(actorUserId, body) {
      const { instock } = await stock.add(actorUserId, body);
      return { amount_after: instock };
    },
    async products() {
      const products = await adminProducts.list(undefined);
      return products
        .filter((p) => p.is_deleted === "0")
        .map((p) => ({
          id: p.id,
          name: p.name,
          is_inactive: p.is_inactive === "1",
          options: p.options.filter((o) => o.is_deleted === "0").map((o) => ({ option_id: o.id, price_text: o.price_text, per_price: o.per_price })),
        }));
    },
  };
}
