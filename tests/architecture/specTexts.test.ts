/**
 * English is the spec (issue 24): every product text the spec quotes is, byte for byte, a message of an
 * English catalogue: the mini-app's (webapp/src/locales/en/*.ts), the bot's (bot/locales/en.ts) or the
 * server's (server/domain/serverMessages.ts). And every message id the code uses is in its English catalogue.
 *
 * How the spec quotes a text: in single quotes, opened after a space, a bracket or a table bar and closed
 * before a space, punctuation or the end ('You've succesfuly got order' keeps its apostrophe). Quoted things
 * that are not read by a person are left out by rule: routes ("/…"), numbers and codes (no two letters in a
 * row: '0', "1'/'0"), and identifiers (one word written as code: lower-case first like 'dispatch', or all
 * capitals like 'EMAIL' and the status letters). A placeholder in a spec text ({email}, or N for a number)
 * matches any value of the message: both sides are compared with every value set to 7.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileCatalogue, createTranslate, type Catalogue } from "../../server/domain/messages";
import { SERVER_MESSAGES } from "../../server/domain/serverMessages";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** ../shared/spec beside the repository (a worktree sits one folder deeper); SPEC_FILE names another. */
function findSpec(): string | null {
  if (process.env.SPEC_FILE) return process.env.SPEC_FILE;
  for (const up of ["..", "../..", "../../.."]) {
    const file = resolve(ROOT, up, "shared/spec/storefront-spec.md");
    if (existsSync(file)) return file;
  }
  return null;
}

export function quotedTexts(spec: string): string[] {
  const quotes = [...spec.matchAll(/(?<=^|[\s(|[])'(.+?)'(?=$|[\s.,;:)|\]?!])/gm)].map((m) => m[1]!);
  const isRoute = (q: string) => q.startsWith("/");
  const isCode = (q: string) => !/\p{L}{2}/u.test(q);
  const isIdentifier = (q: string) => !/\s/.test(q) && (/^[a-z][A-Za-z0-9_]*$/.test(q) || /^[A-Z0-9_]+$/.test(q));
  return [...new Set(quotes)].filter((q) => !isRoute(q) && !isCode(q) && !isIdentifier(q));
}

/** A text with every placeholder as 7: "All shops (N)" → "All shops (7)", "account: {email}?" → "account: 7?". */
const withSevens = (specText: string) => specText.replace(/\{\w+\}/g, "7").replace(/\bN\b/g, "7");

/** Every message of the catalogues as it reads with every value 7. */
function renderedMessages(catalogues: Catalogue[]): Set<string> {
  const out = new Set<string>();
  for (const catalogue of catalogues) {
    const translate = createTranslate({ en: catalogue, ru: catalogue, th: catalogue });
    for (const [id, message] of Object.entries(catalogue)) {
      const values = Object.fromEntries([...message.matchAll(/\{(\w+)/g)].map((m) => [m[1]!, 7]));
      out.add(translate("en", id, values));
    }
  }
  return out;
}

function sourceFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "dist" ? [] : sourceFiles(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

async function catalogueOf(file: string): Promise<Catalogue> {
  return ((await import(file)) as { default: Catalogue }).default;
}

async function webappCatalogues(): Promise<Catalogue[]> {
  return Promise.all(sourceFiles(join(ROOT, "webapp/src/locales/en"), /\.ts$/).map(catalogueOf));
}

const BOT_CATALOGUE = join(ROOT, "bot/locales/en.ts");
const botCatalogue = async (): Promise<Catalogue> => (existsSync(BOT_CATALOGUE) ? catalogueOf(BOT_CATALOGUE) : {});
const serverCatalogue = (): Catalogue => Object.fromEntries(SERVER_MESSAGES.map((m) => [m, m]));

/** The spec texts none of the catalogues says. */
export function missingTexts(texts: string[], catalogues: Catalogue[]): string[] {
  const said = renderedMessages(catalogues);
  return texts.filter((text) => !said.has(withSevens(text)));
}

const specFile = findSpec();

describe("the spec's texts", () => {
  it("are read from the spec by rule: texts kept, routes, codes and identifiers left out", () => {
    const sample =
      "| /products/{id} | loading 'Loading product...'. adminRole 'A', a 'dispatch' query, auth_type 'EMAIL', ('1'/'0'; '0' hides).\n" +
      "- Take order: 'Another manager got this order'; else 'You've succesfuly got order'. 'All shops (N)' " +
      "and 'You are sure you want to log out from account: {email}?' with 'Set name', 'Set label' (not empty).";
    expect(quotedTexts(sample)).toEqual([
      "Loading product...",
      "Another manager got this order",
      "You've succesfuly got order",
      "All shops (N)",
      "You are sure you want to log out from account: {email}?",
      "Set name",
      "Set label",
    ]);
  });

  it("are matched exactly, placeholders with any value, ICU plurals included", () => {
    const catalogue = {
      a: "All shops ({count})",
      b: "You've added {count, plural, one {# product} other {# products}}.",
      c: "You are sure you want to log out from account: {email}?",
      d: "Not enough products in stock",
    };
    const texts = ["All shops (N)", "You've added N products.", "You are sure you want to log out from account: {email}?"];
    const near = ["Not enough products in stock", "Not enough products", "not enough products in stock"];
    expect(missingTexts([...texts, ...near], [catalogue])).toEqual(["Not enough products", "not enough products in stock"]);
  });

  it("are each, byte for byte, in an English catalogue (mini-app, bot or server)", async () => {
    if (specFile === null) {
      throw new Error("The product spec was not found: put ../shared/spec/storefront-spec.md beside the repository or set SPEC_FILE");
    }
    const texts = quotedTexts(readFileSync(specFile!, "utf8"));
    expect(texts.length).toBeGreaterThan(60);
    const missing = missingTexts(texts, [...(await webappCatalogues()), await botCatalogue(), serverCatalogue()]);
    if (missing.length > 0) {
      const list = missing.map((t) => `  '${t}'`).join("\n");
      console.log(`Spec texts in no English catalogue (${missing.length} of ${texts.length}):\n${list}`);
    }
    expect(missing, "spec texts in no English catalogue").toEqual([]);
  });
});

/** `t("id")`, `ctx.say("id")` and `translate(locale, "id")` calls with a literal dotted id (a computed id cannot be checked here). */
function idsUsed(files: string[], call: RegExp): { file: string; id: string }[] {
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(call)].map((m) => ({ file: relative(ROOT, file), id: m[1]! })),
  );
}

