/**
 * The PostgreSQL run of the suites (vitest project "postgres"): one server for the whole run, and a template
 * database migrated once, from which each test file's database is copied (tests/helpers/app.ts,
 * `testDatabase`). When no PostgreSQL can be started the run fails, saying how to get one: it never skips.
 */
import pg from "pg";
import { migrateToLatest, openPostgres } from "../../db/connection";
import { startPostgresServer } from "../helpers/postgresServer";

export const TEMPLATE_DATABASE = "store_template";

export default async function startPostgresForTheRun(): Promise<() => Promise<void>> {
  const server = await startPostgresServer();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const db = openPostgres(server.urlOf(TEMPLATE_DATABASE), { max: 1 });
  await migrateToLatest(db);
  await db.destroy();
  process.env.TEST_POSTGRES_URL = server.url;
  return async () => server.stop();
}
