/** The referral programme: link views, the partner's figures and history, and the admin's corrections. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ApiError } from "../../domain/contracts/catalog";
import {
  AdjustBody,
  BalanceResponse,
  LedgerQuery,
  LedgerResponse,
  PartnerSummary,
  ReferralDetailQuery,
  ReferralCode,
  ReferralDetailResponse,
  ReferralsQuery,
  ReferralsResponse,
  ReferrerBody,
  ReflinkParams,
  StoreHistoryResponse,
  UserParams,
} from "../../domain/contracts/partner";
import type { Partner } from "../../services/partner";

export const partnerRoutes: FastifyPluginAsyncTypebox<{ partner: Partner }> = async (app, { partner }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const signedIn = { config: { access: "signed-in" } } as const;

  // A view counts once per viewer per link per day; an unknown code is a 204 that counts nothing.
  app.post(
    "/ref/:code/view",
    { config: { access: "session-if-any" }, schema: { params: ReflinkParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const viewer = request.session
        ? { userId: request.session.userId }
        : { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" };
      await partner.recordView(request.params.code, viewer);
      return reply.code(204).send(null);
    },
  );

  // Whether a code is someone's referral link: 200 with it, or a 404 (the mini-app's 'Page not found').
  app.get(
    "/referrals/codes/:code",
    { config: { access: "public" }, schema: { params: ReflinkParams, response: { 200: ReferralCode, ...errors } } },
    async (request) => partner.referralCode(request.params.code),
  );

  // A signed-in customer who opens a referral link (or had one stored before a Telegram sign-in): the code is
  // registered if it may be; the answer is the same either way (the rules are never told).
  app.post(
    "/partner/referrer",
    { ...signedIn, schema: { body: ReferrerBody, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await partner.register(request.session!.userId, request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.get("/partner", { ...signedIn, schema: { response: { 200: PartnerSummary, ...errors } } }, async (request) =>
    partner.summary(request.session!.userId),
  );

  app.get(
    "/partner/ledger",
    { ...signedIn, schema: { querystring: LedgerQuery, response: { 200: LedgerResponse, ...errors } } },
    async (request) => partner.ledger(request.session!.userId, request.query),
  );

  app.get(
    "/partner/referrals",
    { ...signedIn, schema: { querystring: ReferralsQuery, response: { 200: ReferralsResponse, ...errors } } },
    async (request) => partner.referrals(request.session!.userId, request.query),
  );

  app.get(
    "/partner/referrals/:id",
    { ...signedIn, schema: { params: UserParams, querystring: ReferralDetailQuery, response: { 200: ReferralDetailResponse, ...errors } } },
    async (request) => partner.referral(request.session!.userId, request.params.id, request.query),
  );

  app.get(
    "/partner/store",
    { ...signedIn, schema: { querystring: LedgerQuery, response: { 200: StoreHistoryResponse, ...errors } } },
    async (request) => partner.store(request.session!.userId, request.query),
  );

  app.post(
    "/admin/users/:id/bonus",
    { config: { access: "admin" }, schema: { params: UserParams, body: AdjustBody, response: { 200: BalanceResponse, ...errors } } },
    async (request) => ({
      balance: await partner.adjust(request.session!.userId, request.params.id, request.body.amount, request.body.reason),
    }),
  );
};
