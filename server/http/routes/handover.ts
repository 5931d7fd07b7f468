/** The hand-over's endpoints: shop staff on their shops' orders, and the admin's discount and cancel. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { OrderParams } from "../../domain/contracts/orders";
import {
  ContactResponse,
  DiscountBody,
  FinishBody,
  MapBody,
  SalesQuery,
  SalesResponse,
  SalesSummaryResponse,
  StaffOrderListResponse,
  StaffOrderQuery,
  StaffOrderResponse,
  StaffOrdersQuery,
  StatusesBody,
} from "../../domain/contracts/staff";
import type { Handover } from "../../services/handover";

export const handoverRoutes: FastifyPluginAsyncTypebox<{ handover: Handover; botOn: boolean }> = async (app, { handover, botOn }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const staff = { config: { access: "staff" } } as const;
  const admin = { config: { access: "admin" } } as const;
  const one = { params: OrderParams, response: { 200: StaffOrderResponse, ...errors } };
  const who = (request: { session: { userId: number } | null }) => request.session!.userId;

  app.get(
    "/staff/orders",
    { ...staff, schema: { querystring: StaffOrdersQuery, response: { 200: StaffOrderListResponse, ...errors } } },
    async (request) => handover.listOrders(who(request), request.query),
  );

  app.get("/staff/orders/:id", { ...staff, schema: { ...one, querystring: StaffOrderQuery } }, async (request) => ({
    order: await handover.getOrder(who(request), request.params.id, request.query.sig),
  }));

  app.post("/staff/orders/:id/take", { ...staff, schema: one }, async (request) => ({
    order: await handover.take(who(request), request.params.id),
  }));

  app.put("/staff/orders/:id/statuses", { ...staff, schema: { ...one, body: StatusesBody } }, async (request) => ({
    order: await handover.setStatuses(who(request), request.params.id, request.body),
  }));

  app.put("/staff/orders/:id/map", { ...staff, schema: { ...one, body: MapBody } }, async (request) => ({
    order: await handover.setMap(who(request), request.params.id, request.body.map),
  }));

  app.post("/staff/orders/:id/finish", { ...staff, schema: { ...one, body: FinishBody } }, async (request) => ({
    order: await handover.finish(who(request), request.params.id, request.body.by),
  }));

  app.post(
    "/staff/orders/:id/contact",
    { ...staff, schema: { params: OrderParams, response: { 200: ContactResponse, ...errors } } },
    async (request) => ({ ok: await handover.contact(who(request), request.params.id, botOn) }),
  );

  app.get("/staff/sales", { ...staff, schema: { querystring: SalesQuery, response: { 200: SalesResponse, ...errors } } }, async (request) =>
    handover.sales(who(request), request.query),
  );

  app.get("/staff/sales/summary", { ...staff, schema: { response: { 200: SalesSummaryResponse, ...errors } } }, async (request) =>
    handover.salesSummary(who(request)),
  );

  app.put("/admin/orders/:id/discount", { ...admin, schema: { ...one, body: DiscountBody } }, async (request) => ({
    order: await handover.setDiscount(who(request), request.params.id, request.body.percent),
  }));

  app.post("/admin/orders/:id/cancel", { ...admin, schema: one }, async (request) => ({
    order: await handover.cancel(who(request), request.params.id),
  }));
};
