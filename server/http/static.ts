/**
 * Files the server hands out beside the API: the built mini-app (hashed assets cached for a year,
 * index.html always revalidated, any other page path answered with index.html so client routes work)
 * and uploads under /assets/ (product images, shop logos, documents), whose names never change content.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendError } from "./errors";

const YEAR_S = 365 * 24 * 3600;

export interface StaticOptions {
  webappDir: string | null;
  uploadsDir: string;
}

/** Paths that name a file or an API call are never answered with the app's index.html. */
function isPagePath(url: string): boolean {
  const path = url.split("?")[0]!;
  if (path === "/api" || path.startsWith("/api/") || path.startsWith("/assets/") || path.startsWith("/static/")) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".");
}

export async function installStatic(app: FastifyInstance, { webappDir, uploadsDir }: StaticOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: "/assets/",
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader("cache-control", `public, max-age=${30 * 24 * 3600}`),
  });

  const hasWebapp = webappDir !== null && existsSync(join(webappDir, "index.html"));
  if (hasWebapp) {
    await app.register(fastifyStatic, {
      root: webappDir,
      prefix: "/",
      index: "index.html",
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        const hashed = path.includes(`${join(webappDir, "static")}`);
        res.setHeader("cache-control", hashed ? `public, max-age=${YEAR_S}, immutable` : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWebapp && (request.method === "GET" || request.method === "HEAD") && isPagePath(request.url)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html", webappDir!);
    }
    const what = isPagePath(request.url) && !request.url.startsWith("/api") ? "Page" : "Route";
    return sendError(reply, 404, "NOT_FOUND", `${what} ${request.method} ${request.url.split("?")[0]} not found`);
  });
}
