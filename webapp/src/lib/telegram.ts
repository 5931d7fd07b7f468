/**
 * The one module that touches the Telegram mini-app SDK (conventions: everything else asks it). In a plain
 * browser the SDK is never downloaded: whether the app runs inside Telegram, the signed launch data, the
 * client's version and theme are read from the launch parameters Telegram puts in the URL's hash, exactly as
 * the SDK reads them. Inside Telegram the SDK (12 kB gzipped, a chunk of its own) is fetched at start, in
 * parallel with the app's first calls; what the app asks of it before it arrives waits in order.
 */
import type { TelegramThemeParams } from "./theme";

/** The SDK's WebApp object (for the lib/telegram*.ts files, which each wrap one of its capabilities). */
export type WebAppApi = typeof import("@twa-dev/sdk").default;

/** Telegram clients older than these lack the methods (the SDK then warns or throws), so each call checks. */
const V_BUTTONS_AND_HAPTICS = "6.1";
const V_POPUPS_AND_CLOSING = "6.2";
const V_VERTICAL_SWIPES = "7.7";

/** Spec §4 "Messenger mode": the haptic feedback types the app uses. */
type HapticType = "heavy" | "rigid" | "success" | "error" | "warning";

// ---- Launch parameters (no SDK) ----

/** Where the SDK keeps the launch parameters for reloads and client-side navigation (its own key). */
const LAUNCH_PARAMS_KEY = "__telegram__initParams";

type LaunchParams = Record<string, string | null>;

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, "%20"));
  } catch {
    return value;
  }
}

