import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order, PlaceOrderBody } from "@domain/contracts/orders";
import { apiRequest } from "../../../lib/api";
import { applyOrderAndStock } from "./orderKeys";

interface Placement {
  body: PlaceOrderBody;
  /** The same key for every try of the same cart: the server answers a repeat with the order it made. */
  idempotencyKey: string;
}

/**
 * POST /api/orders. The server prices every line itself, reserves the stock and writes the order in one go;
 * 409 'Not enough products in stock' and 400/404 come back as banners with the server's message.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Placement) =>
      apiRequest<{ order: Order }>("/api/orders", { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } }).then(
        (answer) => answer.order,
      ),
    onSuccess: (order) => {
      applyOrderAndStock(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: ["cart-shops"] });
    },
  });
}
