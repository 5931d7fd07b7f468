/**
 * Answers for polled endpoints: the body is serialised once per answer object (the catalogue hands out
 * the same object until its version moves), tagged with a strong ETag, and a matching If-None-Match gets
 * a bodyless 304. `Cache-Control: no-cache` makes browsers revalidate on every poll by themselves.
 */
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

interface Serialised {
  /** Encoded once: sending a Buffer skips the per-request string encoding. */
  body: Buffer;
  etag: string;
}

const serialised = new WeakMap<object, Serialised>();

function serialise(answer: object): Serialised {
  let entry = serialised.get(answer);
  if (!entry) {
    const body = Buffer.from(JSON.stringify(answer));
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    entry = { body, etag };
    serialised.set(answer, entry);
  }
  return entry;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export function sendConditionalJson(request: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  const { body, etag } = serialise(answer);
  reply.header("etag", etag).header("cache-control", "no-cache");
  if (matches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(body);
}
