/**
 * The HTTP side of a worker (`npm run start:worker`): only what a process manager and a proxy ask of it,
 * `GET /api/health` and `GET /api/ready`, with BOT_MODE=webhook the Telegram webhook (the proxy routes
 * `/telegram/webhook` to the workers), and with METRICS_TOKEN its own `/metrics`: the outbox, the hold clock
 * and the chain watcher run here. Everything else is a JSON 404: the API and the mini-app are the API
 * instances' (server/http/app.ts).
 */
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Services } from "../services/index";
import type { AppOptions } from "./app";
import { installErrorHandling, sendError } from "./errors";
import { installMetrics } from "./metrics";
import { fastifyRequestLogging, installRequestLog } from "./requestLog";
import { healthRoutes } from "./routes/health";

export async function buildProbeApp(config: Config, services: Services, { telegramWebhook }: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    ...fastifyRequestLogging(config),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  });
  installRequestLog(app, config);
  installErrorHandling(app);
  installMetrics(app, { token: config.metricsToken, metrics: services.metrics });
  await app.register(healthRoutes, { prefix: "/api", health: services.health });
  if (telegramWebhook) await app.register(telegramWebhook);
  const serves = config.metricsToken === null ? "/api/health and /api/ready" : "/api/health, /api/ready and /metrics";
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      404,
      "NOT_FOUND",
      `Route ${request.method} ${request.url.split("?")[0]} not found: this is a worker, which serves ${serves} only`,
    ),
  );
  return app;
}
