/**
 * One error shape for the whole API: { error: CODE, message: text }. Domain errors map to 4xx by kind; a
 * database that cannot be reached is a 503 (db/errors.ts); anything else unexpected is logged and answered
 * as a 500 with no details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TEXT_PATTERNS } from "../domain/contracts/text";
import { isDatabaseUnavailable } from "../../db/errors";
import { DomainError, RateLimitedError, type DomainErrorKind } from "../domain/errors";

const STATUS_OF: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export function sendError(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).type("application/json; charset=utf-8").send({ error, message });
}

const TYPE_WORDS: Record<string, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

/** "querystring/category must be integer" → "category must be an integer". */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const param = missing ?? (first.instancePath.replace(/^\//, "").replace(/\//g, ".") || error.validationContext || "request");
  if (missing) return `${param} is required`;
  const pattern = (first.params as { pattern?: string } | undefined)?.pattern;
  if (first.keyword === "pattern" && pattern && TEXT_PATTERNS[pattern]) return `${param} ${TEXT_PATTERNS[pattern]}`;
  const type = /^must be (\w+)$/.exec(first.message ?? "")?.[1];
  const reason = type && TYPE_WORDS[type] ? `must be ${TYPE_WORDS[type]}` : (first.message ?? "is invalid");
  return `${param} ${reason}`;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterS));
      return sendError(reply, STATUS_OF[error.kind], error.code, error.message);
    }
    if (error.validation) {
      return sendError(reply, 400, "VALIDATION_ERROR", validationMessage(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type … A file's 416
      // carries the headers it must keep (Content-Range: bytes */N says how long the representation is).
      const headers = (error as { headers?: Record<string, string> }).headers;
      if (status === 416 && headers?.["Content-Range"]) reply.header("content-range", headers["Content-Range"]);
      return sendError(reply, status, error.code ?? "BAD_REQUEST", error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was written (a unit is all or nothing); the store recovers by itself when the database is back.
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", "5");
      return sendError(reply, 503, "DATABASE_UNAVAILABLE", "The store cannot reach its database right now. Please try again in a moment.");
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, "INTERNAL_ERROR", "Something went wrong on our side. Please try again later.");
  });
}
