/**
 * What the admin side of the bot needs from the back office: the same use cases the mini-app's admin
 * screens call (statistics, stock, the admin product list), handed in by the composition root
 * (server/main.ts, bot/launch.ts). The bot never reaches into server/http; it depends on these shapes only.
 * Every call is made after the bot has checked, on that very update, that the sender is still an admin;
 * `add` is also checked by the service itself.
 */
import type { StoreStats } from "../../../server/domain/stats";
import type { LowShelf } from "../../../server/domain/stock";

export interface StatsQuery {
  /** Island dates, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  shop_id?: number;
}

/** The statistics service's figures (completed orders), products best-selling first. */
export type StatsReport = Pick<StoreStats, "totals" | "products">;

export type LowStockRow = LowShelf;

/** One shop's count of an option: every live shop, the warehouse (shop 1) included. */
export interface ShelfRow {
  shop_id: number;
  shop_name: string;
  amount: number;
}

export interface AddStockBody {
  product_id: number;
  option_id: number;
  shop_id: number;
  amount: number;
}

/** A product an admin may add stock to, with its live options. */
export interface ProductChoice {
  id: number;
  name: string;
  is_inactive: boolean;
  options: { option_id: number; price_text: string; per_price: number }[];
}

export interface AdminBotServices {
  stats(query: StatsQuery): Promise<StatsReport>;
  lowStock(): Promise<LowStockRow[]>;
  shelf(productId: number, optionId: number): Promise<ShelfRow[]>;
  /** Adds stock as `actorUserId`; answers the shop's count after the change. Throws the service's DomainError on a refusal. */
  addStock(actorUserId: number, body: AddStockBody): Promise<{ amount_after: number }>;
  /** Products not deleted (inactive ones too), in the admin list's order, with their live options. */
  products(): Promise<ProductChoice[]>;
}
