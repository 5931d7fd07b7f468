/**
 * The customer's download, checked after `vite build` (`npm run build` runs it): index.html loads exactly one
 * script and preloads nothing (docs/webapp.md "Chunks"), and that entry script stays within its budget of
 * 115 kB gzipped (kB as Vite prints them, 1000 bytes). Staff screens stay out of it. Exits 1 with the reason
 * when any of that fails; `measureEntry` is what `npm run bench:web` prints.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Issue 16: the entry's budget, gzipped. */
export const ENTRY_BUDGET_BYTES = 115_000;

/** Texts only staff screens show: none may reach the customer's entry. */
const STAFF_ONLY_TEXTS = ["CANNABONUS", "AWAITING ORDERS", "I HAVE GIVEN ALL PRODUCTS"];

export interface EntryReport {
  /** Every script index.html names (src or modulepreload). */
  scripts: string[];
  /** The entry's file under webapp/dist. */
  entry: string;
  raw: number;
  gzip: number;
  brotli: number;
  /** What is wrong; empty when the build is within its rules. */
  problems: string[];
}

/** Where `vite build` wrote the mini-app: WEBAPP_DIR when set (webapp/vite.config.ts reads the same name). */
function builtWebappDir(): string {
  return process.env.WEBAPP_DIR ? resolve(process.env.WEBAPP_DIR) : fileURLToPath(new URL("../webapp/dist", import.meta.url));
}

export function measureEntry(distDir = builtWebappDir()): EntryReport {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => /\bsrc="([^"]+)"/.exec(tag[0])?.[1] ?? "(inline)");
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((tag) => /\bhref="([^"]+)"/.exec(tag[0])?.[1] ?? "?");
  const problems: string[] = [];
  if (scripts.length !== 1) problems.push(`index.html loads ${scripts.length} scripts (${scripts.join(", ")}); it must load one`);
  if (preloads.length > 0)
    problems.push(`index.html preloads ${preloads.join(", ")}: the bundler split the entry (docs/webapp.md "Chunks")`);

  const entry = scripts[0] && scripts[0] !== "(inline)" ? scripts[0].replace(/^\//, "") : "";
  if (!entry) {
    problems.push("index.html names no entry script");
    return { scripts: [...scripts, ...preloads], entry, raw: 0, gzip: 0, brotli: 0, problems };
  }
  const code = readFileSync(join(distDir, entry));
  const gzip = gzipSync(code).length;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  if (gzip > ENTRY_BUDGET_BYTES) {
    problems.push(`the entry ${entry} is ${kB(gzip)} gzipped, over its budget of ${kB(ENTRY_BUDGET_BYTES)}`);
  }
  const text = code.toString("utf8");
  for (const staffText of STAFF_ONLY_TEXTS) {
    if (text.includes(staffText)) problems.push(`the entry holds staff text "${staffText}": staff screens belong in their lazy chunk`);
  }
  return { scripts: [...scripts, ...preloads], entry, raw: code.length, gzip, brotli, problems };
}

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = measureEntry();
  console.log(
    `entry ${report.entry}: ${kB(report.raw)} raw, ${kB(report.gzip)} gzip, ${kB(report.brotli)} brotli ` +
      `(budget ${kB(ENTRY_BUDGET_BYTES)} gzip); index.html loads ${report.scripts.length} script(s)`,
  );
  if (report.problems.length > 0) {
    for (const problem of report.problems) console.error(`check-entry: ${problem}`);
    process.exit(1);
  }
}
