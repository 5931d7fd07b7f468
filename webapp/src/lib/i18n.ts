/**
 * The mini-app's language (issue 24, design §11): one language at a time, and only its messages downloaded.
 *
 * Messages are ICU strings in catalogues per language and part (webapp/src/locales/<locale>/<part>.ts): `app`
 * for every customer screen and the shared components, `staff` for the hand-over and admin screens, loaded
 * with their chunk. Vite compiles each catalogue at build time (webapp/messagesPlugin.ts), so no ICU parser
 * ships. English is the source: its keys are the message ids, and `t` only takes those (a typo fails tsc).
 *
 * Which language: the one the server last said is in effect (stored here after `GET /api/me`), else
 * Telegram's `language_code` from the launch data, else the browser's languages, else English. The server
 * stays the judge: `me` answers the language in effect and the app follows it (useLocaleFromServer).
 */
import { create } from "zustand";
import { setDisplayLocale } from "@domain/format";
import { DEFAULT_LOCALE, isLocale, reduceLanguageTag, type Locale } from "@domain/locale";
import type appEn from "../locales/en/app";
import type staffEn from "../locales/en/staff";
import { formatMessage, type CompiledMessage, type MessageValues } from "./messageFormat";
import { telegramInitData } from "./telegram";

export type MessageId = keyof typeof appEn | keyof typeof staffEn;
export type { MessageValues };
type Part = "app" | "staff";
type Compiled = { default: Record<string, CompiledMessage> };

/** One dynamic import per language and part: Vite makes each its own small chunk. */
const CATALOGUES: Record<Part, Record<Locale, () => Promise<Compiled>>> = {
  app: {
    en: () => import("../locales/en/app") as Promise<Compiled>,
    ru: () => import("../locales/ru/app") as Promise<Compiled>,
    th: () => import("../locales/th/app") as Promise<Compiled>,
  },
  staff: {
    en: () => import("../locales/en/staff") as Promise<Compiled>,
    ru: () => import("../locales/ru/staff") as Promise<Compiled>,
    th: () => import("../locales/th/staff") as Promise<Compiled>,
  },
};

const STORAGE_KEY = "locale";

/** The messages loaded so far, per language (each part's added as it arrives). */
const messages: Partial<Record<Locale, Record<string, CompiledMessage>>> = {};
/** The language `t` writes in: set once its messages are here. */
let active: Locale = DEFAULT_LOCALE;

/** The text of a message in the language in effect (its id while its part has not arrived). */
export function t(id: MessageId, values?: MessageValues): string {
  const message = messages[active]?.[id];
  return message === undefined ? id : formatMessage(message, active, values);
}

interface LocaleState {
  locale: Locale;
}

/** The language in effect; the app's root renders again (from scratch) when it changes. */
export const useLocaleStore = create<LocaleState>()(() => ({ locale: DEFAULT_LOCALE }));

export function currentLocale(): Locale {
  return useLocaleStore.getState().locale;
}

const loadedParts = new Set<Part>(["app"]);
const loaded = new Map<string, Promise<void>>();

function loadPart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}/${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = CATALOGUES[part][locale]().then((module) => {
      messages[locale] = { ...messages[locale], ...module.default };
    });
    // A failed download may be tried again (the next change or screen).
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** Makes a part's messages (e.g. `staff`, with the staff screens' chunk) ready in the language in effect. */
export async function loadMessages(part: Part): Promise<void> {
  loadedParts.add(part);
  await loadPart(currentLocale(), part);
}

function stored(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function remember(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Blocked storage: the server's answer decides again on the next visit.
  }
}

/** Telegram's word for the user's language, read from the launch data (the server checks its signature). */
function telegramLanguage(): Locale | null {
  try {
    const user = JSON.parse(new URLSearchParams(telegramInitData()).get("user") ?? "null") as { language_code?: unknown } | null;
    return reduceLanguageTag(typeof user?.language_code === "string" ? user.language_code : null);
  } catch {
    return null;
  }
}

function browserLanguage(): Locale | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const locale = reduceLanguageTag(tag);
    if (locale) return locale;
  }
  return null;
}

/** Switches every text, format and the page's `lang` to a language, once its messages are here. */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all([...loadedParts].map((part) => loadPart(locale, part)));
  active = locale;
  setDisplayLocale(locale);
  document.documentElement.lang = locale;
  remember(locale);
  useLocaleStore.setState({ locale });
}

/** Before the first render: the best guess of the language, with its messages loaded. */
export function startLocale(): Promise<void> {
  const guess = stored() ?? telegramLanguage() ?? browserLanguage() ?? DEFAULT_LOCALE;
  return setLocale(guess).catch(() => setLocale(DEFAULT_LOCALE));
}
