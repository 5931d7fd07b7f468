import { notify } from "../../components/notificationStore";
import { STORE_NAME } from "../../lib/brand";
import { shareLink } from "../../lib/telegram";

/** The line that goes with a shared link in Telegram's share sheet. */
const SHARE_TEXT = `${STORE_NAME}: order through my link`;

/**
 * Hands the referral link on: Telegram's share sheet inside Telegram, the clipboard elsewhere, with the spec's
 * notices ('Referral link was copied' / 'Failed to copy', §8).
 */
export function shareReferralLink(link: string): void {
  if (shareLink(link, SHARE_TEXT)) return;
  // No clipboard outside secure pages (plain http on a LAN address).
  (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
    () => notify("Referral link was copied", "S"),
    () => notify("Failed to copy", "W"),
  );
}
