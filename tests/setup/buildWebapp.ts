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
  // The build customers get: webapp/vite.config.ts sets NODE_ENV=production for every build, in this
  // process too; vitest's NODE_ENV=test is put back for the test files after.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: "webapp/vite.config.ts", logLevel: "error" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
