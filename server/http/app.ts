/** Builds the HTTP app. It never listens: main.ts does, tests use inject. */
import { join } from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance } from "fastify";
import type { DB } from "../../db/connection";
import type { Config } from "../config";
import { createBot } from "../../bot/bot";
import { telegramWebhook } from "../../bot/webhook";
import { findUserById } from "../../db/repositories/users";
import { createAuth } from "../services/auth";
import { createCatalog } from "../services/catalog";
import { createLinkSigner } from "../services/links";
import { createOrders } from "../services/orders";
import { createWishlist } from "../services/wishlist";
import { createDevMailer, createSmtpMailer, DevOutbox, type Mailer } from "../services/mailer";
import { installErrorHandling } from "./errors";
import { authRoutes } from "./routes/auth";
import { catalogRoutes } from "./routes/catalog";
import { devRoutes } from "./routes/dev";
import { orderRoutes } from "./routes/orders";
import { wishlistRoutes } from "./routes/wishlist";
import { healthRoutes } from "./routes/health";
import { sessionGuards } from "./session";
import { installStatic } from "./static";
import { installValidation } from "./validation";

export interface AppDeps {
  db: DB;
  /** Milliseconds since the epoch; tests move it to expire codes and sessions. */
  clock?: () => number;
  /** Replaces the mailer that config picks (SMTP, or the dev outbox). */
  mailer?: Mailer;
}

/** Request bodies of the JSON API are small; uploads get their own limits where they arrive. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(config: Config, { db, clock = Date.now, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only a reverse proxy on this machine may say who the client is (per-IP limits rely on it).
    trustProxy: "loopback",
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installValidation(app);

  app.decorateRequest("session", null);
  const devOutbox = new DevOutbox();
  const catalog = createCatalog({ db });
  const auth = createAuth({
    db,
    config,
    clock,
    mailer: mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailer(app.log, devOutbox, clock)),
  });
  const orders = createOrders({ db, clock, links: createLinkSigner(db) });
  const guards = sessionGuards(auth, async (userId) => (await findUserById(db, userId))?.is_admin === 1);
  app.decorate("guards", guards);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(catalogRoutes, { catalog });
      await api.register(authRoutes, { auth, guards });
      await api.register(orderRoutes, { orders, guards });
      await api.register(wishlistRoutes, { wishlist: createWishlist({ db, catalog, clock }), guards });
    },
    { prefix: "/api" },
  );
  if (config.env !== "production") {
    await app.register(devRoutes, { prefix: "/dev", outbox: devOutbox, botToken: config.botToken, clock });
  }
  // Webhook mode: Telegram posts updates here (loadConfig insists on the secret in this mode).
  if (config.botToken && config.botMode === "webhook" && config.botWebhookSecret) {
    const bot = createBot({ db, config, clock, log: app.log.child({ module: "bot" }) });
    await app.register(telegramWebhook, { bot, secretToken: config.botWebhookSecret });
  }

  await installStatic(app, { webappDir: config.webappDir, uploadsDir: join(config.dataDir, "uploads") });
  return app;
}
