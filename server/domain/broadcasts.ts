/**
 * Broadcasts (issue 25): an admin's promotional message to a segment of the bot's users, sent within
 * Telegram's limits. Pure rules: what a message and a segment may be, what the status answer counts.
 */
import type { Locale } from "./locale";
import { ValidationError } from "./errors";

/** Telegram's cap on a message's text. */
export const BROADCAST_TEXT_MAX = 4096;
/** Telegram's cap on a picture's caption: the text of a broadcast with a picture. */
export const BROADCAST_CAPTION_MAX = 1024;
export const BROADCAST_BUTTON_TEXT_MAX = 64;
/** A segment's "in the last N days" reaches back at most ten years. */
export const SEGMENT_DAYS_MAX = 3650;

export const SEGMENT_TYPES = ["all", "shop", "ordered_within", "not_ordered_within", "bought"] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/**
 * Who gets a broadcast. Every segment is narrowed to the users the bot can reach and who take promotions
 * (a Telegram chat, not blocked, not opted out), and, with `locale`, to those who read that language.
 * - all: every such user;
 * - shop: who placed an order at the shop (canceled ones not counted);
 * - ordered_within / not_ordered_within: who did / did not place an order (not canceled) in the last `days` days;
 * - bought: who has a completed order (status S) with the product.
 */
export interface Segment {
  type: SegmentType;
  shop_id?: number;
  days?: number;
  product_id?: number;
  locale?: Locale;
}

export const BROADCAST_STATUSES = ["draft", "sending", "paused", "canceled", "done"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** The text as it is sent, trimmed; refused when empty or over Telegram's cap (a caption's, with a picture). */
export function checkBroadcastText(text: string, withPicture = false): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new ValidationError("text", "Write the message first");
  const limit = withPicture ? BROADCAST_CAPTION_MAX : BROADCAST_TEXT_MAX;
  if (trimmed.length > limit)
    throw new ValidationError("text", "{param} must NOT have more than {limit} characters", { param: "text", limit });
  return trimmed;
}

/**
 * The 'Open Store' button opens a page of the mini-app: the home page, a product (`/products/12`) or a
 * category (`/?category=3`). Anything else is refused, so a button never leads out of the store.
 */
export function checkButtonPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed === "" || trimmed === "/") return "/";
  if (/^\/products\/[1-9]\d{0,9}$/.test(trimmed) || /^\/\?category=[1-9]\d{0,9}$/.test(trimmed)) return trimmed;
  throw new ValidationError("button.path", "The button opens the store, a product (/products/12) or a category (/?category=3)");
}

/** The segment with exactly the fields its type needs; the others are refused with a message. */
export function checkSegment(segment: Segment): Segment {
  const needs = { shop: "shop_id", ordered_within: "days", not_ordered_within: "days", bought: "product_id" } as const;
  const locale = segment.locale;
  const withLocale = locale ? { locale } : {};
  switch (segment.type) {
    case "all":
      return { type: "all", ...withLocale };
    case "shop":
      if (segment.shop_id === undefined) throw new ValidationError("segment.shop_id", "{param} is required", { param: needs.shop });
      return { type: "shop", shop_id: segment.shop_id, ...withLocale };
    case "ordered_within":
    case "not_ordered_within":
      if (segment.days === undefined) throw new ValidationError("segment.days", "{param} is required", { param: "days" });
      if (segment.days < 1 || segment.days > SEGMENT_DAYS_MAX)
        throw new ValidationError("segment.days", "Days must be from 1 to {max}", { max: SEGMENT_DAYS_MAX });
      return { type: segment.type, days: segment.days, ...withLocale };
    case "bought":
      if (segment.product_id === undefined) throw new ValidationError("segment.product_id", "{param} is required", { param: needs.bought });
      return { type: "bought", product_id: segment.product_id, ...withLocale };
  }
}

/** What GET /api/admin/broadcasts/:id counts, and how long the rest should take at the pace. */
export interface BroadcastCounts {
  total: number;
  sent: number;
  failed: number;
  blocked: number;
  opted_out: number;
  /** Still to go: pending or being sent. */
  left: number;
}

/** Seconds until the rest is sent at `perSecond` messages a second; 0 when nothing is left or it is not sending. */
export function secondsLeft(status: BroadcastStatus, left: number, perSecond: number): number {
  if (status !== "sending" || left <= 0) return 0;
  return Math.ceil(left / perSecond);
}

/** The spacing of broadcast sends: the limit's share of a second, plus a tenth kept for jitter on the way to Telegram. */
export function paceSpacingMs(perSecond: number): number {
  return Math.ceil((1000 / perSecond) * 1.1);
}
