/**
 * Answers for polled endpoints: the body is serialised once per answer object (the catalogue hands out
 * the same object until its version moves), tagged with a strong ETag, and a matching If-None-Match gets
 * a bodyless 304. `Cache-Control: no-cache` makes browsers revalidate on every poll by themselves.
 *
 * Compression follows the same rule: a body of 1 KB or more is compressed at most once per answer object
 * and encoding (brotli or gzip, whichever the client prefers), on the first request that asks for it, and
 * kept beside the raw bytes. Each encoding is its own representation with its own strong ETag (the raw
 * one with `-br` or `-gz` added), since a strong ETag names exact bytes; a poll's If-None-Match is matched
 * against the representation this request would get, and every answer of 1 KB or more carries
 * `Vary: Accept-Encoding` (the 304 too). @fastify/compress never compresses these answers again: the
 * catalogue's routes are registered before it (server/http/app.ts), and it skips any reply that already
 * carries a Content-Encoding anyway.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Bodies below this are sent raw: compressing them saves less than it costs (the same as @fastify/compress). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = "br" | "gzip";
/** In the order of preference when the client likes both equally. */
const ENCODINGS: Encoding[] = ["br", "gzip"];
const ETAG_SUFFIX: Record<Encoding, string> = { br: "-br", gzip: "-gz" };

interface Serialised {
  /** Encoded once: sending a Buffer skips the per-request string encoding. */
  body: Buffer;
  etag: string;
  /** The ETag of each compressed copy: the raw one with the encoding added inside the quotes. */
  etags: Record<Encoding, string>;
  /** Compressed copies, made on first need (a 304 needs only the ETag, which is known without them). */
  encoded: Partial<Record<Encoding, Buffer>>;
}

const serialised = new WeakMap<object, Serialised>();

function serialise(answer: object): Serialised {
  let entry = serialised.get(answer);
  if (!entry) {
    const body = Buffer.from(JSON.stringify(answer));
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    entry = { body, etag, etags: { br: encodedEtag(etag, "br"), gzip: encodedEtag(etag, "gzip") }, encoded: {} };
    serialised.set(answer, entry);
  }
  return entry;
}

/**
 * Brotli at quality 5: about 0.2 ms for the 15 KB catalogue, within 15% of quality 11's size, which takes
 * 15 ms (and the catalogue's version moves with every order's stock). This runs once per answer object.
 */
function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 9 });
}

function encodedBody(entry: Serialised, encoding: Encoding): Buffer {
  return (entry.encoded[encoding] ??= compress(entry.body, encoding));
}

/** The raw bytes' ETag with the encoding added inside the quotes: `"abc"` → `"abc-br"`. */
function encodedEtag(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}${ETAG_SUFFIX[encoding]}"`;
}

/**
 * The encoding this client prefers among ours, or null for the raw bytes (no header, `identity`, garbage,
 * or everything of ours refused with q=0). `*` counts as gzip and `x-gzip` is gzip, as @fastify/compress and
 * @fastify/static read them. Browsers send one of a handful of headers, so answers are remembered by header
 * (at most 64 of them: odd headers cannot grow the memory).
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, "gzip"), ENCODINGS);
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}
const negotiated = new Map<string, Encoding | null>();

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export function sendConditionalJson(request: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  const entry = serialise(answer);
  let encoding: Encoding | null = null;
  if (entry.body.length >= COMPRESS_THRESHOLD_BYTES) {
    reply.header("vary", "accept-encoding");
    encoding = preferredEncoding(request.headers["accept-encoding"]);
  }
  const etag = encoding ? entry.etags[encoding] : entry.etag;
  reply.header("etag", etag).header("cache-control", "no-cache");
  if (matches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  if (!encoding) return reply.send(entry.body);
  return reply.header("content-encoding", encoding).send(encodedBody(entry, encoding));
}

/**
 * Answers up to this size are compressed in one synchronous call instead of through a zlib stream. The stream
 * hands the work to libuv's thread pool, but its own machinery (a pipeline, a transform, their events) cost the
 * main thread about as much as compressing a page of 20 staff orders (30 KB of JSON, ~130 µs at brotli's
 * quality 4) does, and the pool's thread then takes the second core as well: a staff page served ~30% more
 * answers a second this way on a 2-core machine (docs/performance.md, "Staff pages"). @fastify/compress's own
 * default scales the limit down with the cores (8 KB on two).
 */
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

/**
 * The other JSON answers of 1 KB or more, compressed per request by @fastify/compress (brotli at its
 * quality 4, or gzip), for every route registered in `api` after this call. Installed in the /api scope
 * only: files have their compressed copies made by the build (server/http/static.ts), and a partial
 * answer (206) must never be compressed after its range was cut. Compressed request bodies are not
 * accepted (no decompression: the body limit stays a limit on what is parsed).
 */
export async function installJsonCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    encodings: ENCODINGS,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    globalDecompression: false,
  });
}
