/** Builds the HTTP app. It never listens: main.ts does, tests use inject. */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import type { Services } from "../services/index";
import { installJsonCompression } from "./conditional";
import { installErrorHandling } from "./errors";
import { installLocale } from "./locale";
import { installMetrics } from "./metrics";
import { fastifyRequestLogging, installRequestLog } from "./requestLog";
import { adminBroadcastRoutes } from "./routes/adminBroadcasts";
import { adminProductRoutes } from "./routes/adminProducts";
import { authRoutes } from "./routes/auth";
import { catalogRoutes } from "./routes/catalog";
import { contactRoutes } from "./routes/contact";
import { devRoutes } from "./routes/dev";
import { handoverRoutes } from "./routes/handover";
import { partnerRoutes } from "./routes/partner";
import { referralShareRoutes } from "./routes/referralShare";
import { orderRoutes } from "./routes/orders";
import { shopStaffRoutes } from "./routes/shopStaff";
import { adminShopsRoutes } from "./routes/adminShops";
import { adminStatsRoutes } from "./routes/adminStats";
import { adminExportRoutes } from "./routes/adminExport";
import { adminStockRoutes } from "./routes/adminStock";
import { tonManifestRoutes, tonRoutes } from "./routes/ton";
import { wishlistRoutes } from "./routes/wishlist";
import { adminPromoRoutes } from "./routes/adminPromos";
import { promoRoutes } from "./routes/promos";
import { healthRoutes } from "./routes/health";
import { eventRoutes } from "./routes/events";
import { installAccess } from "./access";
import { installEdge } from "./security";
import { installStatic } from "./static";
import { installValidation } from "./validation";

export interface AppOptions {
  /**
   * The Telegram webhook (BOT_MODE=webhook), made by the composition root from the same services: the HTTP
   * layer serves it without knowing the bot.
   */
  telegramWebhook?: FastifyPluginAsync | null;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The use cases this app runs on (server/services/index.ts), for tests and the process around it. */
    services: Services;
  }
}

/** Request bodies of the JSON API are small; uploads get their own limits where they arrive. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** The app on the services made by createServices (whose logger it logs with). */
export async function buildApp(config: Config, services: Services, { telegramWebhook }: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    ...fastifyRequestLogging(config),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the proxies named in TRUST_PROXY may say who the client is (per-address limits rely on it).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRequestLog(app, config);
  installLocale(app);
  installErrorHandling(app);
  installMetrics(app, { token: config.metricsToken, metrics: services.metrics });
  installValidation(app);
  await installEdge(app, {
    publicUrl: config.publicUrl,
    writesPerMinute: config.writesPerMinute,
    signInsPerMinute: config.signInsPerMinute,
    hits: services.hits,
  });

  const { auth, roles, catalog, orders, handover, adminProducts, staff, stock, stats, shops, partner, wishlist } = services;
  // Before the routes: each /api route gets its access check as it is registered (server/http/access.ts).
  installAccess(app, {
    authenticate: (token) => auth.authenticate(token),
    staff: (userId) => roles.requireStaff(userId),
    managesShops: (userId) => shops.checkManager(userId),
    admin: (userId) => roles.requireAdmin(userId),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health: services.health });
      // The catalogue compresses its polled answers itself, once per catalogue version (conditional.ts);
      // every route registered after this line gets @fastify/compress for its JSON over 1 KB.
      await api.register(catalogRoutes, { catalog });
      await installJsonCompression(api);
      await api.register(authRoutes, { auth });
      await api.register(orderRoutes, { orders });
      await api.register(handoverRoutes, { handover, botOn: config.botToken !== null });
      await api.register(adminProductRoutes, { adminProducts });
      await api.register(shopStaffRoutes, { staff });
      await api.register(adminStockRoutes, { stock });
      await api.register(adminStatsRoutes, { stats });
      await api.register(adminExportRoutes, { orderExport: services.orderExport });
      await api.register(adminShopsRoutes, { shops });
      await api.register(partnerRoutes, { partner });
      await api.register(referralShareRoutes, { referralShare: services.referralShare });
      await api.register(tonRoutes, { tonPayments: services.tonPayments, tonWallets: services.tonWallets });
      await api.register(wishlistRoutes, { wishlist });
      await api.register(adminPromoRoutes, { promos: services.promos });
      await api.register(promoRoutes, { promos: services.promos });
      await api.register(adminBroadcastRoutes, { broadcasts: services.broadcasts });
      await api.register(contactRoutes, { contact: services.contact });
      await api.register(eventRoutes, { live: services.live });
    },
    { prefix: "/api" },
  );
  if (config.env !== "production") {
    await app.register(devRoutes, { prefix: "/dev", outbox: services.devOutbox, botToken: config.botToken, clock: Date.now });
  }
  await app.register(tonManifestRoutes, { publicUrl: config.publicUrl });
  app.decorate("services", services);
  if (telegramWebhook) await app.register(telegramWebhook);

  await installStatic(app, { webappDir: config.webappDir, uploadsDir: config.uploadsDir });
  return app;
}
