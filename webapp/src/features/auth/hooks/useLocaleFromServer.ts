import { useEffect } from "react";
import { currentLocale, setLocale } from "../../../lib/i18n";
import { useSession } from "./useSession";

/**
 * The server judges a signed-in user's language (their choice in the picker, else Telegram's, else the
 * browser's: `GET /api/me` and every sign-in answer say it): whenever it answers another language than the one
 * shown, the app switches to it. So a choice made on another device wins over this
 * browser's guess. Mounted once, by the shell.
 */
export function useLocaleFromServer(): void {
  const serverLocale = useSession().user?.locale;
  useEffect(() => {
    if (serverLocale && serverLocale !== currentLocale()) void setLocale(serverLocale).catch(() => undefined);
  }, [serverLocale]);
}
