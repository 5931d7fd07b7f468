/**
 * Development's request log: one line a request, `GET /api/products 200 4.1 ms`, in place of Fastify's two JSON
 * lines ("incoming request", "request completed") that bury the URL. Production and test keep Fastify's own.
 */
import { LogController, type FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * For Fastify's options: its own two lines a request are off in development (installRequestLog writes one). Through
 * a log controller, as Fastify 5 asks (its top-level `disableRequestLogging` is deprecated and warned of).
 */
export const fastifyRequestLogging = (config: Pick<Config, "env">) => ({
  logController: new LogController({ disableRequestLogging: config.env === "development" }),
});

export function installRequestLog(app: FastifyInstance, config: Pick<Config, "env">): void {
  if (config.env !== "development") return;
  app.addHook("onResponse", (request, reply, done) => {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
    done();
  });
}
