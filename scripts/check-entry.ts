/**
 * The customer's download, checked after `vite build` (`npm run build` runs it): index.html loads exactly one
 * script, and that entry with every module it preloads (the start's chunk, webapp/vite.config.ts) stays within its
 * budget, counted as gzip -9 of each file, in kB of 1000 bytes. Staff screens stay out of it. Exits 1 with the
 * reason when any of that fails; `measureEntry` is what `npm run bench:web` prints.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The entry's budget with its preloads, gzip -9 (docs/webapp.md "Chunks"). */
export const ENTRY_BUDGET_BYTES = 100_000;

/** Texts only staff screens show: none may reach the customer's entry. */
const STAFF_ONLY_TEXTS = ["CANNABONUS", "AWAITING ORDERS", "I HAVE GIVEN ALL PRODUCTS"];

export interface EntryReport {
  /** Every script index.html names (src or modulepreload). */
  scripts: string[];
  /** The entry's file under webapp/dist. */
  entry: string;
  /** The entry and its preloads together (what a first visit downloads before it runs). */
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

  const entry = scripts[0] && scripts[0] !== "(inline)" ? scripts[0].replace(/^\//, "") : "";
  if (!entry) {
    problems.push("index.html names no entry script");
    return { scripts: [...scripts, ...preloads], entry, raw: 0, gzip: 0, brotli: 0, problems };
  }
  const names = [entry, ...preloads.map((href) => href.replace(/^\//, ""))];
  const files = names.map((file) => readFileSync(join(distDir, file)));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const code of files) {
    raw += code.length;
    gzip += gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length;
    brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const text = code.toString("utf8");
    for (const staffText of STAFF_ONLY_TEXTS) {
      if (text.includes(staffText)) {
        problems.push(`the entry holds staff text "${staffText}": staff screens belong in their lazy chunk`);
      }
    }
  }
  if (gzip > ENTRY_BUDGET_BYTES) {
    problems.push(`the entry ${entry} with its preloads is ${kB(gzip)} gzipped, over its budget of ${kB(ENTRY_BUDGET_BYTES)}`);
  }
  return { scripts: [...scripts, ...preloads], entry, raw, gzip, brotli, problems };
}

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = measureEntry();
  console.log(
    `entry ${report.entry} with ${report.scripts.length - 1} preload(s): ` +
      `${kB(report.raw)} raw, ${kB(report.gzip)} gzip, ${kB(report.brotli)} brotli ` +
      `(budget ${kB(ENTRY_BUDGET_BYTES)} gzip -9)`,
  );
  if (report.problems.length > 0) {
    for (const problem of report.problems) console.error(`check-entry: ${problem}`);
    process.exit(1);
  }
}
