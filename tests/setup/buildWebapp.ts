/**
 * Builds the mini-app once, before any test file runs. Building per file raced: Vite empties webapp/dist
 * before writing, so one file's build deleted the assets another file's store was serving mid-test.
 */
import { build } from "vite";

export default async function buildWebappOnce(): Promise<void> {
  await build({ configFile: "webapp/vite.config.ts", logLevel: "error" });
}
