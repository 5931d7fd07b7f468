/** Places an order over HTTP as a signed-in customer; the one order-placing helper of the API tests. */
import type { FastifyInstance } from "fastify";
import { bearer } from "./session";

export interface OrderLine {
  shopId: number;
  productId: number;
  optionId?: number;
  amount?: number;
  paymentOption?: number;
}

/** POST /api/orders with one line, pickup delivery; returns the response, the caller asserts on it. */
export function placeOrder(app: FastifyInstance, token: string, idempotencyKey: string, line: OrderLine) {
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(token), "idempotency-key": idempotencyKey },
    payload: {
      shop_id: line.shopId,
      items: [{ product_id: line.productId, option_id: line.optionId ?? 0, amount: line.amount ?? 1 }],
      delivery_option: 1,
      payment_option: line.paymentOption ?? 1,
    },
  });
}
