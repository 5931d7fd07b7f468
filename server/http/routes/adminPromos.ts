/** Promo codes for admins (issue 25): list with uses and revenue, create, edit, disable and enable again. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { PromoBody, PromoListQuery, PromoListResponse, PromoParams, PromoResponse } from "../../domain/contracts/promos";
import type { Promos } from "../../services/promos";

export const adminPromoRoutes: FastifyPluginAsyncTypebox<{ promos: Promos }> = async (app, { promos }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;

  app.get(
    "/admin/promos",
    { ...admin, schema: { querystring: PromoListQuery, response: { 200: PromoListResponse, ...errors } } },
    async (request) => promos.list(request.query),
  );

  app.post(
    "/admin/promos",
    { ...admin, schema: { body: PromoBody, response: { 201: PromoResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ promo: await promos.create(request.body) }),
  );

  app.put(
    "/admin/promos/:id",
    { ...admin, schema: { params: PromoParams, body: PromoBody, response: { 200: PromoResponse, ...errors } } },
    async (request) => ({ promo: await promos.update(request.params.id, request.body) }),
  );

  app.post(
    "/admin/promos/:id/disable",
    { ...admin, schema: { params: PromoParams, response: { 200: PromoResponse, ...errors } } },
    async (request) => ({ promo: await promos.setDisabled(request.params.id, true) }),
  );

  app.post(
    "/admin/promos/:id/enable",
    { ...admin, schema: { params: PromoParams, response: { 200: PromoResponse, ...errors } } },
    async (request) => ({ promo: await promos.setDisabled(request.params.id, false) }),
  );
};
