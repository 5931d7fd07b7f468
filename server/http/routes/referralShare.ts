/** The referral card a customer shares from the mini-app into a Telegram chat (issue 26). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { ShareMessageResponse } from "../../domain/contracts/referralShare";
import type { ReferralShare } from "../../services/referralShare";

export const referralShareRoutes: FastifyPluginAsyncTypebox<{ referralShare: ReferralShare }> = async (app, { referralShare }) => {
  // A new card each press (Telegram keeps a prepared message for a limited time); written in the caller's language.
  app.post(
    "/referrals/share-message",
    { config: { access: "signed-in" }, schema: { response: { 200: ShareMessageResponse, "4xx": ApiError, "5xx": ApiError } } },
    async (request) => referralShare.prepare(request.session!.userId, request.locale),
  );
};
