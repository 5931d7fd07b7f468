import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@domain": fileURLToPath(new URL("./server/domain", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // The e2e file builds the mini-app and drives Chromium: keep it from competing with itself.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
