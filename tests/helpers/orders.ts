/** Places an order over HTTP as a signed-in customer; the one order-placing helper of the API tests. */
import type { FastifyInstance } from "fastify";
import { bearer } from "./session";
import type { StoreRequest } from "./storeRequest";

export interface OrderLine {
  shopId: number;
  productId: number;
  optionId?: number;
  amount?: number;
  paymentOption?: number;
}

/** POST /api/orders with one line, pickup delivery: the request, for app.inject or a store process over HTTP. */
export function orderRequest(token: string, idempotencyKey: string, line: OrderLine): StoreRequest {
  return {
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(token), "idempotency-key": idempotencyKey },
    payload: {
      shop_id: line.shopId,
      items: [{ product_id: line.productId, option_id: line.optionId ?? 0, amount: line.amount ?? 1 }],
      delivery_option: 1,
      payment_option: line.paymentOption ?? 1,
    },
  };
}

/** Places the order of `orderRequest`; returns the response, the caller asserts on it. */
export function placeOrder(app: FastifyInstance, token: string, idempotencyKey: string, line: OrderLine) {
  return app.inject(orderRequest(token, idempotencyKey, line));
}
