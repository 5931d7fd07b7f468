/** Business constants of spec section 9, kept once and read by the server, the webapp and the bot. */

/** Koh Samui is the only region. */
export const CITY_ID = 1;
export const CITY_NAME = "Koh Samui";

/** Shop 1 is the central warehouse: it holds stock but is never offered for pickup. */
export const WAREHOUSE_SHOP_ID = 1;

/** The base option of every product: its own price and stock. */
export const BASE_OPTION_ID = 0;

export const DEFAULT_POSITION = 999;
export const MIN_POSITION = 1;

export const PICKUP_HOLD_HOURS = 3;
export const POLL_INTERVAL_MS = 15_000;
/**
 * While the live stream keeps a screen fresh (issue 26), it still asks once a minute: a change no event announced,
 * or one missed while PostgreSQL's listener reconnected, shows within a minute, not at the next reconnect.
 */
export const LIVE_SAFETY_POLL_MS = 60_000;
export const NOTIFICATION_MS = 3_000;
export const OPTION_PICKER_RESET_MS = 200;
/** Unused server data stays in the client cache this long. */
export const QUERY_GC_MS = 60_000;

export const COPYRIGHT_YEAR = 2025;
export const AGE_LIMIT = 18;
export const REFERRAL_RATE_PERCENT_DEFAULT = 3;

/** Spec §9 "Gallery": the next image every 3000 ms, 3500 ms of rest after a touch, compact below 578 px. */
export const GALLERY_AUTOPLAY_MS = 3_000;
export const GALLERY_IDLE_AFTER_TOUCH_MS = 3_500;
export const GALLERY_COMPACT_BELOW_PX = 578;

// ---- g-live ----
/** Live updates (issue 26): a comment line on every open event stream this often, so proxies keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Open event streams of one session at most; the oldest is closed ("superseded") beyond it. */
export const LIVE_STREAMS_PER_SESSION = 5;
/** What an event stream tells the client to wait before it reconnects after a drop. */
export const LIVE_RETRY_MS = 3_000;

/** The store's name: a brand, the same in every language (the mini-app's header, the bot, the shared card, TON Connect). */
export const STORE_NAME = "Koh Samui Store";

/** An order's delivery and payment options as stored (orders.ts re-exports them with the order's rules). */
export const DELIVERY_OPTIONS = { unset: 0, selfPickup: 1, courier: 2 } as const;
export const PAYMENT_OPTIONS = { unset: 0, cash: 1, bankCard: 2, crypto: 3 } as const;
