/**
 * A real write failure inside the database, for tests of what a unit that fails half-way leaves behind: a
 * trigger that aborts every insert into (or update of) one table, or only the rows whose column has one
 * value. SQLite raises from the trigger itself; PostgreSQL's trigger calls a plpgsql function that raises.
 */
import { sql } from "kysely";
import type { DB } from "../../db/connection";
import type { Database } from "../../db/schema";
import { ON_POSTGRES } from "./app";

export interface InjectedFailure {
  table: keyof Database & string;
  on: "insert" | "update";
  /** Only rows written with this value in this column fail; without it, every row does. */
  when?: { column: string; equals: number };
  message: string;
}

/** Makes the writes described fail from now on; the function returned takes the fault away again. */
export async function injectFailure(db: DB, { table, on, when, message }: InjectedFailure): Promise<() => Promise<void>> {
  // DDL takes no parameters: the names come from the test and the message is quoted here.
  const name = `fail_${on}_${table}`;
  const quoted = `'${message.replaceAll("'", "''")}'`;
  const condition = when ? `new.${when.column} = ${Number(when.equals)}` : null;
  if (ON_POSTGRES) {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception ${quoted}; end $$`).execute(db);
    const only = condition ? `when (${condition})` : "";
    await sql.raw(`create trigger ${name} before ${on} on ${table} for each row ${only} execute function ${name}()`).execute(db);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    };
  }
  const only = condition ? `when ${condition}` : "";
  await sql.raw(`create trigger ${name} before ${on} on ${table} ${only} begin select raise(abort, ${quoted}); end`).execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name}`).execute(db);
  };
}
