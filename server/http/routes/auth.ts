/** Sign-in, the session user, logout. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  EmailCodeBody,
  EmailVerifyBody,
  LocaleBody,
  LocaleResponse,
  MeResponse,
  SignInResponse,
  SuccessResponse,
  TelegramSignInBody,
  WriteAccessBody,
  WriteAccessResponse,
} from "../../domain/contracts/auth";
import { ApiError } from "../../domain/contracts/catalog";
import { ValidationError } from "../../domain/errors";
import { isLocale, LOCALES } from "../../domain/locale";
import type { Auth } from "../../services/auth";
import { bearerToken } from "../access";

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: Auth }> = async (app, { auth }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };

  app.post(
    "/auth/telegram",
    { config: { access: "public" }, schema: { body: TelegramSignInBody, response: { 200: SignInResponse, ...errors } } },
    async (request) => auth.signInWithTelegram(request.body.initData, request.headers["accept-language"]),
  );

  app.post(
    "/auth/email/code",
    { config: { access: "public" }, schema: { body: EmailCodeBody, response: { 200: SuccessResponse, ...errors } } },
    async (request) => {
      await auth.sendEmailCode(request.body.email, request.ip, request.locale);
      return { success: true as const };
    },
  );

  app.post(
    "/auth/email/verify",
    { config: { access: "session-if-any" }, schema: { body: EmailVerifyBody, response: { 200: SignInResponse, ...errors } } },
    async (request) =>
      auth.verifyEmailCode({
        ...request.body,
        ip: request.ip,
        current: request.session,
        acceptLanguage: request.headers["accept-language"],
      }),
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
    user: await auth.sessionUser(request.session!.userId, request.session!.authType, request.headers["accept-language"]),
  }));

  // The language picker (balance menu, cabinet): the choice wins over Telegram's and the browser's from now on.
  app.put(
    "/me/locale",
    { config: { access: "signed-in" }, schema: { body: LocaleBody, response: { 200: LocaleResponse, ...errors } } },
    async (request) => {
      const { locale } = request.body;
      if (!isLocale(locale)) throw new ValidationError("locale", "locale must be one of {allowed}", { allowed: LOCALES.join(", ") });
      await auth.chooseLocale(request.session!.userId, locale);
      return { locale };
    },
  );

  // Issue 26: the person's answer to Telegram's "allow messages from the bot" dialog, asked after an order.
  app.put(
    "/me/write-access",
    { config: { access: "signed-in" }, schema: { body: WriteAccessBody, response: { 200: WriteAccessResponse, ...errors } } },
    async (request) => auth.answerWriteAccess(request.session!.userId, request.body.allowed),
  );
};
