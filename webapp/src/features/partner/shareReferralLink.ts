import { notify } from "../../components/notificationStore";
import { STORE_NAME } from "../../lib/brand";
import { t } from "../../lib/i18n";
import { shareLink } from "../../lib/telegram";


/**
 * Hands the referral link on: Telegram's share sheet inside Telegram, the clipboard elsewhere, with the spec's
 * notices ('Referral link was copied' / 'Failed to copy', §8).
 */
export function shareReferralLink(link: string): void {
  // The line that goes with a shared link in Telegram's share sheet.
  if (shareLink(link, t("referral.shareText", { store: STORE_NAME }))) return;
  // No clipboard outside secure pages (plain http on a LAN address).
  (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
    () => notify(t("referral.copied"), "S"),
    () => notify(t("referral.copyFailed"), "W"),
  );
}
