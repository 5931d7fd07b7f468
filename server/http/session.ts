/**
 * Who is calling. The bearer token is looked up only by routes that need it (as a preHandler), so the
 * catalogue's polls never pay for a session lookup.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { ForbiddenError, UnauthorizedError } from "../domain/errors";
import type { Auth, Session } from "../services/auth";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session guards below; null for visitors. */
    session: Session | null;
  }
  interface FastifyInstance {
    /** preHandlers for routes that need a session or an admin. */
    guards: SessionGuards;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return match?.[1] ?? null;
}

export interface SessionGuards {
  /** Reads the session when a token is given; a visitor or a dead token goes on as a visitor. */
  optional: preHandlerAsyncHookHandler;
  /** 401 without a live session. */
  required: preHandlerAsyncHookHandler;
  /** 401 without a session, 403 'Отказано в доступе.' for anyone but an admin. */
  admin: preHandlerAsyncHookHandler;
}

export function sessionGuards(auth: Auth, isAdmin: (userId: number) => Promise<boolean>): SessionGuards {
  async function resolve(request: FastifyRequest): Promise<Session | null> {
    request.sessionRead = true;
    const token = bearerToken(request);
    request.session = token ? await auth.authenticate(token) : null;
    return request.session;
  }
  async function required(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!(await resolve(request))) throw new UnauthorizedError("SIGN_IN_REQUIRED", "Please log in first.");
  }
  return {
    async optional(request) {
      await resolve(request);
    },
    required,
    async admin(request, reply) {
      await required(request, reply);
      if (!(await isAdmin(request.session!.userId))) throw new ForbiddenError();
    },
  };
}
