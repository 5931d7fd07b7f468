import { currentLocale, t, type MessageId } from "./i18n";
import { sessionLost, storedToken } from "./session";

/**
 * How a call failed (spec §8): no answer at all, no answer in time, an answer that is not JSON, or the HTTP
 * status of an answer outside 200-299.
 */
type ApiFailure = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR" | number;

export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  constructor(
    readonly failure: ApiFailure,
    message: string,
    /** The server's `error` code, when it sent one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export function isHttpFailure(error: unknown, status: number): boolean {
  return error instanceof ApiRequestError && error.failure === status;
}

const REQUEST_TIMEOUT_MS = 15_000;
/** Photos and logos take a while to upload on a phone's connection. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The server's code for a call that needs a live session and had none. */
export const SIGN_IN_REQUIRED = "SIGN_IN_REQUIRED";

/** What the customer reads when a call got no usable answer (the server's own messages come in its language). */
const FAILURE_TEXT = {
  FETCH_ERROR: "api.fetchError",
  TIMEOUT_ERROR: "api.timeoutError",
  PARSING_ERROR: "api.parsingError",
} as const satisfies Record<string, MessageId>;

type QueryValue = string | number | undefined;

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a FormData (a multipart upload) is sent as it is, with the boundary the browser sets. */
  body?: unknown;
  /** Extra request headers, e.g. the Idempotency-Key of an order placement. */
  headers?: Record<string, string>;
  /** The caller's own cancellation (React Query passes one); aborting it is not a failure. */
  signal?: AbortSignal;
}

/**
 * Every call to the API goes through here: the session's token, the time limit, the failure classes with the
 * server's message, and a dead session handed to lib/session.ts (which opens the sign-in). `read` takes the
 * body of the answer (text, or a Blob for a file), within the time limit.
 */
export async function apiCall<Body extends string | Blob>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<Body>,
): Promise<{ response: Response; body: Body }> {
  const form = options.body instanceof FormData;
  const timeout = AbortSignal.timeout(form ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const signal = options.signal ? eitherSignal(options.signal, timeout) : timeout;
  // The server answers its messages in the app's language, even on calls that read no session.
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": currentLocale(), ...options.headers };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined && !form) headers["Content-Type"] = "application/json";

  let response: Response;
  let body: Body;
  try {
    response = await fetch(urlOf(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: form ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    body = await read(response);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiRequestError("TIMEOUT_ERROR", t(FAILURE_TEXT.TIMEOUT_ERROR));
    throw new ApiRequestError("FETCH_ERROR", t(FAILURE_TEXT.FETCH_ERROR));
  }

  if (!response.ok) {
    const served = serverError(typeof body === "string" ? body : await body.text());
    // The session died while the app was open (expired, revoked, pushed out by newer ones).
    if (response.status === 401 && token && served?.error === SIGN_IN_REQUIRED) sessionLost(token);
    throw new ApiRequestError(
      response.status,
      served?.message ?? t("api.httpError", { status: response.status }),
      served?.error ?? null,
    );
  }
  return { response, body };
}

/** A call answered with JSON (or nothing: 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response, body: text } = await apiCall(path, options, (answer) => answer.text());
  // 204 No Content (e.g. log-out) has no body to read.
  if (response.status === 204) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiRequestError("PARSING_ERROR", t(FAILURE_TEXT.PARSING_ERROR));
  }
}

function urlOf(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The API's error shape `{ error, message }`, when the body has it. */
function serverError(text: string): { error: string | null; message: string | null } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null) return null;
    const { error, message } = body as Record<string, unknown>;
    return {
      error: typeof error === "string" ? error : null,
      message: typeof message === "string" && message !== "" ? message : null,
    };
  } catch {
    return null;
  }
}

/** AbortSignal.any is missing from older in-app webviews (iOS before 17.4). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort();
  for (const signal of [a, b]) {
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort, { once: true });
  }
  return controller.signal;
}
