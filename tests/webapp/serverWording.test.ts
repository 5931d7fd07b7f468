/**
 * Where the mini-app says itself what the server would say for the same situation (it checks first, the
 * server stays the judge), both say it in the same words, in each language: one wording per language.
 */
import { describe, expect, it } from "vitest";
import { INVALID_PHONE } from "../../server/domain/contact";
import { LOCALES } from "../../server/domain/locale";
import { MAPS_LINK_ONLY } from "../../server/domain/maps";
import { CHOOSE_OPTIONS } from "../../server/domain/orders";
import type { ServerMessage } from "../../server/domain/serverMessages";
import { translateServer } from "../../server/locales";
import en from "../../webapp/src/locales/en/app";
import ru from "../../webapp/src/locales/ru/app";
import th from "../../webapp/src/locales/th/app";

const APP = { en, ru, th } as const;

/** The app's message and the server's for one situation. */
const SAME_SITUATION: [keyof typeof en, ServerMessage][] = [
  ["cart.chooseOptions", CHOOSE_OPTIONS],
  // The courier dialogs check the phone and the maps link by the server's rules before saving.
  ["courier.phoneInvalid", INVALID_PHONE],
  ["courier.mapsLinkInvalid", MAPS_LINK_ONLY],
];

describe.each(LOCALES)("in %s", (locale) => {
  it.each(SAME_SITUATION)("the app's %s reads as the server's message", (appId, serverId) => {
    expect(APP[locale][appId]).toBe(translateServer(locale, serverId));
  });
});
