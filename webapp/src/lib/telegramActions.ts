/**
 * What later screens ask of Telegram (the cart's MainButton, alerts, links, sharing, closing, the QR scanner, the
 * home screen icon), built on lib/telegram.ts: out of the entry's chunk, since home's first screen asks none of it.
 */
import { hasNativePopups, isInsideTelegram, sdkNow, versionAtLeast, withSdk } from "./telegram";

const V_QR_SCANNER = "6.4";
const V_HOME_SCREEN = "8.0";

interface MainButtonState {
  text: string;
  /** Greyed out and deaf to taps while false. */
  active: boolean;
  /** A spinner on the button while the action it started runs. */
  progress: boolean;
}

/**
 * Telegram's MainButton, the big button under the mini-app, standing in for a page's main action (the cart's
 * Place order). Shows it with `onPress` as its action; the returned function takes the action away and hides
 * it. Call again with a new state whenever the page's state changes.
 */
export function showMainButton(state: MainButtonState, onPress: () => void): () => void {
  if (!isInsideTelegram()) return () => undefined;
  let shown = true;
  withSdk((sdk) => {
    if (!shown) return;
    const button = sdk.MainButton;
    // The SDK's hideProgress() makes the button active again whatever it was: it goes first, so an inactive
    // button ('Sold out') stays inactive.
    if (!state.progress) button.hideProgress();
    button.setParams({ text: state.text, is_active: state.active, is_visible: true });
    if (state.progress) button.showProgress(false);
    button.onClick(onPress);
  });
  return () => {
    if (!shown) return;
    shown = false;
    withSdk((sdk) => {
      sdk.MainButton.offClick(onPress);
      sdk.MainButton.hideProgress();
      sdk.MainButton.hide();
    });
  };
}

/** Spec §8: alerts use native dialogs inside the messenger, otherwise the browser alert. */
export async function showAlert(message: string): Promise<void> {
  if (!hasNativePopups()) {
    window.alert(message);
    return;
  }
  const sdk = await sdkNow();
  return new Promise((resolve) => sdk.showAlert(message, resolve));
}

/** t.me links open in Telegram itself when inside it; anything else opens a new browser tab. */
export function openLink(url: string): void {
  if (!isInsideTelegram()) {
    window.open(url, "_blank", "noopener");
    return;
  }
  withSdk((sdk) => (new URL(url).hostname === "t.me" ? sdk.openTelegramLink(url) : sdk.openLink(url)));
}

/**
 * Telegram's own share sheet for a link and a line of text (the chat picker of `t.me/share/url`). Inside
 * Telegram only: false elsewhere, where the caller does the browser's thing (the clipboard).
 */
export function shareLink(url: string, text: string): boolean {
  if (!isInsideTelegram()) return false;
  withSdk((sdk) => sdk.openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`));
  return true;
}

/** Closes the mini-app (inside Telegram only; a browser tab stays). */
export function closeApp(): void {
  withSdk((sdk) => sdk.close());
}

/** Telegram's own QR scanner exists: inside Telegram, Bot API 6.4 or newer. */
export function canScanQr(): boolean {
  return isInsideTelegram() && versionAtLeast(V_QR_SCANNER);
}

/**
 * Opens Telegram's QR scanner with `hint` under the viewfinder (at most 64 characters). Every code it reads goes
 * to `onText`; answering true closes the scanner, false keeps it scanning for the right code.
 */
export function scanQr(hint: string, onText: (text: string) => boolean): void {
  if (!canScanQr()) return;
  withSdk((sdk) => {
    try {
      sdk.showScanQrPopup({ text: hint }, (text) => (onText(text) ? true : undefined));
    } catch {
      // The scanner is already open (a double tap): that one keeps scanning.
    }
  });
}

/** Telegram can put the mini-app on the phone's home screen: inside Telegram, Bot API 8.0 or newer. */
export function canAddToHomeScreen(): boolean {
  return isInsideTelegram() && versionAtLeast(V_HOME_SCREEN);
}

/** What came of asking for the home screen icon. */
export type HomeScreenOutcome = "added" | "already-added" | "unsupported" | "not-added";

/** How long Telegram gets to answer the status check, and the person to answer its dialog. */
const HOME_STATUS_WAIT_MS = 2_000;
const HOME_DIALOG_WAIT_MS = 60_000;

type HomeScreenSdk = {
  addToHomeScreen: () => void;
  checkHomeScreenStatus: (callback: (status: string) => void) => void;
  onEvent: (event: string, handler: () => void) => void;
  offEvent: (event: string, handler: () => void) => void;
};

/**
 * Asks Telegram to add the mini-app to the home screen (Bot API 8.0 `addToHomeScreen`): first its status (an icon
 * already there is not asked for twice), then the dialog; resolves once Telegram reports `homeScreenAdded`, or
 * 'not-added' when the dialog was left without it.
 */
export async function addToHomeScreen(): Promise<HomeScreenOutcome> {
  if (!canAddToHomeScreen()) return "unsupported";
  const sdk = (await sdkNow()) as unknown as HomeScreenSdk;
  const status = await new Promise<string>((resolve) => {
    setTimeout(() => resolve("unknown"), HOME_STATUS_WAIT_MS);
    try {
      sdk.checkHomeScreenStatus(resolve);
    } catch {
      resolve("unknown");
    }
  });
  if (status === "added") return "already-added";
  if (status === "unsupported") return "unsupported";
  return new Promise<HomeScreenOutcome>((resolve) => {
    const finish = (outcome: HomeScreenOutcome) => {
      clearTimeout(timer);
      sdk.offEvent("homeScreenAdded", onAdded);
      resolve(outcome);
    };
    const onAdded = () => finish("added");
    const timer = setTimeout(() => finish("not-added"), HOME_DIALOG_WAIT_MS);
    sdk.onEvent("homeScreenAdded", onAdded);
    try {
      sdk.addToHomeScreen();
    } catch {
      finish("unsupported");
    }
  });
}
