/**
 * GET /metrics, for Prometheus (docs/operations.md, "Metrics"): on only when METRICS_TOKEN is set, and then
 * only for a request bearing it (401 otherwise, saying nothing else). Unset, nothing is registered: /metrics
 * answers as any unknown path does, and requests are not measured.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { StoreMetrics } from "../services/metrics";
import { sendError } from "./errors";

/**
 * Before any route (the hook must see every request): `app` is the whole app or a worker's probes. Each
 * process answers for itself; with several, each is scraped.
 */
export function installMetrics(app: FastifyInstance, { token, metrics }: { token: string | null; metrics: StoreMetrics }): void {
  if (token === null) return;
  const expected = digest(token);
  app.addHook("onResponse", (request, reply, done) => {
    // The route's pattern ("/api/orders/:id"), never the URL: a label value per route, not per id.
    metrics.requestAnswered(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime);
    done();
  });
  app.get("/metrics", async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    // Digests of equal length compared in constant time: the answer's timing tells nothing of the token.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      reply.header("www-authenticate", "Bearer");
      return sendError(reply, 401, "UNAUTHORIZED", "A valid metrics token is required");
    }
    return reply.header("cache-control", "no-store").type(metrics.contentType).send(await metrics.render());
  });
}

const digest = (text: string) => createHash("sha256").update(text).digest();
