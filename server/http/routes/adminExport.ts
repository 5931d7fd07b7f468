/**
 * The order export (issue 25): `GET /api/admin/orders/export.csv`, admins only. The file streams: its chunks
 * come from the service page by page (server/services/orderExport.ts), so a year of orders never sits in
 * memory. Headers and the words of codes are in the admin's language.
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { OrderExportQuery } from "../../domain/contracts/orderExport";
import type { OrderExport } from "../../services/orderExport";

export const adminExportRoutes: FastifyPluginAsyncTypebox<{ orderExport: OrderExport }> = async (app, { orderExport }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };

  app.get(
    "/admin/orders/export.csv",
    {
      config: { access: "admin" },
      schema: { querystring: OrderExportQuery, response: { 200: Type.String({ description: "text/csv" }), ...errors } },
    },
    async (request, reply) => {
      const { filename, chunks } = await orderExport.start(request.query, request.locale);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(Readable.from(chunks) as never); // a stream: the schema describes the text it carries
    },
  );
};
