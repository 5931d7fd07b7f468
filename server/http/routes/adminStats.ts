/** Store statistics and their CSV: admins only ('Отказано в доступе.' to anyone else). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AdminStatsQuery, AdminStatsResponse } from "../../domain/contracts/adminStats";
import { ApiError } from "../../domain/contracts/catalog";
import type { Stats } from "../../services/stats";

export const adminStatsRoutes: FastifyPluginAsyncTypebox<{ stats: Stats }> = async (app, { stats }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;

  app.get(
    "/admin/stats",
    { ...admin, schema: { querystring: AdminStatsQuery, response: { 200: AdminStatsResponse, ...errors } } },
    async (request) => stats.compute(request.query),
  );

  app.get(
    "/admin/stats.csv",
    { ...admin, schema: { querystring: AdminStatsQuery, response: { 200: Type.String({ description: "text/csv" }), ...errors } } },
    async (request, reply) => {
      const { filename, text } = await stats.csv(request.query);
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`).send(text);
    },
  );
};
