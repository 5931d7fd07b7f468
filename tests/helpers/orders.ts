/**
 * The order-placing helpers of the tests: one body, one request, over app.inject, a store process over HTTP or
 * the services. Test files say what they place (shop, products, amounts, payment), never how the call is spelled.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Order, PlaceOrderBody } from "../../server/domain/contracts/orders";
import { bearer } from "./session";
import type { StoreRequest } from "./storeRequest";

export interface OrderLine {
  shopId: number;
  productId: number;
  optionId?: number;
  amount?: number;
  paymentOption?: number;
}

/** An order of several lines at one shop. */
export interface OrderOf {
  shopId: number;
  items: ReadonlyArray<{ productId: number; optionId?: number; amount?: number }>;
  paymentOption?: number;
  /** Anything else of the body (a promo code, bonus, courier delivery …). */
  extra?: Partial<PlaceOrderBody>;
}

/** The body of POST /api/orders: pickup delivery, cash unless said otherwise. */
export function orderBody(order: OrderLine | OrderOf): PlaceOrderBody {
  const items = "items" in order ? order.items : [order];
  return {
    shop_id: order.shopId,
    items: items.map((item) => ({ product_id: item.productId, option_id: item.optionId ?? 0, amount: item.amount ?? 1 })),
    delivery_option: 1,
    payment_option: order.paymentOption ?? 1,
    ...("extra" in order ? order.extra : {}),
  } as PlaceOrderBody;
}

/** POST /api/orders: the request, for app.inject or a store process over HTTP. */
export function orderRequest(token: string, idempotencyKey: string, order: OrderLine | OrderOf): StoreRequest {
  return {
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(token), "idempotency-key": idempotencyKey },
    payload: orderBody(order),
  };
}

/** Places the order of `orderRequest`; returns the response, the caller asserts on it. */
export function placeOrder(app: FastifyInstance, token: string, idempotencyKey: string, order: OrderLine | OrderOf) {
  return app.inject(orderRequest(token, idempotencyKey, order));
}

/** Places an order that must be placed (201), and gives it. */
export async function placedOrder(app: FastifyInstance, token: string, idempotencyKey: string, order: OrderLine | OrderOf): Promise<Order> {
  const res = await placeOrder(app, token, idempotencyKey, order);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
