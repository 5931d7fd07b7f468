/** The customer's orders and the cart-and-shops check. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ApiError } from "../../domain/contracts/catalog";
import {
  CartShopsBody,
  CartShopsResponse,
  OrderListQuery,
  OrderListResponse,
  OrderParams,
  OrderResponse,
  OrderSettingsInput,
  PlaceOrderBody,
} from "../../domain/contracts/orders";
import type { Orders } from "../../services/orders";
import type { SessionGuards } from "../session";

export const orderRoutes: FastifyPluginAsyncTypebox<{ orders: Orders; guards: SessionGuards }> = async (app, { orders, guards }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };

  app.post(
    "/orders",
    {
      preHandler: guards.required,
      schema: {
        headers: Type.Object({ "idempotency-key": Type.Optional(Type.String({ maxLength: 200 })) }),
        body: PlaceOrderBody,
        response: { 201: OrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { order } = await orders.placeOrder({
        userId: request.session!.userId,
        idempotencyKey: request.headers["idempotency-key"],
        body: request.body,
      });
      return reply.code(201).send({ order });
    },
  );

  app.get(
    "/orders",
    { preHandler: guards.required, schema: { querystring: OrderListQuery, response: { 200: OrderListResponse, ...errors } } },
    async (request) => orders.listOrders(request.session!.userId, request.query),
  );

  app.get(
    "/orders/:id",
    { preHandler: guards.required, schema: { params: OrderParams, response: { 200: OrderResponse, ...errors } } },
    async (request) => ({ order: await orders.getOrder(request.session!.userId, request.params.id) }),
  );

  app.post(
    "/orders/:id/cancel",
    { preHandler: guards.required, schema: { params: OrderParams, response: { 200: OrderResponse, ...errors } } },
    async (request) => ({ order: await orders.cancelOrder(request.session!.userId, request.params.id) }),
  );

  app.put(
    "/orders/:id/settings",
    { preHandler: guards.required, schema: { params: OrderParams, body: OrderSettingsInput, response: { 200: OrderResponse, ...errors } } },
    async (request) => ({ order: await orders.saveSettings(request.session!.userId, request.params.id, request.body) }),
  );

  app.post("/cart/shops", { schema: { body: CartShopsBody, response: { 200: CartShopsResponse, ...errors } } }, async (request) => ({
    shops: await orders.shopsForCart(request.body.items),
  }));
};
