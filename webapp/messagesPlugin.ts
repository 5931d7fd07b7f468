/**
 * Compiles the mini-app's message catalogues (webapp/src/locales/<locale>/<part>.ts) at build time: each
 * module is served as its messages already compiled by Lingui's ICU compiler, so the phone downloads no parser
 * and a message that is not valid ICU fails the build, naming it. So does a Russian or Thai catalogue that lacks
 * one of English's ids or has one English does not (the type check says the same in `npm test`; Vite does not
 * type-check, so the build checks it itself).
 */
import { readFile } from "node:fs/promises";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { transform } from "esbuild";
import type { Plugin } from "vite";
import { catalogueGaps } from "../server/domain/messages.ts";

const CATALOGUE = /[\\/]webapp[\\/]src[\\/]locales[\\/](en|ru|th)[\\/]\w+\.ts$/;

/** A catalogue's messages: the module is plain data (type imports only), evaluated on its own. */
export async function readCatalogue(file: string): Promise<Record<string, string>> {
  const { code } = await transform(await readFile(file, "utf8"), { loader: "ts", format: "esm" });
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as { default: unknown };
  const messages = module.default;
  if (!messages || typeof messages !== "object") throw new Error(`${file}: a catalogue's default export is an object of messages`);
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== "string") throw new Error(`${file}: message ${JSON.stringify(id)} is not a string`);
  }
  return messages as Record<string, string>;
}

export function compiledCatalogue(file: string, messages: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: message ${JSON.stringify(id)} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export function compileMessages(): Plugin {
  return {
    name: "store:messages",
    enforce: "pre",
    async load(id) {
      const file = id.split("?")[0]!;
      if (!CATALOGUE.test(file)) return null;
      this.addWatchFile(file);
      const messages = await readCatalogue(file);
      const english = file.replace(/([\\/]locales[\\/])(ru|th)([\\/])/, "$1en$3");
      if (english !== file) {
        const gaps = catalogueGaps(file, await readCatalogue(english), messages);
        if (gaps) throw new Error(gaps);
      }
      const compiled = compiledCatalogue(file, messages);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`, map: null };
    },
  };
}
