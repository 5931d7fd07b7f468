/** The database as Kysely sees it: one interface per table, rows use `T | null`, never optional fields. */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { OrderStatus } from "../server/domain/orders";
import type { WriteAccess } from "../server/domain/writeAccess";

/** ISO-8601 UTC text, e.g. 2026-11-21T10:00:00.000Z: sorts as it reads. */
type Timestamp = string;
type WithDefault<T> = ColumnType<T, T | undefined, T>;
type Bit = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  telegram_id: number | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  photo_url: string | null;
  is_admin: WithDefault<Bit>;
  reflink: string;
  phone: string | null;
  delivery_address: string | null;
  delivery_address_link: string | null;
  telegram_unreachable_at: Timestamp | null;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
  /** An admin who asked for every shop's new-order pushes (`/notify on`). */
  new_order_pushes: WithDefault<Bit>;
  /** The language the user chose in the store's picker (en/ru/th), null until they choose: it wins. */
  locale: WithDefault<string | null>;
  /** The language Telegram last said the user uses, reduced to en/ru/th; null when unknown. */
  telegram_locale: WithDefault<string | null>;
  /** When the user stopped promotional messages ('Stop promotions', /stop); null while they take them. */
  promotions_opted_out_at: WithDefault<string | null>;
  /** Whether the bot may write to the user (issue 26): 'refused' answers skip their notices; null while unknown. */
  write_access: WithDefault<WriteAccess | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  auth_type: "EMAIL" | "TELEGRAM";
  created_at: WithDefault<Timestamp>;
  last_seen_at: WithDefault<Timestamp>;
  expires_at: Timestamp;
}

export interface LoginCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  failed_attempts: WithDefault<number>;
  ip: string | null;
  created_at: WithDefault<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ShopsTable {
  id: Generated<number>;
  name: string;
  city_id: WithDefault<number>;
  district: WithDefault<string>;
  address: WithDefault<string>;
  map_link: WithDefault<string>;
  logo_filename: string | null;
  admin_email: string | null;
  ton_wallet: string | null;
  is_deleted: WithDefault<Bit>;
  created_at: WithDefault<Timestamp>;
}

export interface ShopStaffTable {
  shop_id: number;
  user_id: number;
  role: "owner" | "manager";
  created_at: WithDefault<Timestamp>;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  /** `name` as the admin's search compares it (domain/adminProducts.ts `productSearchName`), set with it. */
  name_search: string | null;
  description: WithDefault<string>;
  full_description: WithDefault<string>;
  label: WithDefault<string>;
  category_id: number;
  hot_deal: WithDefault<Bit>;
  in_all_list: WithDefault<Bit>;
  position: WithDefault<number>;
  is_inactive: WithDefault<Bit>;
  is_deleted: WithDefault<Bit>;
  default_option_id: WithDefault<number>;
  step: WithDefault<number>;
  max_amount: number | null;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
}

export interface ProductOptionsTable {
  product_id: number;
  option_id: number;
  per_price: number;
  cost_price: WithDefault<number>;
  price_text: WithDefault<string>;
  gift_text: WithDefault<string>;
  img_index: number | null;
  is_deleted: WithDefault<Bit>;
  created_at: WithDefault<Timestamp>;
  /** Whole Baht below per_price, or null: no sale (server/domain/sale.ts). */
  sale_price: WithDefault<number | null>;
  /** ISO UTC end of the sale (exclusive), or null: until the admin ends it. */
  sale_ends_at: WithDefault<Timestamp | null>;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  filename: string;
  position: WithDefault<number>;
  direct_link: string | null;
  created_at: WithDefault<Timestamp>;
  /** The small WebP a card shows (null for images older than the back office: cards use `filename`). */
  card_filename: string | null;
}

export interface StockTable {
  shop_id: number;
  product_id: number;
  option_id: number;
  amount: WithDefault<number>;
  updated_at: WithDefault<Timestamp>;
}

export interface WishlistTable {
  user_id: number;
  product_id: number;
  created_at: WithDefault<Timestamp>;
}


export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  status: OrderStatus;
  payment_status: WithDefault<"P" | "S">;
  delivery_status: WithDefault<"P" | "A" | "S">;
  payment_option: WithDefault<number>;
  delivery_option: WithDefault<number>;
  phone: WithDefault<string>;
  delivery_address: WithDefault<string>;
  delivery_address_link: WithDefault<string>;
  map_html: WithDefault<string>;
  is_reserved: WithDefault<Bit>;
  discount_percent: WithDefault<number>;
  total_price: number;
  discounted_price: number;
  total_cost_price: number;
  paid_with_bonus: WithDefault<Bit>;
  manager_id: number | null;
  hold_until: Timestamp | null;
  hold_reminded_at: Timestamp | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
}

