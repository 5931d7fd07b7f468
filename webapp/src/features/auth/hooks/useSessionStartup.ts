import { useEffect } from "react";
import { onSessionLost } from "../../../lib/session";
import { isInsideTelegram, telegramInitData } from "../../../lib/telegram";
import { openLoginModal } from "../stores/loginModalStore";
import { useTelegramSignIn } from "../api/useTelegramSignIn";
import { useMe } from "../api/useMe";

/** The launch data signs in once per page load, however often React mounts the shell. */
let telegramSignInStarted = false;

/**
 * Spec §4 Startup. Inside Telegram the user signs in by themselves from the launch data (never a login
 * modal); elsewhere a stored token is re-verified through /api/me, and a dead one is dropped quietly.
 */
export function useSessionStartup(): void {
  const telegramSignIn = useTelegramSignIn();
  const { mutate } = telegramSignIn;
  useMe();

  useEffect(() => {
    if (!isInsideTelegram() || telegramSignInStarted) return;
    telegramSignInStarted = true;
    mutate(telegramInitData());
  }, [mutate]);

  // A session that dies while the app is open: inside Telegram the app signs in again from the launch data
  // without asking; in a browser the login modal opens (for a session this page had confirmed; a stale token
  // found at start is dropped quietly and the visitor browses on).
  useEffect(
    () =>
      onSessionLost(({ wasConfirmed }) => {
        if (isInsideTelegram()) mutate(telegramInitData());
        else if (wasConfirmed) openLoginModal(window.location.pathname + window.location.search);
      }),
    [mutate],
  );
}
