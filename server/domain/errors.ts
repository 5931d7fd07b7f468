/**
 * Typed errors of the shop's rules. Each names what went wrong in words a caller can show: a message of
 * the server's list (serverMessages.ts) and the values of its placeholders, so the error handler can say it
 * in the caller's language; `message` is the English. The HTTP layer maps the kind to a status and never
 * adds details of its own.
 */
import type { MessageValues, ServerMessage, Translatable, ValuesOf } from "./serverMessages";

export type DomainErrorKind =
  "validation" | "not_found" | "unauthorized" | "forbidden" | "conflict" | "unprocessable" | "rate_limited" | "unavailable";

/** An English server message with its values: "Order {id} not found", { id: 7 } → "Order 7 not found". */
export function formatEnglish(id: ServerMessage, values: MessageValues = {}): string {
  return id.replace(/''|\{(\w+)\}/g, (token, name?: string) => (name === undefined ? "'" : String(values[name] ?? token)));
}

/** A message with its values, to say later in the reader's language. */
export function textOf<Id extends ServerMessage>(id: Id, ...values: ValuesOf<Id>): Translatable {
  return { messageId: id, values: values[0] ?? {} };
}

export abstract class DomainError extends Error implements Translatable {
  abstract readonly kind: DomainErrorKind;
  /** A stable, machine-readable code: the `error` field of the API's error shape. */
  abstract readonly code: string;
  readonly messageId: ServerMessage;
  readonly values: MessageValues;

  constructor(id: ServerMessage, values: MessageValues | undefined) {
    super(formatEnglish(id, values));
    this.messageId = id;
    this.values = values ?? {};
  }
}

export class ValidationError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "validation";
  readonly code = "VALIDATION_ERROR";
  constructor(
    readonly param: string,
    id: Id,
    ...values: ValuesOf<Id>
  ) {
    super(id, values[0]);
  }
}

export class NotFoundError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "not_found";
  readonly code: string;
  /** `what` names the code only ("Order" → ORDER_NOT_FOUND); the message says it to the caller. */
  constructor(what: string, id: Id, ...values: ValuesOf<Id>) {
    super(id, values[0]);
    this.code = `${what.toUpperCase().replace(/\s+/g, "_")}_NOT_FOUND`;
  }
}

export class UnauthorizedError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "unauthorized";
  constructor(
    readonly code: string,
    id: Id,
    ...values: ValuesOf<Id>
  ) {
    super(id, values[0]);
  }
}

/** The spec's text for anyone who is not an admin on an admin call. */
export const ACCESS_DENIED = "Отказано в доступе.";

export class ForbiddenError<Id extends ServerMessage = typeof ACCESS_DENIED> extends DomainError {
  readonly kind = "forbidden";
  readonly code: string;
  constructor(id?: Id, code = "FORBIDDEN", ...values: ValuesOf<Id>) {
    super(id ?? ACCESS_DENIED, values[0]);
    this.code = code;
  }
}

export class RateLimitedError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "rate_limited";
  readonly code = "TOO_MANY_REQUESTS";
  constructor(
    id: Id,
    readonly retryAfterS: number,
    ...values: ValuesOf<Id>
  ) {
    super(id, values[0]);
  }
}

export class ConflictError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "conflict";
  constructor(
    readonly code: string,
    id: Id,
    ...values: ValuesOf<Id>
  ) {
    super(id, values[0]);
  }
}

export class UnavailableError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "unavailable";
  constructor(
    readonly code: string,
    id: Id,
    ...values: ValuesOf<Id>
  ) {
    super(id, values[0]);
  }
}

/** A well-formed request that contradicts an earlier one, e.g. an Idempotency-Key reused for another order. */
export class UnprocessableError<Id extends ServerMessage = ServerMessage> extends DomainError {
  readonly kind = "unprocessable";
  constructor(
    readonly code: string,
    id: Id,
    ...values: ValuesOf<Id>
  ) {
    super(id, values[0]);
  }
}
