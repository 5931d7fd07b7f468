/** Store statistics and their CSV: admins only ('Отказано в доступе.' to anyone else). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AdminStatsQuery, AdminStatsResponse } from "../../domain/contracts/adminStats";
import { ApiError } from "../../domain/contracts/catalog";
import type { Stats } from "../../services/stats";
import { sendConditionalJson } from "../conditional";

export const adminStatsRoutes: FastifyPluginAsyncTypebox<{ stats: Stats }> = async (app, { stats }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;

  app.get(
    "/admin/stats",
    { ...admin, schema: { querystring: AdminStatsQuery, response: { 200: AdminStatsResponse, ...errors } } },
    // The service hands out the same answer object while the figures stand (docs/decisions.md "Statistics answers
    // kept until their figures move"): serialised and compressed once per object, with an ETag, as the catalogue.
    async (request, reply) => sendConditionalJson(request, reply, await stats.compute(request.query)),
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
