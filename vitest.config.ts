import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects: "sqlite" runs every suite on the embedded default; "postgres" runs the database, service and
 * API suites again on a real PostgreSQL server the run starts and stops itself (tests/setup/postgres.ts).
 */
export default defineConfig({
  resolve: { alias: { "@domain": fileURLToPath(new URL("./server/domain", import.meta.url)) } },
  test: {
    environment: "node",
    // Browser tests sign in by mail and drive Chromium; on a loaded 2-core CI machine that takes its time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["tests/**/*.test.ts"],
          // PostgreSQL's own files (its backups by pg_dump) run in the postgres project only.
          exclude: ["tests/db/postgres/**"],
          globalSetup: ["tests/setup/buildWebapp.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["tests/db/**/*.test.ts", "tests/server/services/**/*.test.ts", "tests/server/http/**/*.test.ts"],
          // SQLite's own files, and suites that ask nothing of the engine (static files, the admin CLI on its
          // SQLite file, development pages): the postgres run is for what the database decides.
          exclude: [
            "tests/db/sqlite/**",
            "tests/server/http/static.test.ts",
            "tests/server/http/roles.test.ts",
            "tests/server/http/dev.test.ts",
          ],
          env: { STORE_ENGINE: "postgres" },
          globalSetup: ["tests/setup/buildWebapp.ts", "tests/setup/postgres.ts"],
        },
      },
    ],
  },
});
