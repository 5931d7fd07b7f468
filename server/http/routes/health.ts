import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Health as HealthService } from "../../services/health";
import { sendError } from "../errors";

const Health = Type.Object({ status: Type.Literal("ok"), uptime_s: Type.Integer() });
const Ready = Type.Object({ status: Type.Literal("ready") });

const NOT_READY: Record<"starting" | "stopping", string> = {
  starting: "The store is starting: it is not serving yet",
  stopping: "The store is shutting down: send requests to another instance",
};

/**
 * /health: the process answers (a process manager's liveness probe; it never asks the database, so a
 * database outage does not get every process restarted). /ready: this process should get requests (a
 * proxy's health check): started and migrated, not shutting down, and its database answers; else a 503.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (app, { health }) => {
  app.get("/health", { config: { access: "public" }, schema: { response: { 200: Health } } }, async () => {
    return { status: "ok" as const, uptime_s: Math.round(process.uptime()) };
  });

  app.get("/ready", { config: { access: "public" }, schema: { response: { 200: Ready } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const phase = health.phase();
    if (phase !== "ready") return sendError(reply, 503, "NOT_READY", NOT_READY[phase]);
    try {
      await health.databaseAnswers();
    } catch (error) {
      request.log.warn({ err: error }, "readiness: the database does not answer");
      return sendError(reply, 503, "DATABASE_UNAVAILABLE", "The store's database does not answer");
    }
    return { status: "ready" as const };
  });
};