/** A promo code (issue 25): `code` upper-case; exactly one of `percent` and `amount`; `uses` the live uses. */
export interface PromosTable {
  id: Generated<number>;
  code: string;
  percent: number | null;
  amount: number | null;
  min_total: WithDefault<number>;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  max_uses: number | null;
  uses: WithDefault<number>;
  once_per_customer: WithDefault<Bit>;
  first_order_only: WithDefault<Bit>;
  is_disabled: WithDefault<Bit>;
  created_at: WithDefault<Timestamp>;
  updated_at: WithDefault<Timestamp>;
}

/** The shops a promo code is taken at; none: every shop. */
export interface PromoShopsTable {
  promo_id: number;
  shop_id: number;
}

/** One order carrying a code; `once_key` is the customer's id for a once-per-customer code (unique with the promo). */
export interface PromoUsesTable {
  id: Generated<number>;
  promo_id: number;
  order_id: number;
  user_id: number;
  once_key: number | null;
  code: string;
  discount: number;
  created_at: WithDefault<Timestamp>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  option_id: number;
  product_name: string;
  price_text: WithDefault<string>;
  /** What each item was sold for: the sale price while the option's sale ran, else its list price. */
  per_price: number;
  /** The option's list price at placing (the usual price a sale price is shown against). */
  list_price: number;
  cost_price: number;
  amount: number;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  actor_user_id: number | null;
  data: string | null;
  created_at: WithDefault<Timestamp>;
}

export interface BonusLedgerTable {
  id: Generated<number>;
  user_id: number;
  type: "income" | "exp";
  amount: number;
  order_id: number | null;
  source_user_id: number | null;
  wholesale: WithDefault<Bit>;
  created_at: WithDefault<Timestamp>;
  /** An admin's correction: why, and who made it (null for entries of orders). */
  reason: string | null;
  actor_user_id: number | null;
}

export interface ReferralsTable {
  user_id: number;
  partner_id: number;
  created_at: WithDefault<Timestamp>;
  /** The referral's completed orders, kept by triggers (migration 20261127T120000_scale). */
  orders_done: WithDefault<number>;
  /** What the referral's orders have earned the partner, kept by triggers (bigint on PostgreSQL: text). */
  income: WithDefault<number | string>;
}

export interface ReferralViewsTable {
  id: Generated<number>;
  partner_id: number;
  visitor_key: string;
  created_at: WithDefault<Timestamp>;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  user_id: number | null;
  order_id: number | null;
  payload: string;
  dedupe_key: string;
  status: WithDefault<"pending" | "sending" | "sent" | "failed" | "skipped">;
  attempts: WithDefault<number>;
  next_attempt_at: WithDefault<Timestamp>;
  last_error: string | null;
  created_at: WithDefault<Timestamp>;
  sent_at: Timestamp | null;
  /** The Telegram message this row became, once sent (a later row may edit it). */
  tg_chat_id: number | null;
  tg_message_id: number | null;
}

/** Every stock change, appended: who, when, where, how much and why. */
export interface StockHistoryTable {
  id: Generated<number>;
  shop_id: number;
  product_id: number;
  option_id: number;
  delta: number;
  amount_after: number;
  reason: "added" | "moved" | "sold" | "returned";
  actor_user_id: number | null;
  order_id: number | null;
  created_at: WithDefault<Timestamp>;
}

/** The bot's guided conversations, by grammY's storage key (JSON value). */
export interface BotConversationsTable {
  key: string;
  value: string;
  updated_at: WithDefault<Timestamp>;
}

/** What a customer was asked to pay in TON for an order (issue 15); amounts in nanoTON as text. */
export interface TonQuotesTable {
  id: Generated<number>;
  order_id: number;
  comment: string;
  wallet: string;
  amount_thb: number;
  amount_nano: string;
  thb_per_ton: string;
  quoted_at: WithDefault<Timestamp>;
  valid_until: Timestamp;
  sent_at: Timestamp | null;
  boc: string | null;
  message_valid_until: Timestamp | null;
}

/** Every transfer the chain showed for one of our comments; one transaction hash, one row, ever. */
export interface TonTransfersTable {
  id: Generated<number>;
  tx_hash: string;
  order_id: number | null;
  quote_id: number | null;
  amount_nano: string;
  source: string | null;
  comment: string;
  tx_time: Timestamp;
  seen_at: WithDefault<Timestamp>;
  outcome: "paid" | "underpaid" | "refund_due" | "unmatched";
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: WithDefault<Timestamp>;
}

