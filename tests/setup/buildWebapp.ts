/**
 * Builds the mini-app once, before any test file runs. Building per file raced: Vite empties webapp/dist
 * before writing, so one file's build deleted the assets another file's store was serving mid-test.
 * SKIP_WEBAPP_BUILD=1 keeps the build that is there (for running server or bot tests alone while working).
 */
import { existsSync } from "node:fs";
import { build } from "vite";

export default async function buildWebappOnce(): Promise<void> {
  const outDir = process.env.WEBAPP_DIR || "webapp/dist";
  if (process.env.SKIP_WEBAPP_BUILD === "1" && existsSync(`${outDir}/index.html`)) return;
  await build({ configFile: "webapp/vite.config.ts", logLevel: "error" });
}
