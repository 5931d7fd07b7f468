/**
 * Files the server hands out beside the API: the built mini-app (hashed assets cached for a year,
 * index.html and every other unhashed file always revalidated, any other page path answered with
 * index.html so client routes work), each as the build's brotli or gzip copy when the client takes one,
 * and uploads under /assets/ (product images, shop logos, documents), whose names never change content.
 */
import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { textOf } from "../domain/errors";
import { messageFor, sendError } from "./errors";

const YEAR_S = 365 * 24 * 3600;

export interface StaticOptions {
  webappDir: string | null;
  uploadsDir: string;
}

/** A `..` segment, plain or percent-encoded, or an encoded slash or backslash: never a page, never a file. */
const CLIMBING = /(?:^|[/\\])\.\.(?:[/\\]|$)|%2e|%2f|%5c|\\/i;

/** Paths that name a file or an API call are never answered with the app's index.html. */
function isPagePath(url: string): boolean {
  const path = url.split("?")[0]!;
  if (["/api", "/assets", "/static"].some((folder) => path === folder || path.startsWith(`${folder}/`))) return false;
  // Prometheus' address: with metrics off (no METRICS_TOKEN) a scraper gets the API's 404, never the app's page.
  if (path === "/metrics") return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") && !CLIMBING.test(path);
}

/**
 * Checked by @fastify/static on the decoded path before it looks at the disk: a path with a `..` segment
 * is a 404 at once. (@fastify/send refuses to read outside the root by itself, but with `preCompressed`
 * @fastify/static first looks for an index.html under such a path, outside the root.)
 */
const allowedPath = (pathname: string) => !CLIMBING.test(pathname);

export async function installStatic(app: FastifyInstance, { webappDir, uploadsDir }: StaticOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: "/assets/",
    decorateReply: false,
    allowedPath,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader("cache-control", `public, max-age=${30 * 24 * 3600}`),
  });

  const hasWebapp = webappDir !== null && existsSync(join(webappDir, "index.html"));
  if (hasWebapp) {
    const hashedDir = join(webappDir, "static") + sep;
    await app.register(fastifyStatic, {
      root: webappDir,
      prefix: "/",
      index: "index.html",
      wildcard: true,
      cacheControl: false,
      // NAME.br or NAME.gz written by the build (webapp/vite.config.ts), whichever the client prefers, with
      // the Content-Type of NAME and its Content-Encoding; the file itself when neither copy is there or
      // the client accepts neither. A Range is cut from the representation sent (its own ETag and length).
      preCompressed: true,
      // Nothing of the build starts with a dot (Vite's own .vite/ folder is not for browsers).
      dotfiles: "ignore",
      allowedPath,
      setHeaders: (res, path) => {
        res.setHeader("cache-control", path.startsWith(hashedDir) ? `public, max-age=${YEAR_S}, immutable` : "no-cache");
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWebapp && (request.method === "GET" || request.method === "HEAD") && isPagePath(request.url)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html", webappDir!);
    }
    const page = isPagePath(request.url) && !request.url.startsWith("/api");
    const values = { method: request.method, path: request.url.split("?")[0]! };
    const text = page ? textOf("Page {method} {path} not found", values) : textOf("Route {method} {path} not found", values);
    return sendError(reply, 404, "NOT_FOUND", messageFor(request, text));
  });
}
