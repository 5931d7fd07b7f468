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

export const orderRoutes: FastifyPluginAsyncTypebox<{ orders: Orders }> = async (app, { orders }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const signedIn = { config: { access: "signed-in" } } as const;

  app.post(
    "/orders",
    {
      ...signedIn,
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
    { ...signedIn, schema: { querystring: OrderListQuery, response: { 200: OrderListResponse, ...errors } } },
    async (request) => orders.listOrders(request.session!.userId, request.query),
  );

  app.get(
    "/orders/:id",
    { ...signedIn, schema: { params: OrderParams, response: { 200: OrderResponse, ...errors } } },
    async (request) => ({ order: await orders.getOrder(request.session!.userId, request.params.id) }),
  );

  app.post(
    "/orders/:id/cancel",
    { ...signedIn, schema: { params: OrderParams, response: { 200: OrderResponse, ...errors } } },
    async (request) => ({ order: await orders.cancelOrder(request.session!.userId, request.params.id) }),
  );

  app.put(
    "/orders/:id/settings",
    { ...signedIn, schema: { params: OrderParams, body: OrderSettingsInput, response: { 200: OrderResponse, ...errors } } },
    async (request) => ({ order: await orders.saveSettings(request.session!.userId, request.params.id, request.body) }),
  );

  app.post(
    "/cart/shops",
    { config: { access: "public" }, schema: { body: CartShopsBody, response: { 200: CartShopsResponse, ...errors } } },
    async (request) => ({
      shops: await orders.shopsForCart(request.body.items),
    }),
  );
};