/** The hash as the SDK parses it: `#key=value&…`, or `#path?key=value&…`. */
function parseHash(hash: string): LaunchParams {
  let rest = hash.replace(/^#/, "");
  const params: LaunchParams = {};
  if (rest === "" || (!rest.includes("=") && !rest.includes("?"))) return params;
  const query = rest.indexOf("?");
  if (query >= 0) rest = rest.slice(query + 1);
  for (const pair of rest.split("&")) {
    if (pair === "") continue;
    const [name, value] = pair.split("=");
    params[decode(name!)] = value === undefined ? null : decode(value);
  }
  return params;
}

/**
 * Read once at start, and kept for the tab's life as the SDK keeps them: the app's routes soon replace the
 * hash, and a reload (Android reloads by itself) must still be "inside Telegram".
 */
function readLaunchParams(): LaunchParams {
  let params: LaunchParams = {};
  try {
    params = parseHash(window.location.hash);
  } catch {
    // No location to read.
  }
  try {
    const stored = JSON.parse(sessionStorage.getItem(LAUNCH_PARAMS_KEY) ?? "null") as LaunchParams | null;
    if (stored) params = { ...stored, ...params };
    sessionStorage.setItem(LAUNCH_PARAMS_KEY, JSON.stringify(params));
  } catch {
    // Blocked storage: this page load still has the hash.
  }
  return params;
}

const launch = readLaunchParams();
const initData = launch.tgWebAppData ?? "";
const version = launch.tgWebAppVersion ?? "6.0";

/** Telegram hands the mini-app signed launch data; a plain browser has none. */
export function isInsideTelegram(): boolean {
  return initData !== "";
}

/** The raw signed launch data the server checks on sign-in ("" outside Telegram). */
export function telegramInitData(): string {
  return initData;
}

/** The SDK's own comparison of dotted versions: the client running the app is `wanted` or newer. */
export function versionAtLeast(wanted: string): boolean {
  const have = version.trim().split(".");
  const want = wanted.split(".");
  for (let i = 0; i < Math.max(have.length, want.length); i++) {
    const a = parseInt(have[i] ?? "", 10) || 0;
    const b = parseInt(want[i] ?? "", 10) || 0;
    if (a !== b) return a > b;
  }
  return true;
}

// ---- The SDK, fetched inside Telegram only ----

let webApp: WebAppApi | null = null;
let loading: Promise<WebAppApi> | null = null;
/** Calls made before the SDK arrived, run in the order they were made. */
const waiting: ((sdk: WebAppApi) => void)[] = [];

function loadSdk(): Promise<WebAppApi> {
  // Telegram's own script, which sets window.Telegram.WebApp, straight from the package: its CommonJS wrapper
  // would make Rolldown move its module runtime out of the entry into a file of its own (docs/webapp.md
  // "Chunks"); the script itself is plain and needs nothing of the entry.
  // @ts-expect-error: the script exports nothing (its .d.ts is empty); it sets window.Telegram.
  loading ??= import("../../../node_modules/@twa-dev/sdk/dist/telegram-web-apps.js").then(
    () => {
      const sdk = (window as unknown as { Telegram: { WebApp: WebAppApi } }).Telegram.WebApp;
      webApp = sdk;
      while (waiting.length > 0) {
        try {
          waiting.shift()!(sdk);
        } catch (error) {
          console.error(error);
        }
      }
      return sdk;
    },
    (error: unknown) => {
      // A lost connection: the next call to Telegram tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs `call` with the SDK now, or once it has arrived (after every call queued before it); nothing outside
 * Telegram. Only this file and the lib/telegram*.ts files beside it touch the SDK.
 */
export function withSdk(call: (sdk: WebAppApi) => void): void {
  if (!isInsideTelegram()) return;
  if (webApp && waiting.length === 0) {
    call(webApp);
    return;
  }
  waiting.push(call);
  loadSdk().catch((error: unknown) => console.error("The Telegram SDK could not be loaded", error));
}

/** The SDK once it has arrived (inside Telegram only: outside it never resolves). */
export function sdkNow(): Promise<WebAppApi> {
  return new Promise((resolve) => withSdk(resolve));
}

/**
 * Once at start: Telegram's colours on the app's CSS variables (from the launch parameters; the returned promise
 * settles once they are on, and the first render waits for it, so the app's first paint already has them), then
 * the SDK is fetched to expand the app, follow theme changes, guard closing and keep vertical swipes for scrolling.
 */
export function startTelegram(): Promise<void> {
  if (!isInsideTelegram()) return Promise.resolve();
  const themed = applyTheme(launchTheme());
  withSdk((sdk) => {
    sdk.expand();
    void applyTheme(sdk.themeParams, sdk.colorScheme);
    sdk.onEvent("themeChanged", () => void applyTheme(sdk.themeParams, sdk.colorScheme));
    if (versionAtLeast(V_BUTTONS_AND_HAPTICS)) {
      sdk.setHeaderColor("bg_color");
      sdk.setBackgroundColor("bg_color");
    }
    // A half-filled cart or code should not vanish with an accidental swipe down.
    if (versionAtLeast(V_POPUPS_AND_CLOSING)) sdk.enableClosingConfirmation();
    // A swipe down while scrolling a long list scrolls it instead of closing the app (Bot API 7.7).
    if (versionAtLeast(V_VERTICAL_SWIPES)) sdk.disableVerticalSwipes();
    // The keyboard shrinks Telegram's viewport (iOS): lib/viewport.ts keeps the focused field above it.
    const onViewport = () => setVisibleHeight(sdk.viewportHeight);
    sdk.onEvent("viewportChanged", onViewport);
    onViewport();
  });
  return themed;
}

/** The shell has rendered: Telegram takes its placeholder away (called by the shell, before any data). */
export function telegramReady(): void {
  withSdk((sdk) => sdk.ready());
}

/** The height Telegram leaves the app, for lib/viewport.ts (set by startTelegram). */
let visibleHeightListener: ((height: number) => void) | null = null;

function setVisibleHeight(height: number): void {
  visibleHeightListener?.(height);
}

/** lib/viewport.ts listens to Telegram's viewport here (nothing happens outside Telegram). */
export function onTelegramViewport(listener: (height: number) => void): void {
  visibleHeightListener = listener;
  if (webApp) listener(webApp.viewportHeight);
}

/** The theme Telegram passed in the launch parameters (the SDK reads the same). */
function launchTheme(): TelegramThemeParams {
  try {
    return JSON.parse(launch.tgWebAppThemeParams ?? "{}") as TelegramThemeParams;
  } catch {
    return {};
  }
}

/**
 * The mapping of Telegram's colours (lib/theme.ts, pure): a chunk of its own, fetched inside Telegram only, in
 * parallel with the start's messages; a browser never needs it.
 */
let themeMapping: Promise<typeof import("./theme")> | null = null;

/**
 * Telegram's theme colours onto the app's CSS variables (src/app/theme.css), each readable (lib/theme.ts). Never
 * fails: without the mapping (a lost connection) the app keeps its own colours, and the next theme tries again.
 */
async function applyTheme(theme: TelegramThemeParams, scheme?: "light" | "dark"): Promise<void> {
  let variables: Record<string, string>;
  try {
    variables = (await (themeMapping ??= import("./theme"))).themeVariables(theme, scheme);
  } catch (error) {
    themeMapping = null;
    console.error("Telegram's theme could not be applied", error);
    return;
  }
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(variables)) root.setProperty(name, value);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", variables["color-scheme"]!);
  if (variables["--bg"]) document.querySelector('meta[name="theme-color"]')?.setAttribute("content", variables["--bg"]);
}

// ---- What screens ask of Telegram ----

export function haptic(type: HapticType): void {
  if (!isInsideTelegram() || !versionAtLeast(V_BUTTONS_AND_HAPTICS)) return;
  withSdk((sdk) => {
    if (type === "heavy" || type === "rigid") sdk.HapticFeedback.impactOccurred(type);
    else sdk.HapticFeedback.notificationOccurred(type);
  });
}

/**
 * Telegram's own Back button, which stands in for the header's Return button inside the messenger. Shows it
 * with `onBack` as its action; the returned function takes the action away again.
 */
export function showBackButton(onBack: () => void): () => void {
  if (!isInsideTelegram() || !versionAtLeast(V_BUTTONS_AND_HAPTICS)) return () => undefined;
  let shown = true;
  withSdk((sdk) => {
    if (!shown) return;
    sdk.BackButton.onClick(onBack);
    sdk.BackButton.show();
  });
  return () => {
    shown = false;
    withSdk((sdk) => sdk.BackButton.offClick(onBack));
  };
}

export function hideBackButton(): void {
  if (!isInsideTelegram() || !versionAtLeast(V_BUTTONS_AND_HAPTICS)) return;
  withSdk((sdk) => sdk.BackButton.hide());
}

/** Telegram's own alert and confirm dialogs exist (else the browser's). */
export function hasNativePopups(): boolean {
  return isInsideTelegram() && versionAtLeast(V_POPUPS_AND_CLOSING);
}

export async function showConfirm(message: string): Promise<boolean> {
  if (!hasNativePopups()) return window.confirm(message);
  const sdk = await sdkNow();
  return new Promise((resolve) => sdk.showConfirm(message, (confirmed) => resolve(confirmed)));
}
