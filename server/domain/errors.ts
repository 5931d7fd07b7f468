/**
 * Typed errors of the shop's rules. Each names what went wrong in words a caller can show; the HTTP layer
 * maps the kind to a status and never adds details of its own.
 */
export type DomainErrorKind =
  "validation" | "not_found" | "unauthorized" | "forbidden" | "conflict" | "unprocessable" | "rate_limited" | "unavailable";

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** A stable, machine-readable code: the `error` field of the API's error shape. */
  abstract readonly code: string;
}

export class ValidationError extends DomainError {
  readonly kind = "validation";
  readonly code = "VALIDATION_ERROR";
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly kind = "not_found";
  readonly code: string;
  constructor(what: string, message = `${what} not found`) {
    super(message);
    this.code = `${what.toUpperCase().replace(/\s+/g, "_")}_NOT_FOUND`;
  }
}

export class UnauthorizedError extends DomainError {
  readonly kind = "unauthorized";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The spec's text for anyone who is not an admin on an admin call. */
export const ACCESS_DENIED = "Отказано в доступе.";

export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
  constructor(
    message = ACCESS_DENIED,
    readonly code = "FORBIDDEN",
  ) {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly kind = "rate_limited";
  readonly code = "TOO_MANY_REQUESTS";
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
  }
}

export class ConflictError extends DomainError {
  readonly kind = "conflict";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class UnavailableError extends DomainError {
  readonly kind = "unavailable";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A well-formed request that contradicts an earlier one, e.g. an Idempotency-Key reused for another order. */
export class UnprocessableError extends DomainError {
  readonly kind = "unprocessable";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
