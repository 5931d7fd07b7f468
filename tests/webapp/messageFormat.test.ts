/**
 * The mini-app's reader of compiled messages (webapp/src/lib/messageFormat.ts) writes every message of every
 * catalogue exactly as Lingui's own runtime would, for counts that take each plural form, and handles the ICU
 * forms the catalogues may come to use (exact cases, select, number, `#` only inside a plural).
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../server/domain/locale";
import { compiledCatalogue, readCatalogue } from "../../webapp/messagesPlugin";
import { formatMessage, type CompiledMessage, type MessageValues } from "../../webapp/src/lib/messageFormat";

/** The names a compiled message puts values in, and which of them are counts. */
function slots(tokens: unknown, found = new Map<string, "count" | "text">()): Map<string, "count" | "text"> {
  if (!Array.isArray(tokens)) return found;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    const [name, type, format] = token as [string, string?, unknown?];
    const counted = type === "plural" || type === "selectordinal" || type === "number";
    if (counted || !found.has(name)) found.set(name, counted ? "count" : "text");
    if (format && typeof format === "object") for (const tokens of Object.values(format)) slots(tokens, found);
  }
  return found;
}

function linguiSays(locale: string, message: CompiledMessage, values: MessageValues): string {
  const i18n = setupI18n({ locale, messages: { [locale]: { id: message as never } } });
  return i18n._("id", values);
}

describe("the mini-app's message reader", () => {
  for (const part of ["app", "staff"]) {
    for (const locale of LOCALES) {
      it(`writes ${locale}/${part} as Lingui does, for counts 0, 1, 2, 5, 21, 1200`, async () => {
        const file = `webapp/src/locales/${locale}/${part}.ts`;
        const catalogue = compiledCatalogue(file, await readCatalogue(file)) as Record<string, CompiledMessage>;
        let compared = 0;
        for (const [id, message] of Object.entries(catalogue)) {
          for (const count of [0, 1, 2, 5, 21, 1200]) {
            const values: MessageValues = {};
            for (const [name, kind] of slots(message)) values[name] = kind === "count" ? count : `«${name}»`;
            expect(formatMessage(message, locale, values), `${id} with ${count}`).toBe(linguiSays(locale, message, values));
            compared++;
          }
        }
        expect(compared).toBeGreaterThan(100);
      });
    }
  }

  it("takes an exact case before the language's rule, a select's case or other, and formats numbers", () => {
    const say = (source: string, locale: string, values: MessageValues) =>
      formatMessage(compileMessage(source) as CompiledMessage, locale, values);
    const items = "{count, plural, =0 {nothing} one {# item} other {# items}}";
    expect([0, 1, 3].map((count) => say(items, "en", { count }))).toEqual(["nothing", "1 item", "3 items"]);
    expect(say("{role, select, manager {Manager} other {Someone}} #", "en", { role: "manager" })).toBe("Manager #");
    expect(say("{role, select, manager {Manager} other {Someone}}", "en", { role: "cook" })).toBe("Someone");
    expect(say("{total, number} in all", "ru", { total: 12345 }).replace(/\s/g, " ")).toBe("12 345 in all");
    expect(say("Hello {name}", "th", {})).toBe("Hello ");
  });
});
