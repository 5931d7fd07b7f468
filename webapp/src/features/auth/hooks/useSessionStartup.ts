import { useEffect } from "react";
import { isInsideTelegram, telegramInitData } from "../../../lib/telegram";
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
}
