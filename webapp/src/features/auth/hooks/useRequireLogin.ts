import { useLocation } from "wouter";
import { haptic, isInsideTelegram, telegramInitData } from "../../../lib/telegram";
import { useTelegramSignIn } from "../api/useTelegramSignIn";
import { openLoginModal } from "../stores/loginModalStore";
import { useTelegramSignInStore } from "../stores/telegramSignInStore";

/**
 * Asks a visitor to sign in (spec §6: cabinet, wishlist and placing an order prompt login), then goes to
 * `next` if given. Inside Telegram there is no login modal: the launch data is tried again instead.
 */
export function useRequireLogin(): (next?: string) => void {
  const [, navigate] = useLocation();
  const telegramSignIn = useTelegramSignIn();
  return (next) => {
    if (!isInsideTelegram()) {
      openLoginModal(next ?? null);
      return;
    }
    // The sign-in that started with the app is still on its way.
    if (useTelegramSignInStore.getState().signingIn) return;
    telegramSignIn.mutate(telegramInitData(), {
      onSuccess: () => {
        haptic("success");
        if (next) navigate(next);
      },
    });
  };
}
