/** Builds the HTTP app. It never listens: main.ts does, tests use inject. */
import { join } from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance } from "fastify";
import type { DB } from "../../db/connection";
import type { Config } from "../config";
import { createCatalog } from "../services/catalog";
import { installErrorHandling } from "./errors";
import { catalogRoutes } from "./routes/catalog";
import { healthRoutes } from "./routes/health";
import { installStatic } from "./static";

export interface AppDeps {
  db: DB;
}

/** Request bodies of the JSON API are small; uploads get their own limits where they arrive. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(config: Config, { db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);

  const catalog = createCatalog({ db });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(catalogRoutes, { catalog });
    },
    { prefix: "/api" },
  );

  await installStatic(app, { webappDir: config.webappDir, uploadsDir: join(config.dataDir, "uploads") });
  return app;
}
