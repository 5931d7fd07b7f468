import { useLocation } from "wouter";
import { t } from "../../../lib/i18n";
import { haptic } from "../../../lib/telegram";
import { canScanQr, scanQr } from "../../../lib/telegramActions";
import { manageTargetOf } from "../scanLink";

/**
 * 'Scan QR' inside Telegram: its scanner reads codes until one is a pickup QR of this store, then closes and the
 * hand-over screen of that order opens. Null where there is no scanner (a browser: the phone's camera opens the
 * QR's link by itself).
 */
export function useScanOrderQr(): (() => void) | null {
  const [, navigate] = useLocation();
  if (!canScanQr()) return null;
  return () =>
    // What Telegram's scanner shows under its viewfinder (at most 64 characters in every language).
    scanQr(t("staff.scanHint"), (text) => {
      const target = manageTargetOf(text);
      if (!target) {
        haptic("error");
        return false;
      }
      haptic("success");
      navigate(target);
      return true;
    });
}