const WEBAPP_CALL = /(?<![\w.])t\(\s*["']([\w-]+(?:\.[\w-]+)+)["']/g;
const BOT_CALL = /(?<![\w])(?:t|translate|tr|say)\(\s*(?:[\w.?!]+\s*,\s*)?["']([\w-]+(?:\.[\w-]+)+)["']/g;
const SERVER_CALL = /translateServer\(\s*[\w.?!]+\s*,\s*"((?:[^"\\]|\\.)+)"/g;

describe("message ids used in code", () => {
  it("the scanners see the calls they are for", () => {
    expect([..."t(\"cart.empty\") x.t(\"no.no\") t(`a.${b}`)".matchAll(WEBAPP_CALL)].map((m) => m[1])).toEqual(["cart.empty"]);
    const bot = "t(locale, \"start.welcome\") translate(ctx.locale, 'menu.help') ctx.say(\"take.took\", { id }) " +
      "t(\"Plain text\") essay(\"a.b\")";
    expect([...bot.matchAll(BOT_CALL)].map((m) => m[1])).toEqual(["start.welcome", "menu.help", "take.took"]);
  });

  it("are each in their English catalogue", async () => {
    const webappIds = new Set((await webappCatalogues()).flatMap((c) => Object.keys(c)));
    const botIds = new Set(Object.keys(await botCatalogue()));
    const serverIds = new Set<string>(SERVER_MESSAGES);
    compileCatalogue(serverCatalogue());
    const absent = [
      ...idsUsed(sourceFiles(join(ROOT, "webapp/src"), /\.tsx?$/), WEBAPP_CALL)
        .filter(({ id }) => !webappIds.has(id))
        .map(({ file, id }) => `${file}: "${id}" (webapp/src/locales/en)`),
      ...idsUsed(sourceFiles(join(ROOT, "bot"), /\.ts$/), BOT_CALL)
        .filter(({ file, id }) => !file.startsWith("bot/locales/") && !botIds.has(id))
        .map(({ file, id }) => `${file}: "${id}" (bot/locales/en.ts)`),
      ...idsUsed(sourceFiles(join(ROOT, "server"), /\.ts$/), SERVER_CALL)
        .filter(({ id }) => !serverIds.has(JSON.parse(`"${id}"`) as string))
        .map(({ file, id }) => `${file}: "${id}" (server/domain/serverMessages.ts)`),
    ];
    if (absent.length > 0) console.log(`Message ids used in code but absent from their English catalogue:\n  ${absent.join("\n  ")}`);
    expect(absent).toEqual([]);
  });
});
