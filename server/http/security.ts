/**
 * The HTTP edge, for every route without a line in it: security headers with a Content-Security-Policy
 * written for this app, private caching of every answer that depends on the session, and rate limits on
 * every write (per session) and every sign-in call (per client address). A new route gets all of it.
 */
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatEnglish, textOf } from "../domain/errors";
import type { HitCounter } from "../services/rateLimiter";
import { bearerToken } from "./access";

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the answer depends on who asks (the session was read): it must never sit in a shared cache. */
    sessionRead: boolean;
  }
}

export interface EdgeOptions {
  publicUrl: string;
  /** Writes (POST, PUT, PATCH, DELETE under /api) one session, or one address without a session, may make a minute. */
  writesPerMinute: number;
  /** Sign-in calls (/api/auth/*) one client address may make a minute. */
  signInsPerMinute: number;
  /**
   * Where the limits are counted (server/services/rateLimiter.ts): this process's memory on SQLite, the
   * database every API instance shares on PostgreSQL.
   */
  hits: HitCounter;
}

/**
 * Telegram's web clients frame the mini-app; nobody else may. Maps are Google Maps embeds only; pictures
 * are ours, inline `data:` ones (the QR code, icons) and Telegram's profile photos.
 */
export function contentSecurityPolicy(): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https://t.me", "https://*.telegram.org"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "frame-src": ["https://www.google.com", "https://maps.google.com"],
    "frame-ancestors": ["'self'", "https://web.telegram.org", "https://webk.telegram.org", "https://webz.telegram.org"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
}

/** A customer's order page: the one page that may pay in TON. */
const ORDER_PAGE = /^\/order\/\d+\/?(\?.*)?$/;

/**
 * The order page's HTML answer only (issue 15): TON Connect talks to wallet bridges and reads the wallet list
 * and the wallets' icons from hosts that change as wallets join, all over https. Every other page keeps
 * `connect-src 'self'`; the mini-app reloads into an order page before it opens TON Connect there
 * (webapp/src/features/ton), so a page opened elsewhere never needs it.
 */
export function orderPageContentSecurityPolicy(): Record<string, string[]> {
  const policy = contentSecurityPolicy();
  return {
    ...policy,
    // TON Connect's UI sets an empty `ontouchstart` on the body (so iOS shows :active); the empty handler, and
    // nothing else inline, may run: the hash is that of the empty string.
    "script-src": [...policy["script-src"]!, "'unsafe-hashes'", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"],
    "connect-src": [...policy["connect-src"]!, "https:"],
    "img-src": [...policy["img-src"]!, "https:"],
  };
}

export const policyHeader = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join(";");

/**
 * The security headers of every answer (what helmet's defaults set, minus what does not fit a framed mini-app):
 * no X-Frame-Options (frame-ancestors decides who may frame the app; X-Frame-Options cannot name Telegram's
 * clients), no Cross-Origin-Opener/Embedder-Policy (wallet and payment pages open in other windows; isolating
 * ours would cut their way back), HSTS only when the store is served over https.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    "content-security-policy": policyHeader(contentSecurityPolicy()),
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(https ? { "strict-transport-security": `max-age=${180 * 24 * 3600}` } : {}),
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
}

const hashKey = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

/** A write is counted against its session when it has one, else against its client address. */
function writerKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  return token ? `s:${hashKey(token)}` : `ip:${request.ip}`;
}

/**
 * The store of @fastify/rate-limit, on the store's counter. Each route counts apart, as with the plugin's own
 * stores (`child` is called once per limited route): the route's method and URL are the counter's scope.
 * The answer is a new object each time (the plugin's LocalStore hands back the one object it keeps counting
 * in, so hits of one tick all read the last count and a burst was refused whole), and a counter that answers
 * at once (memory) is answered without a promise.
 */
export function rateLimitStore(hits: HitCounter): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = "http",
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      let hit;
      try {
        hit = hits.hit(this.scope, key, timeWindow);
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (!(hit instanceof Promise)) return callback(null, { current: hit.count, ttl: hit.ttlMs });
      hit.then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin hands over the route's merged limit options, the route itself under `routeInfo` (its types
    // say otherwise; its Redis store reads `routeInfo` too).
    child(params: object): FastifyRateLimitStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new Store(null, `http ${[route.method ?? ""].flat().join(",")} ${route.url ?? ""}`);
    }
  }
  return Store;
}

export async function installEdge(app: FastifyInstance, options: EdgeOptions): Promise<void> {
  const headers = securityHeaders(options.publicUrl.startsWith("https://"));
  // Made once: every answer gets the same object (helmet rebuilt them, CSP parsing included, per request).
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const orderPagePolicy = policyHeader(orderPageContentSecurityPolicy());
  app.decorateRequest("sessionRead", false);
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.sessionRead) reply.header("cache-control", "private, no-store");
    else if (
      request.method === "GET" &&
      ORDER_PAGE.test(request.url) &&
      String(reply.getHeader("content-type") ?? "").startsWith("text/html")
    ) {
      reply.header("content-security-policy", orderPagePolicy);
    }
    done(null, payload);
  });

  // Every write and every sign-in call is limited; the limit is set on the route as it is added.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = [route.method].flat();
    if (methods.every((m) => m === "GET" || m === "HEAD" || m === "OPTIONS")) return;
    const signIn = route.url.startsWith("/api/auth/");
    route.config = {
      ...(route.config ?? {}),
      rateLimit: signIn
        ? { max: options.signInsPerMinute, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `ip:${request.ip}` }
        : { max: options.writesPerMinute, timeWindow: 60_000, keyGenerator: writerKey },
    };
  });
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(options.hits),
    errorResponseBuilder: (_request, context) => {
      // Translatable: the error handler says it in the caller's language.
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const text = textOf("Too many requests. Please wait {seconds} s and try again.", { seconds });
      return Object.assign(new Error(formatEnglish(text.messageId, text.values)), { ...text, statusCode: 429, code: "TOO_MANY_REQUESTS" });
    },
  });
}
