/**
 * Who may call which route of the API. Every route under /api declares it (`config: { access }`); one hook,
 * added to the route as it is registered, checks it when the request arrives: after the rate limit and
 * before the body is read or validated. So the caller's rights come first on every route (401 signed out,
 * 403 wrong role) and only then what they sent (400), and a route that declares nothing stops the start.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { UnauthorizedError } from "../domain/errors";
import type { Session } from "../services/auth";

/**
 * - `public`: anyone; the session is not read (the catalogue's polls never pay for a lookup).
 * - `session-if-any`: anyone; the caller's session is read when a token comes (a dead one: a visitor).
 * - `signed-in`: any live session (customers, staff, admins).
 * - `staff`: signed in as an admin, or as the owner or a manager of a shop. Whether the caller staffs the
 *   shop of the order at hand is the service's to say ('Not valid Manager'): it is known from the order.
 * - `manages-shops`: signed in as an admin or one of the allow-listed accounts (spec §6).
 * - `admin`: signed in as an admin.
 */
export const ACCESS = ["public", "session-if-any", "signed-in", "staff", "manages-shops", "admin"] as const;
export type Access = (typeof ACCESS)[number];

/** One route of the API as it was registered, and who may call it. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its access, in the order they were registered (the access table; tests read it). */
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call the route (server/http/access.ts); required under /api. */
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller's session, read by the access check; null for visitors and on `public` routes. */
    session: Session | null;
  }
}

/** What the access check asks of the services. Each role check rejects with a ForbiddenError when the user lacks it. */
export interface RoleChecks {
  authenticate(token: string): Promise<Session | null>;
  staff(userId: number): Promise<void>;
  managesShops(userId: number): Promise<void>;
  admin(userId: number): Promise<void>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return match?.[1] ?? null;
}

/** The API's routes: those that must declare their access. */
function isApiRoute(url: string): boolean {
  return url === "/api" || url.startsWith("/api/");
}

/** Call before the API's routes are registered, and after the rate limit (so a flood is limited before any lookup). */
export function installAccess(app: FastifyInstance, roles: RoleChecks): void {
  app.decorateRequest("session", null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate("apiRoutes", apiRoutes);

  async function readSession(request: FastifyRequest): Promise<Session | null> {
    // Whatever the answer, it depends on who asked: security.ts keeps it out of shared caches.
    request.sessionRead = true;
    const token = bearerToken(request);
    request.session = token ? await roles.authenticate(token) : null;
    return request.session;
  }
  async function signedIn(request: FastifyRequest): Promise<Session> {
    const session = await readSession(request);
    if (!session) throw new UnauthorizedError("SIGN_IN_REQUIRED", "Please log in first.");
    return session;
  }
  const role = (check: (userId: number) => Promise<void>) => async (request: FastifyRequest) => check((await signedIn(request)).userId);

  const checks: Record<Exclude<Access, "public">, (request: FastifyRequest) => Promise<unknown>> = {
    "session-if-any": readSession,
    "signed-in": signedIn,
    staff: role(roles.staff),
    "manages-shops": role(roles.managesShops),
    admin: role(roles.admin),
  };

  app.addHook("onRoute", (route) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.access;
    if (access === undefined || !(ACCESS as readonly string[]).includes(access)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: give it config: { access: ${ACCESS.map((a) => `"${a}"`).join(" | ")} }`,
      );
    }
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
    if (access === "public") return;
    const check = checks[access];
    // Appended: the route's own onRequest hooks (the rate limit's, added as it was registered) run first.
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [
      ...existing,
      async (request: FastifyRequest) => {
        await check(request);
      },
    ];
  });
}
