/** The throwaway PostgreSQL server the tests, the benchmarks and `npm run cluster` start: scripts/postgresServer.ts. */
export * from "../../scripts/postgresServer";

/** The migrated database of the run's server (tests/setup/postgres.ts) that each test file's database copies. */
export const TEMPLATE_DATABASE = "store_template";
