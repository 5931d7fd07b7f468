import type { Locale } from "@domain/locale";
import { apiRequest } from "../../../lib/api";
import { setLocale } from "../../../lib/i18n";
import { storedToken } from "../../../lib/session";

/**
 * The language picker's choice: a signed-in user's goes to the server first (`PUT /api/me/locale`, stored on the
 * user, so it wins over Telegram's and the browser's language on every device and in the bot), then the app
 * switches to it; a visitor's is only kept in this browser (lib/i18n.ts). A failed request changes nothing.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  if (storedToken() !== null) {
    await apiRequest<{ locale: Locale }>("/api/me/locale", { method: "PUT", body: { locale } });
  }
  await setLocale(locale);
}
