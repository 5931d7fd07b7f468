/**
 * `store_refuse(reason)` on PostgreSQL: raises an error (SQLSTATE P0001, the message `reason`) from inside a
 * statement, so a statement can undo its own transaction when what it wrote breaks a rule it checks itself.
 * The placement's last statement uses it (db/postgres/shelf.ts): sent together with its COMMIT, it must fail
 * rather than let the COMMIT keep a take that came short. Volatile, so the planner never calls it early.
 * SQLite has no such statements: nothing changes there. Frozen once shipped; it takes Kysely<any> and imports
 * nothing of the application.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `create function store_refuse(reason text) returns integer language plpgsql volatile as $$
       begin raise exception using errcode = 'P0001', message = reason; end $$`,
    )
    .execute(db);
}
