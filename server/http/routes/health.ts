import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Health as HealthService } from "../../services/health";

const Health = Type.Object({ status: Type.Literal("ok"), uptime_s: Type.Integer() });

/** Answers ok only when the database answers too. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (app, { health }) => {
  app.get("/health", { config: { access: "public" }, schema: { response: { 200: Health } } }, async () => {
    await health.databaseAnswers();
    return { status: "ok" as const, uptime_s: Math.round(process.uptime()) };
  });
};
