/**
 * Admins who want every shop's new-order pushes (issue 11 "admins who opted in", `/notify` in the bot). Frozen
 * once shipped; it takes Kysely<any> and imports nothing of the application.
 * The partial index keeps the placement's "who is pushed" question from reading every user.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("new_order_pushes", "integer", (c) => c.notNull().defaultTo(0).check(sql`new_order_pushes in (0, 1)`))
    .execute();
  await db.schema.createIndex("users_new_order_pushes").on("users").column("id").where(sql.ref("new_order_pushes"), "=", 1).execute();
}
