import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@domain": fileURLToPath(new URL("./server/domain", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/buildWebapp.ts"],
    environment: "node",
    // Browser tests sign in by mail and drive Chromium; on a loaded 2-core CI machine that takes its time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
