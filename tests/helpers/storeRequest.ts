/**
 * A request of the API tests (method, url, headers, payload: what `app.inject` takes), so one builder serves
 * the tests that run the store in their own process and those that run it as a child process over real HTTP.
 */
import type { LightMyRequestResponse } from "fastify";

export interface StoreRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  /** An object goes as JSON; a Buffer as it is (a multipart body, with its content-type in `headers`). */
  payload?: object | Buffer;
}

/** What the store answered, in the shape `app.inject` gives it. */
export type StoreAnswer = Pick<LightMyRequestResponse, "statusCode" | "headers" | "body" | "json">;

/** Sends `request` over HTTP to the store at `base` (e.g. http://127.0.0.1:PORT). */
export async function sendOverHttp(base: string, request: StoreRequest): Promise<StoreAnswer> {
  const { payload } = request;
  const raw = Buffer.isBuffer(payload);
  const response = await fetch(`${base}${request.url}`, {
    method: request.method,
    headers: { ...(payload !== undefined && !raw ? { "content-type": "application/json" } : {}), ...request.headers },
    body: payload === undefined ? undefined : raw ? new Uint8Array(payload) : JSON.stringify(payload),
  });
  const body = await response.text();
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body, json: () => JSON.parse(body) };
}
