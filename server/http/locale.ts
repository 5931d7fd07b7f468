/**
 * The language a request is answered in (design §11): the session user's (their stored choice, else
 * Telegram's), else the browser's Accept-Language, else English. The mini-app sends its own language as
 * Accept-Language on every call, so even a route that reads no session answers in it. A header that is
 * malformed or huge means English, never an error.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, localeFromAcceptLanguage, type Locale } from "../domain/locale";

declare module "fastify" {
  interface FastifyRequest {
    /** The language of every text in the answer (read when asked: after the access check has read the session). */
    readonly locale: Locale;
  }
}

export function requestLocale(request: FastifyRequest): Locale {
  return request.session?.locale ?? localeFromAcceptLanguage(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
}

export function installLocale(app: FastifyInstance): void {
  app.decorateRequest("locale", {
    getter(this: FastifyRequest) {
      return requestLocale(this);
    },
  });
}
