/**
 * The PostgreSQL run of the suites (vitest project "postgres"): one server for the whole run, and a template
 * database migrated once, from which each test file's database is copied (tests/helpers/app.ts,
 * `testDatabase`). When no PostgreSQL can be started the run fails, saying how to get one: it never skips.
 */
import { migrateToLatest, openPostgres } from "../../db/connection";
import { startPostgresServer, TEMPLATE_DATABASE } from "../helpers/postgresServer";

export default async function startPostgresForTheRun(): Promise<() => Promise<void>> {
  const server = await startPostgresServer();
  const db = openPostgres(await server.createDatabase(TEMPLATE_DATABASE), { max: 1 });
  await migrateToLatest(db);
  await db.destroy();
  process.env.TEST_POSTGRES_URL = server.url;
  return async () => server.stop();
}
