import { ApiRequestError } from "../../../../lib/api";
import { storedToken } from "../../../../lib/session";

const SEND_TIMEOUT_MS = 60_000;

/**
 * A multipart call (product create and update: fields and images as file-N). lib/api.ts sends JSON only; this
 * keeps its failure classes (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, the HTTP status with the server's text)
 * and lets the browser set the multipart boundary itself.
 */
export async function sendForm<T>(path: string, method: "POST" | "PUT", form: FormData): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, { method, headers, body: form, signal: timeout });
    text = await response.text();
  } catch {
    if (timeout.aborted) throw new ApiRequestError("TIMEOUT_ERROR", "The store is taking too long to answer. Please try again.");
    throw new ApiRequestError("FETCH_ERROR", "No connection to the store. Check your internet and try again.");
  }
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    if (response.ok) throw new ApiRequestError("PARSING_ERROR", "The store sent an answer that could not be read.");
  }
  if (!response.ok) {
    const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
    throw new ApiRequestError(
      response.status,
      typeof message === "string" && message !== "" ? message : `The store answered with an error (${response.status}).`,
      typeof error === "string" ? error : null,
    );
  }
  return body as T;
}
