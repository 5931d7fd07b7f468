import { notify } from "../../components/notificationStore";
import { STORE_NAME } from "../../lib/brand";
import { t } from "../../lib/i18n";
import { haptic } from "../../lib/telegram";
import { shareLink } from "../../lib/telegramActions";
import { canShareMessage, shareMessage } from "../../lib/telegramShare";

/**
 * Hands the referral link on. Inside Telegram 8.0 or newer, as a card the bot prepared (`prepareCard`: the shop,
 * the offer and an Open button) sent through Telegram's chat picker (issue 26); when no card can be made (no
 * bot, an account without Telegram, Telegram not answering), or in an older client, Telegram's share sheet with
 * the link; in a browser the clipboard, with the spec's notices ('Referral link was copied' / 'Failed to copy', §8).
 */
export async function shareReferralLink(link: string, prepareCard?: () => Promise<string>): Promise<void> {
  if (prepareCard && canShareMessage()) {
    const id = await prepareCard().catch(() => null);
    if (id !== null) {
      // Telegram shows what became of it; a sent card gets the success tap.
      void shareMessage(id).then((outcome) => outcome === "sent" && haptic("success"));
      return;
    }
  }
  // The line that goes with a shared link in Telegram's share sheet.
  if (shareLink(link, t("referral.shareText", { store: STORE_NAME }))) return;
  // No clipboard outside secure pages (plain http on a LAN address).
  (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
    () => notify(t("referral.copied"), "S"),
    () => notify(t("referral.copyFailed"), "W"),
  );
}
