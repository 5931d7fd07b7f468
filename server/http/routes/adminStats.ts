/** Store statistics and their CSV: admins only ('Отказано в доступе.' to anyone else). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AdminStatsQuery, AdminStatsResponse } from "../../domain/contracts/adminStats";
import { ApiError } from "../../domain/contracts/catalog";
import type { Stats } from "../../services/stats";
import type { SessionGuards } from "../session";

export const adminStatsRoutes: FastifyPluginAsyncTypebox<{ stats: Stats; guards: SessionGuards }> = async (app, { stats, guards }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { preHandler: guards.admin };

  app.get("/admin/stats", { ...admin, schema: { querystring: AdminStatsQuery, response: { 200: AdminStatsResponse, ...errors } } }, async (request) =>
    stats.compute(request.query),
  );

  app.get("/admin/stats.csv", { ...admin, schema: { querystring: AdminStatsQuery, response: { 200: Type.String({ description: "text/csv" }), ...errors } } }, async (request, reply) => {
    const { filename, text } = await stats.csv(request.query);
    return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`).send(text);
  });
};
