/**
 * Telegram's "share my phone" (`requestContact`, Bot API 6.9), for the courier form (issue 26). Telegram asks the
 * person, and on yes sends their contact to the bot as a message: the app learns only whether it was sent, and
 * reads the phone from the server once the bot has kept it (components/CourierFromTelegram.tsx). Loaded with the
 * courier form's Telegram buttons, never in a browser.
 */
import { isInsideTelegram, sdkNow, versionAtLeast } from "./telegram";

const V_REQUEST_CONTACT = "6.9";

/** Telegram can share the phone: inside Telegram, 6.9 or newer. */
export function canRequestPhone(): boolean {
  return isInsideTelegram() && versionAtLeast(V_REQUEST_CONTACT);
}

/** What the person answered Telegram's dialog: shared ("sent") or not ("cancelled"); "unsupported" off Telegram. */
export type PhoneRequestOutcome = "sent" | "cancelled" | "unsupported";

type WebViewEvents = {
  onEvent(type: string, handler: (type: string, data: unknown) => void): void;
  offEvent(type: string, handler: (type: string, data: unknown) => void): void;
};

/**
 * Opens Telegram's dialog and resolves with the answer as soon as Telegram gives it (its `phone_requested` event:
 * the SDK's own callback waits up to 3 s more for a copy of the contact the app has no use for).
 */
export async function requestPhone(): Promise<PhoneRequestOutcome> {
  if (!canRequestPhone()) return "unsupported";
  const sdk = await sdkNow();
  const webView = (window as unknown as { Telegram: { WebView: WebViewEvents } }).Telegram.WebView;
  return new Promise((resolve) => {
    const onAnswer = (_type: string, data: unknown) => {
      webView.offEvent("phone_requested", onAnswer);
      resolve((data as { status?: string } | null)?.status === "sent" ? "sent" : "cancelled");
    };
    webView.onEvent("phone_requested", onAnswer);
    try {
      sdk.requestContact(() => undefined);
    } catch {
      // A dialog already open (a double tap): that one's answer comes to the first press.
      webView.offEvent("phone_requested", onAnswer);
      resolve("cancelled");
    }
  });
}
