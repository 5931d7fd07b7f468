/**
 * The build refuses a catalogue with gaps (issue 24: missing translations fail the build). Vite does not run the
 * type check, so the messages plugin (webapp/messagesPlugin.ts) compares each Russian and Thai catalogue with its
 * English source as it compiles it; and the server's and the bot's catalogues are checked the same way at start.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTranslate } from "../../server/domain/messages";
import { compileMessages } from "../../webapp/messagesPlugin";

const root = mkdtempSync(join(tmpdir(), "catalogues-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes webapp/src/locales/<locale>/app.ts under a temporary root and answers its path. */
function catalogue(locale: string, messages: Record<string, string>): string {
  const dir = join(root, "webapp", "src", "locales", locale);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "app.ts");
  writeFileSync(file, `export default ${JSON.stringify(messages)} as const;\n`);
  return file;
}

async function load(file: string): Promise<string> {
  const plugin = compileMessages();
  const hook = plugin.load as (this: unknown, id: string) => Promise<{ code: string } | null>;
  const result = await hook.call({ addWatchFile() {} }, file);
  return result!.code;
}

describe("the mini-app's build", () => {
  it("compiles a complete translation", async () => {
    catalogue("en", { "cart.title": "Cart", "cart.items": "{count, plural, one {# item} other {# items}}" });
    const items = "{count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}";
    const code = await load(catalogue("ru", { "cart.title": "Корзина", "cart.items": items }));
    expect(code).toContain("Корзина");
    expect(code).not.toContain("plural, one");
  });

  it("fails on a translation that lacks an English id, or has one English does not, naming them", async () => {
    catalogue("en", { "cart.title": "Cart", "cart.empty": "Your cart is empty" });
    await expect(load(catalogue("th", { "cart.title": "ตะกร้า" }))).rejects.toThrow(/missing 1 translation\(s\): "cart\.empty"/);
    await expect(load(catalogue("ru", { "cart.title": "Корзина", "cart.empty": "Пусто", "cart.old": "Старое" }))).rejects.toThrow(
      /1 id\(s\) English does not have: "cart\.old"/,
    );
  });

  it("fails on a message that is not valid ICU, naming it", async () => {
    await expect(load(catalogue("en", { "cart.items": "{count, plural, one {# item}" }))).rejects.toThrow(/"cart\.items" is not valid ICU/);
  });
});

describe("the server's and the bot's catalogues at start", () => {
  it("refuse a translation with gaps, naming the language and the ids", () => {
    const en = { "a.b": "One", "a.c": "Two" };
    expect(() => createTranslate({ en, ru: { "a.b": "Один", "a.c": "Два" }, th: { "a.b": "หนึ่ง" } as typeof en })).toThrow(
      /the th catalogue: missing 1 translation\(s\): "a\.c"/,
    );
  });
});
