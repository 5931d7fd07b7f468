/**
 * The referral programme and the bonus wallet (spec §1, §4 "Referral link", §9; design §5): who may be
 * registered as whose referral, what a completed order earns, and how the figures are shown. Pure.
 */
import { islandDate } from "./format";

/** A reflink as the server makes them and accepts them: short, URL-safe, never derived from the user id. */
export const REFLINK_PATTERN = "^[A-Za-z0-9_-]{4,32}$";
const REFLINK = new RegExp(REFLINK_PATTERN);

export function isReflink(code: string): boolean {
  return REFLINK.test(code);
}

/** Why a referral was not registered: logged on the server, never told to the client. */
export type ReferralRefusal = "unknown_code" | "own_code" | "already_referred" | "cycle" | "already_bought";

export interface ReferralFacts {
  userId: number;
  /** The owner of the code, or null when no user has it. */
  partnerId: number | null;
  /** The user's referrer already, if any. */
  currentPartnerId: number | null;
  /** The chain of referrers above the partner (the partner's referrer, theirs, …). */
  partnerAncestors: readonly number[];
  /** The user completed an order before the code arrived. */
  hasCompletedOrder: boolean;
}

/** Registration happens once: never the user's own code, never a second referrer, never a cycle, never after a purchase. */
export function referralRefusal(f: ReferralFacts): ReferralRefusal | null {
  if (f.partnerId === null) return "unknown_code";
  if (f.partnerId === f.userId) return "own_code";
  if (f.currentPartnerId !== null) return "already_referred";
  if (f.partnerAncestors.includes(f.userId)) return "cycle";
  if (f.hasCompletedOrder) return "already_bought";
  return null;
}

/** What the customer paid in money: the discounted total less any bonus used (1 bonus = 1 Baht). */
export function paidInMoney(discountedTotal: number, bonusUsed: number): number {
  return Math.max(0, discountedTotal - bonusUsed);
}

/** A referrer's income from an order: the rate of what was paid in money, rounded down to whole Baht. */
export function referralIncome(paid: number, ratePercent: number): number {
  return Math.floor((paid * ratePercent) / 100);
}

/** Spec §9: conversion = referrals / views × 100, one decimal; 0 without views. */
export function conversionPercent(referrals: number, views: number): number {
  if (views <= 0) return 0;
  return Math.round((referrals / views) * 1000) / 10;
}

/** Spec §9: in the referral list e-mails keep their first 4 characters. */
export function maskReferralEmail(email: string | null): string | null {
  if (email === null) return null;
  return `${email.slice(0, 4)}${"*".repeat(Math.max(3, Math.min(8, email.length - 4)))}`;
}

/** Views are counted once per viewer per link per island day (UTC+7). */
export const viewDay = islandDate;

/** An admin's correction of a balance: a signed whole number of Baht, not zero, and a reason. */
export const MAX_ADJUSTMENT = 1_000_000;

/** The referral link inside Telegram: the bot's mini-app opened with the code as `startapp` (start_param). */
export function telegramReferralLink(botUsername: string, reflink: string): string {
  return `https://t.me/${botUsername}?startapp=${reflink}`;
}
