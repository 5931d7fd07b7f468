/** The throwaway PostgreSQL server the tests, the benchmarks and `npm run cluster` start: scripts/postgresServer.ts. */
export * from "../../scripts/postgresServer";
