/** Sign-in, the session user, logout. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  EmailCodeBody,
  EmailVerifyBody,
  MeResponse,
  SignInResponse,
  SuccessResponse,
  TelegramSignInBody,
} from "../../domain/contracts/auth";
import { ApiError } from "../../domain/contracts/catalog";
import type { Auth } from "../../services/auth";
import { bearerToken } from "../access";

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: Auth }> = async (app, { auth }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };

  app.post(
    "/auth/telegram",
    { config: { access: "public" }, schema: { body: TelegramSignInBody, response: { 200: SignInResponse, ...errors } } },
    async (request) => auth.signInWithTelegram(request.body.initData),
  );

  app.post(
    "/auth/email/code",
    { config: { access: "public" }, schema: { body: EmailCodeBody, response: { 200: SuccessResponse, ...errors } } },
    async (request) => {
      await auth.sendEmailCode(request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    "/auth/email/verify",
    { config: { access: "session-if-any" }, schema: { body: EmailVerifyBody, response: { 200: SignInResponse, ...errors } } },
    async (request) => auth.verifyEmailCode({ ...request.body, ip: request.ip, current: request.session }),
  );

  app.post(
    "/auth/logout",
    { config: { access: "signed-in" }, schema: { response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await auth.logout(bearerToken(request)!);
      return reply.code(204).send(null);
    },
  );

  app.get("/me", { config: { access: "signed-in" }, schema: { response: { 200: MeResponse, ...errors } } }, async (request) => ({
    user: await auth.sessionUser(request.session!.userId, request.session!.authType),
  }));
};
