/** Builds the HTTP app. It never listens: main.ts does, tests use inject. */
import { join } from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { DB } from "../../db/connection";
import type { Config } from "../config";
import { isAdmin, selectStaffRoles } from "../../db/repositories/users";
import { ForbiddenError } from "../domain/errors";
import { createAdminProducts, type AdminProducts } from "../services/adminProducts";
import { createAuth, type Auth } from "../services/auth";
import { createCatalog } from "../services/catalog";
import { createHandover, type Handover } from "../services/handover";
import { createImageStore } from "../services/images";
import { createLinkSigner } from "../services/links";
import { createOrders, type Orders } from "../services/orders";
import { createPartner } from "../services/partner";
import { createStaff } from "../services/staff";
import { createShops } from "../services/shops";
import { createStats, type Stats } from "../services/stats";
import { createStock, type Stock } from "../services/stock";
import { createTon, type Ton } from "../services/ton";
import { createWishlist } from "../services/wishlist";
import { createDevMailer, createSmtpMailer, DevOutbox, type Mailer } from "../services/mailer";
import { installJsonCompression } from "./conditional";
import { installErrorHandling } from "./errors";
import { adminProductRoutes } from "./routes/adminProducts";
import { authRoutes } from "./routes/auth";
import { catalogRoutes } from "./routes/catalog";
import { devRoutes } from "./routes/dev";
import { handoverRoutes } from "./routes/handover";
import { partnerRoutes } from "./routes/partner";
import { orderRoutes } from "./routes/orders";
import { shopStaffRoutes } from "./routes/shopStaff";
import { adminShopsRoutes } from "./routes/adminShops";
import { adminStatsRoutes } from "./routes/adminStats";
import { adminStockRoutes } from "./routes/adminStock";
import { tonManifestRoutes, tonRoutes } from "./routes/ton";
import { wishlistRoutes } from "./routes/wishlist";
import { healthRoutes } from "./routes/health";
import { installAccess } from "./access";
import { installEdge } from "./security";
import { installStatic } from "./static";
import { installValidation } from "./validation";

export interface AppDeps {
  db: DB;
  /** Milliseconds since the epoch; tests move it to expire codes and sessions. */
  clock?: () => number;
  /** Replaces the mailer that config picks (SMTP, or the dev outbox). */
  mailer?: Mailer;
  /**
   * The Telegram webhook (BOT_MODE=webhook), made by the composition root from the services this app made:
   * the HTTP layer serves it without knowing the bot.
   */
  telegramWebhook?: (services: AppServices) => FastifyPluginAsync | null;
}

/**
 * The use cases the app made, for the rest of the process (the bot, the jobs): server/main.ts, the
 * composition root, hands them on, so one process runs one set of them.
 */
export interface AppServices {
  orders: Orders;
  handover: Handover;
  /** The admin's products (the bot lists them for /addstock). */
  adminProducts: AdminProducts;
  /** TON payment: the chain watcher (server/jobs/tonWatcher.ts) records transfers through it. */
  ton: Ton;
  /** Admin stock: add, move, audit trail, low shelves (the bot's /addstock and /lowstock). */
  stock: Stock;
  /** Store statistics over completed orders (the bot's /stats). */
  stats: Stats;
  /** `/start CODE` in the chat: the sender becomes a user, and the code their referrer if it may be. */
  joinFromChat: Auth["joinFromChat"];
  log: FastifyBaseLogger;
}

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Request bodies of the JSON API are small; uploads get their own limits where they arrive. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(config: Config, { db, clock = Date.now, mailer, telegramWebhook }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the proxies named in TRUST_PROXY may say who the client is (per-address limits rely on it).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installValidation(app);
  await installEdge(app, {
    publicUrl: config.publicUrl,
    writesPerMinute: config.writesPerMinute,
    signInsPerMinute: config.signInsPerMinute,
  });

  const devOutbox = new DevOutbox();
  const catalog = createCatalog({ db });
  const partner = createPartner({ db, clock, config, log: app.log.child({ module: "referrals" }) });
  const auth = createAuth({
    db,
    config,
    clock,
    registerReferral: partner.joinWith,
    mailer: mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailer(app.log, devOutbox, clock)),
  });
  const links = createLinkSigner(db);
  const orders = createOrders({ db, clock, links, maxOpenOrders: config.maxOpenOrders, lowStockThreshold: config.lowStockThreshold });
  const handover = createHandover({ db, clock, links, referralRatePercent: config.referralRatePercent });
  const ton = createTon({
    db,
    clock,
    network: config.tonNetwork,
    staffOrder: (userId, orderId) => handover.getOrder(userId, orderId, undefined),
  });
  // Uploaded pictures (product images, shop logos) under DATA_DIR/uploads, served by installStatic below.
  const images = createImageStore({ uploadsDir: join(config.dataDir, "uploads") });
  const adminProducts = createAdminProducts({ db, images, clock });
  const stock = createStock({ db, clock, lowStockThreshold: config.lowStockThreshold });
  const stats = createStats({ db, clock });
  const shops = createShops({ db, clock, images, config });
  // Before the routes: each /api route gets its access check as it is registered (server/http/access.ts).
  installAccess(app, {
    authenticate: (token) => auth.authenticate(token),
    async staff(userId) {
      if (!(await isAdmin(db, userId)) && (await selectStaffRoles(db, userId)).length === 0) throw new ForbiddenError();
    },
    managesShops: (userId) => shops.checkManager(userId),
    async admin(userId) {
      if (!(await isAdmin(db, userId))) throw new ForbiddenError();
    },
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      // The catalogue compresses its polled answers itself, once per catalogue version (conditional.ts);
      // every route registered after this line gets @fastify/compress for its JSON over 1 KB.
      await api.register(catalogRoutes, { catalog });
      await installJsonCompression(api);
      await api.register(authRoutes, { auth });
      await api.register(orderRoutes, { orders });
      await api.register(handoverRoutes, { handover, botOn: config.botToken !== null });
      await api.register(adminProductRoutes, { adminProducts });
      await api.register(shopStaffRoutes, { staff: createStaff({ db, clock }) });
      await api.register(adminStockRoutes, { stock });
      await api.register(adminStatsRoutes, { stats });
      await api.register(adminShopsRoutes, { shops });
      await api.register(partnerRoutes, { partner });
      await api.register(tonRoutes, { ton });
      await api.register(wishlistRoutes, { wishlist: createWishlist({ db, catalog, clock }) });
    },
    { prefix: "/api" },
  );
  if (config.env !== "production") {
    await app.register(devRoutes, { prefix: "/dev", outbox: devOutbox, botToken: config.botToken, clock });
  }
  await app.register(tonManifestRoutes, { publicUrl: config.publicUrl });
  const services: AppServices = {
    orders,
    handover,
    adminProducts,
    ton,
    stock,
    stats,
    joinFromChat: auth.joinFromChat,
    log: app.log.child({ module: "bot" }),
  };
  app.decorate("services", services);
  const webhook = telegramWebhook?.(services);
  if (webhook) await app.register(webhook);

  await installStatic(app, { webappDir: config.webappDir, uploadsDir: join(config.dataDir, "uploads") });
  return app;
}
