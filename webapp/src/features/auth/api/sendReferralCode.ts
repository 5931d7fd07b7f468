import { apiRequest } from "../../../lib/api";

/**
 * A signed-in customer's referral code (a link opened while signed in, or one stored before a Telegram
 * sign-in, which carries only its own start_param): POST /api/partner/referrer. The server answers the same
 * whether it registered it or not, so nothing is shown; a lost call only loses this one chance.
 */
export function sendReferralCode(code: string): void {
  apiRequest<void>("/api/partner/referrer", { method: "POST", body: { code } }).catch(() => undefined);
}
