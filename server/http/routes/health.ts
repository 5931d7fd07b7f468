import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { sql } from "kysely";
import { Type } from "typebox";
import type { DB } from "../../../db/connection";

const Health = Type.Object({ status: Type.Literal("ok"), uptime_s: Type.Integer() });

/** Answers ok only when the database answers too. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: DB }> = async (app, { db }) => {
  app.get("/health", { config: { access: "public" }, schema: { response: { 200: Health } } }, async () => {
    await sql`select 1`.execute(db);
    return { status: "ok" as const, uptime_s: Math.round(process.uptime()) };
  });
};