export interface ChangeCountersTable {
  name: string;
  version: number;
}

/**
 * Rate-limit counters shared by the API instances (PostgreSQL only: SQLite's one process counts in memory).
 * `count` hits of `key` in the window that ends at `expires_at`.
 */
export interface RateLimitCountsTable {
  key: string;
  count: number;
  expires_at: Timestamp;
}

/** The statistics' roll-up (migration 20261127T120000_scale): shop 0 holds the sums over every shop. */
export interface StatsDaysTable {
  shop_id: number;
  /** Island day, YYYY-MM-DD. */
  day: string;
  orders: number;
  discounted: number;
  cost: number;
  sales: number;
}

export interface StatsProductDaysTable {
  shop_id: number;
  day: string;
  product_id: number;
  orders: number;
  items: number;
  cost: number;
  charged: number;
  sales: number;
  /** Of `items`, those sold at a sale price (per_price below list_price). */
  items_at_sale: WithDefault<number>;
}

export interface StatsProductMonthsTable {
  shop_id: number;
  /** Island month, YYYY-MM. */
  month: string;
  product_id: number;
  orders: number;
  items: number;
  cost: number;
  charged: number;
  sales: number;
  /** Of `items`, those sold at a sale price (per_price below list_price). */
  items_at_sale: WithDefault<number>;
}

export interface StatsManagersTable {
  manager_id: number;
  shop_id: number;
  orders: number;
}

/** Each user's bonus sums, kept by triggers on bonus_ledger (migration 20261127T120000_scale). */
export interface BonusTotalsTable {
  user_id: number;
  income: number;
  exp: number;
}

export interface StatsProductsTable {
  product_id: number;
  orders: number;
}

/** An admin's promotional message (issue 25); `segment` is JSON (server/domain/broadcasts.ts). */
export interface BroadcastsTable {
  id: Generated<number>;
  text: string;
  /** An https link to a picture: sent as a photo with the text as its caption. */
  photo_url: string | null;
  button_text: string | null;
  button_path: string | null;
  segment: string;
  status: WithDefault<"draft" | "sending" | "paused" | "canceled" | "done">;
  created_by: number;
  created_at: WithDefault<Timestamp>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export type BroadcastDeliveryStatus = "pending" | "sending" | "sent" | "failed" | "blocked" | "opted_out" | "canceled";

/** One recipient of a broadcast (or one test send to its admin), claimed by a worker with a lease. */
export interface BroadcastDeliveriesTable {
  id: Generated<number>;
  broadcast_id: number;
  user_id: number;
  is_test: WithDefault<Bit>;
  status: WithDefault<BroadcastDeliveryStatus>;
  attempts: WithDefault<number>;
  next_attempt_at: Timestamp;
  lease_until: WithDefault<Timestamp | null>;
  claimed_at: WithDefault<Timestamp | null>;
  sent_at: WithDefault<Timestamp | null>;
  last_error: WithDefault<string | null>;
}

/** One row: the next moment any worker may hand a broadcast message to Telegram. */
export interface BroadcastPaceTable {
  id: number;
  next_slot_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_codes: LoginCodesTable;
  shops: ShopsTable;
  shop_staff: ShopStaffTable;
  products: ProductsTable;
  product_options: ProductOptionsTable;
  product_images: ProductImagesTable;
  stock: StockTable;
  wishlist: WishlistTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  bonus_ledger: BonusLedgerTable;
  referrals: ReferralsTable;
  referral_views: ReferralViewsTable;
  outbox: OutboxTable;
  settings: SettingsTable;
  stock_history: StockHistoryTable;
  bot_conversations: BotConversationsTable;
  change_counters: ChangeCountersTable;
  ton_quotes: TonQuotesTable;
  ton_transfers: TonTransfersTable;
  rate_limit_counts: RateLimitCountsTable;
  stats_days: StatsDaysTable;
  stats_product_days: StatsProductDaysTable;
  stats_product_months: StatsProductMonthsTable;
  stats_products: StatsProductsTable;
  stats_managers: StatsManagersTable;
  bonus_totals: BonusTotalsTable;
  promos: PromosTable;
  promo_shops: PromoShopsTable;
  promo_uses: PromoUsesTable;
  broadcasts: BroadcastsTable;
  broadcast_deliveries: BroadcastDeliveriesTable;
  broadcast_pace: BroadcastPaceTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ShopRow = Selectable<ShopsTable>;
