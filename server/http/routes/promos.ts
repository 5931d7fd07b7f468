/** The cart's promo code check (issue 25): the discount a code would give this cart now, or why not. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { PromoCheckBody, PromoCheckResponse } from "../../domain/contracts/promos";
import type { Promos } from "../../services/promos";
import { messageFor } from "../errors";

export const promoRoutes: FastifyPluginAsyncTypebox<{ promos: Promos }> = async (app, { promos }) => {
  app.post(
    "/promos/check",
    {
      config: { access: "signed-in" },
      schema: { body: PromoCheckBody, response: { 200: PromoCheckResponse, "4xx": ApiError, "5xx": ApiError } },
    },
    async (request) => {
      const answer = await promos.check(request.session!.userId, request.body);
      if (answer.valid) return answer;
      return { valid: false as const, code: answer.code, reason: answer.reason, message: messageFor(request, answer.text) };
    },
  );
};
