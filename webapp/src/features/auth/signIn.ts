import type { QueryClient } from "@tanstack/react-query";
import type { SignInResponse } from "@domain/contracts/auth";
import { isReflink } from "@domain/referrals";
import { keepToken } from "../../lib/session";
import { sendReferralCode } from "./api/sendReferralCode";
import { setSessionUser } from "./api/useMe";

/** Spec §3 storage key `ref`: the referrer's code a referral link left in this browser, until a sign-in carries it. */
const REFERRAL_CODE_KEY = "ref";

/** The referral code a web sign-in carries (spec §4 "Referral link"), if a referral link left one. */
export function storedReferralCode(): string | undefined {
  try {
    const code = localStorage.getItem(REFERRAL_CODE_KEY);
    return code !== null && isReflink(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** `/{reflink}` keeps the first referrer's code only: a later link does not replace it. */
export function keepReferralCode(code: string): void {
  try {
    if (localStorage.getItem(REFERRAL_CODE_KEY) === null) localStorage.setItem(REFERRAL_CODE_KEY, code);
  } catch {
    // Blocked storage: the link counts its view but registers no one.
  }
}

function forgetReferralCode(): void {
  try {
    localStorage.removeItem(REFERRAL_CODE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/**
 * Both ways in (Telegram, e-mail code) end the same: the token is kept and the user is known. A stored
 * referral code has had its one chance: the e-mail sign-in carried it, a Telegram sign-in sends it now; the
 * server registered it or refused it for good (own code, a second referrer, a cycle, a customer who bought
 * already), so it goes.
 */
export function completeSignIn(queryClient: QueryClient, answer: SignInResponse): void {
  keepToken(answer.token);
  setSessionUser(queryClient, answer.user);
  const code = storedReferralCode();
  if (code && answer.user.authType === "TELEGRAM" && code !== answer.user.ref) sendReferralCode(code);
  forgetReferralCode();
}
