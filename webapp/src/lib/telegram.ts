/**
 * The one module that touches the Telegram mini-app SDK (conventions: everything else asks it). In a plain
 * browser the SDK still loads but reports no launch data; every function here then does the browser's thing
 * or nothing.
 */
import TelegramSdk from "@twa-dev/sdk";

type WebAppApi = typeof TelegramSdk;
/**
 * The SDK ships as CommonJS with `exports.default`. Depending on the bundler's interop the default import is
 * the WebApp itself or the module object holding it (the production build gives the latter): take either.
 */
const sdkModule = TelegramSdk as WebAppApi | { default: WebAppApi };
const WebApp: WebAppApi = "default" in sdkModule ? sdkModule.default : sdkModule;

/** Telegram clients older than these lack the methods (the SDK then warns or throws), so each call checks. */
const V_BUTTONS_AND_HAPTICS = "6.1";
const V_POPUPS_AND_CLOSING = "6.2";
const V_QR_SCANNER = "6.4";

/** Spec §4 "Messenger mode": the haptic feedback types the app uses. */
export type HapticType = "heavy" | "rigid" | "success" | "error" | "warning";

/** Telegram hands the mini-app signed launch data; a plain browser has none. */
export function isInsideTelegram(): boolean {
  return WebApp.initData !== "";
}

/** The raw signed launch data the server checks on sign-in ("" outside Telegram). */
export function telegramInitData(): string {
  return WebApp.initData;
}

/** Once at start: tell Telegram the app is ready, take the full height, use its colours, guard closing. */
export function startTelegram(): void {
  if (!isInsideTelegram()) return;
  WebApp.ready();
  WebApp.expand();
  applyTheme();
  WebApp.onEvent("themeChanged", applyTheme);
  // A half-filled cart or code should not vanish with an accidental swipe down.
  if (WebApp.isVersionAtLeast(V_POPUPS_AND_CLOSING)) WebApp.enableClosingConfirmation();
}

/** Telegram's theme colours onto the app's CSS variables (src/app/theme.css). */
function applyTheme(): void {
  const theme: Partial<typeof WebApp.themeParams> = WebApp.themeParams;
  const root = document.documentElement.style;
  const set = (variable: string, colour: string | undefined) => {
    if (colour) root.setProperty(variable, colour);
  };
  set("--bg", theme.bg_color);
  set("--bg-raised", theme.secondary_bg_color);
  set("--card-bg", theme.section_bg_color ?? theme.secondary_bg_color);
  set("--text", theme.text_color);
  set("--hint", theme.hint_color);
  set("--link", theme.link_color);
  set("--accent", theme.button_color);
  set("--on-accent", theme.button_text_color);
  set("--accent-strong", theme.accent_text_color ?? theme.button_color);
  set("--border", theme.section_separator_color);
  if (theme.section_bg_color ?? theme.secondary_bg_color) {
    root.setProperty("--card-bg-raised", "color-mix(in srgb, var(--card-bg) 92%, var(--text))");
  }
  if (theme.button_color) root.setProperty("--accent-soft", "color-mix(in srgb, var(--accent) 14%, transparent)");
  root.setProperty("color-scheme", WebApp.colorScheme);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", WebApp.colorScheme);

  if (WebApp.isVersionAtLeast(V_BUTTONS_AND_HAPTICS)) {
    WebApp.setHeaderColor("bg_color");
    WebApp.setBackgroundColor("bg_color");
  }
}

export function haptic(type: HapticType): void {
  if (!isInsideTelegram() || !WebApp.isVersionAtLeast(V_BUTTONS_AND_HAPTICS)) return;
  if (type === "heavy" || type === "rigid") WebApp.HapticFeedback.impactOccurred(type);
  else WebApp.HapticFeedback.notificationOccurred(type);
}

/**
 * Telegram's own Back button, which stands in for the header's Return button inside the messenger. Shows it
 * with `onBack` as its action; the returned function takes both away again.
 */
export function showBackButton(onBack: () => void): () => void {
  if (!isInsideTelegram() || !WebApp.isVersionAtLeast(V_BUTTONS_AND_HAPTICS)) return () => undefined;
  WebApp.BackButton.onClick(onBack);
  WebApp.BackButton.show();
  return () => {
    WebApp.BackButton.offClick(onBack);
  };
}

export function hideBackButton(): void {
  if (!isInsideTelegram() || !WebApp.isVersionAtLeast(V_BUTTONS_AND_HAPTICS)) return;
  WebApp.BackButton.hide();
}

export interface MainButtonState {
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
  const button = WebApp.MainButton;
  button.setParams({ text: state.text, is_active: state.active, is_visible: true });
  if (state.progress) button.showProgress(false);
  else button.hideProgress();
  button.onClick(onPress);
  return () => {
    button.offClick(onPress);
    button.hideProgress();
    button.hide();
  };
}

function hasNativePopups(): boolean {
  return isInsideTelegram() && WebApp.isVersionAtLeast(V_POPUPS_AND_CLOSING);
}

/** Spec §8: alerts use native dialogs inside the messenger, otherwise the browser alert. */
export function showAlert(message: string): Promise<void> {
  if (!hasNativePopups()) {
    window.alert(message);
    return Promise.resolve();
  }
  return new Promise((resolve) => WebApp.showAlert(message, resolve));
}

export function showConfirm(message: string): Promise<boolean> {
  if (!hasNativePopups()) return Promise.resolve(window.confirm(message));
  return new Promise((resolve) => WebApp.showConfirm(message, (confirmed) => resolve(confirmed)));
}

/** t.me links open in Telegram itself when inside it; anything else opens a new browser tab. */
export function openLink(url: string): void {
  if (isInsideTelegram() && new URL(url).hostname === "t.me") WebApp.openTelegramLink(url);
  else if (isInsideTelegram()) WebApp.openLink(url);
  else window.open(url, "_blank", "noopener");
}

/**
 * Telegram's own share sheet for a link and a line of text (the chat picker of `t.me/share/url`). Inside
 * Telegram only: false elsewhere, where the caller does the browser's thing (the clipboard).
 */
export function shareLink(url: string, text: string): boolean {
  if (!isInsideTelegram()) return false;
  WebApp.openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`);
  return true;
}

/** Closes the mini-app (inside Telegram only; a browser tab stays). */
export function closeApp(): void {
  if (isInsideTelegram()) WebApp.close();
}

/** Telegram's own QR scanner exists: inside Telegram, Bot API 6.4 or newer. */
export function canScanQr(): boolean {
  return isInsideTelegram() && WebApp.isVersionAtLeast(V_QR_SCANNER);
}

/**
 * Opens Telegram's QR scanner with `hint` under the viewfinder (at most 64 characters). Every code it reads goes
 * to `onText`; answering true closes the scanner, false keeps it scanning for the right code.
 */
export function scanQr(hint: string, onText: (text: string) => boolean): void {
  if (!canScanQr()) return;
  try {
    WebApp.showScanQrPopup({ text: hint }, (text) => (onText(text) ? true : undefined));
  } catch {
    // The scanner is already open (a double tap): that one keeps scanning.
  }
}
