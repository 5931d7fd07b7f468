/**
 * One error shape for the whole API: { error: CODE, message: text }. Domain errors map to 4xx by kind; a
 * database that cannot be reached is a 503 (db/errors.ts); anything else unexpected is logged and answered
 * as a 500 with no details. Every message is said in the request's language (`request.locale`), the `error`
 * code never is: errors carry an English message of server/domain/serverMessages.ts and its values, and it is
 * translated here, once, with the catalogues of server/locales.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TEXT_PATTERNS } from "../domain/contracts/text";
import { isDatabaseUnavailable } from "../../db/errors";
import { DomainError, formatEnglish, RateLimitedError, textOf, type DomainErrorKind } from "../domain/errors";
import { DEFAULT_LOCALE } from "../domain/locale";
import { isTranslatable, type ServerMessage, type Translatable, type ValuesOf } from "../domain/serverMessages";
import { translateServer } from "../locales";
import { requestLocale } from "./locale";

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

const TYPE_MESSAGES: Record<string, ServerMessage> = {
  integer: "{param} must be an integer",
  number: "{param} must be a number",
  string: "{param} must be a string",
  boolean: "{param} must be true or false",
  object: "{param} must be an object",
  array: "{param} must be an array",
  null: "{param} must be null",
};

const LIMIT_MESSAGES: Record<string, ServerMessage> = {
  maxLength: "{param} must NOT have more than {limit} characters",
  minLength: "{param} must NOT have fewer than {limit} characters",
  maxItems: "{param} must NOT have more than {limit} items",
  minItems: "{param} must NOT have fewer than {limit} items",
};

const COMPARISON_MESSAGES: Record<string, ServerMessage> = {
  "<=": "{param} must be <= {limit}",
  ">=": "{param} must be >= {limit}",
  "<": "{param} must be < {limit}",
  ">": "{param} must be > {limit}",
};

const KEYWORD_MESSAGES: Record<string, ServerMessage> = {
  const: "{param} must be equal to constant",
  enum: "{param} must be equal to one of the allowed values",
  anyOf: "{param} must match a schema in anyOf",
  additionalProperties: "{param} must NOT have additional properties",
};

/** Fastify's own client errors, by code (their English is Fastify's). */
const FASTIFY_MESSAGES: Record<string, ServerMessage> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported Media Type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Request body size did not match Content-Length",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body cannot be empty when content-type is set to 'application/json'",
  FST_ERR_CTP_INVALID_JSON_BODY: "Body is not valid JSON but content-type is set to 'application/json'",
};

/** A client error no message of ours names (another plugin's): its own English, else a plain sentence. */
const UNNAMED = textOf("The request could not be handled.");

interface AjvParams {
  missingProperty?: string;
  pattern?: string;
  limit?: number;
  comparison?: string;
  i?: number;
  j?: number;
}

/**
 * "querystring/category must be integer" → "category must be an integer": the English as it always was, and
 * the same said as a message of the server's list (any keyword not listed: "… is invalid" in other languages).
 */
function validationMessage(error: FastifyError): { english: string; text: Translatable } {
  const first = error.validation?.[0];
  if (!first) return { english: error.message, text: UNNAMED };
  const params = (first.params ?? {}) as AjvParams;
  const missing = params.missingProperty;
  const param = missing ?? (first.instancePath.replace(/^\//, "").replace(/\//g, ".") || error.validationContext || "request");
  if (missing) return said(textOf("{param} is required", { param }));
  if (first.keyword === "pattern" && params.pattern && TEXT_PATTERNS[params.pattern]) {
    return said({ messageId: TEXT_PATTERNS[params.pattern]!, values: { param } });
  }
  const type = /^must be (\w+)$/.exec(first.message ?? "")?.[1];
  if (first.keyword === "type" && type && TYPE_MESSAGES[type]) return said({ messageId: TYPE_MESSAGES[type], values: { param } });
  // Ajv's own English for every other keyword; in other languages its message of ours when there is one.
  const english = `${param} ${first.message ?? "is invalid"}`;
  const id =
    LIMIT_MESSAGES[first.keyword] ??
    (/^(exclusiveM|m)(aximum|inimum)$/.test(first.keyword) ? COMPARISON_MESSAGES[params.comparison ?? ""] : undefined) ??
    (first.keyword === "pattern" ? "{param} must match pattern \"{pattern}\"" : undefined) ??
    (first.keyword === "uniqueItems" ? "{param} must NOT have duplicate items (items ## {j} and {i} are identical)" : undefined) ??
    KEYWORD_MESSAGES[first.keyword];
  const text: Translatable = id
    ? { messageId: id, values: { param, limit: params.limit ?? "", pattern: params.pattern ?? "", i: params.i ?? "", j: params.j ?? "" } }
    : textOf("{param} is invalid", { param });
  // Should ajv ever word one differently from our list, the English stays ajv's and the others say "is invalid".
  return { english, text: formatEnglish(text.messageId, text.values) === english ? text : textOf("{param} is invalid", { param }) };
}

function said(text: Translatable): { english: string; text: Translatable } {
  return { english: formatEnglish(text.messageId, text.values), text };
}

/** A message in the language of the request: English exactly as written, the others from server/locales. */
export function messageFor(request: FastifyRequest, text: Translatable, english = formatEnglish(text.messageId, text.values)): string {
  // Read here rather than through the request's decoration: a worker's probe app (probes.ts) has none.
  const locale = requestLocale(request);
  return locale === DEFAULT_LOCALE ? english : translateServer(locale, text.messageId, text.values);
}

/** A message of the server's list, with its values, in the language of the request (confirmations of 2xx answers). */
export function say<Id extends ServerMessage>(request: FastifyRequest, id: Id, ...values: ValuesOf<Id>): string {
  return messageFor(request, textOf(id, ...values));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterS));
      return sendError(reply, STATUS_OF[error.kind], error.code, messageFor(request, error, error.message));
    }
    if (error.validation) {
      const { english, text } = validationMessage(error);
      return sendError(reply, 400, "VALIDATION_ERROR", messageFor(request, text, english));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type … A file's 416
      // carries the headers it must keep (Content-Range: bytes */N says how long the representation is).
      const headers = (error as { headers?: Record<string, string> }).headers;
      if (status === 416 && headers?.["Content-Range"]) reply.header("content-range", headers["Content-Range"]);
      const fastifyText = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
      const text = isTranslatable(error) ? error : fastifyText ? { messageId: fastifyText, values: {} } : UNNAMED;
      return sendError(reply, status, error.code ?? "BAD_REQUEST", messageFor(request, text, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was written (a unit is all or nothing); the store recovers by itself when the database is back.
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", "5");
      const text = textOf("The store cannot reach its database right now. Please try again in a moment.");
      return sendError(reply, 503, "DATABASE_UNAVAILABLE", messageFor(request, text));
    }
    request.log.error({ err: error }, "request failed");
    const text = textOf("Something went wrong on our side. Please try again later.");
    return sendError(reply, 500, "INTERNAL_ERROR", messageFor(request, text));
  });
}
