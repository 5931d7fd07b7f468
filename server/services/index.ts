/**
 * The composition root of the use cases: every service, made once per process from the configuration and
 * the database. The all-in-one store (server/main.ts), the bot-only process (scripts/start-bot.ts), the
 * benchmarks and the tests all make them here, so each process runs one set of them and they are made
 * the same way everywhere.
 */
import type { FastifyBaseLogger } from "fastify";
import { engineOf, type DB } from "../../db/connection";
import type { Config } from "../config";
import { createAdminProducts } from "./adminProducts";
import { createAuth } from "./auth";
import { createBotAdmin } from "./botAdmin";
import { createBroadcasts } from "./broadcasts";
import { createChatLocales } from "./chatLocales";
import { createContact } from "./contact";
import { createConversationStore } from "./botConversations";
import { createCatalog } from "./catalog";
import { createChatOrders } from "./chatOrders";
import { createHandover } from "./handover";
import { createHealth } from "./health";
import { createHolds } from "./holds";
import { createImageStore } from "./images";
import { createMetrics } from "./metrics";
import { createLinkSigner } from "./links";
import { createLive } from "./live";
import { createDevMailer, createSmtpMailer, DevOutbox, type Mailer } from "./mailer";
import { createOrders } from "./orders";
import { createOutboxDelivery, createReachability } from "./outboxDelivery";
import { createPartner } from "./partner";
import { createPromos } from "./promos";
import { createReferralShare } from "./referralShare";
import { createBotApi } from "./telegramBotApi";
import { createDatabaseHitCounter, createLimiters, createMemoryHitCounter } from "./rateLimiter";
import { createRoles } from "./roles";
import { createShops } from "./shops";
import { createStaff } from "./staff";
import { createStats } from "./stats";
import { createOrderExport } from "./orderExport";
import { createStock } from "./stock";
import { createTonPayments } from "./tonPayments";
import { createTonReconciliation } from "./tonReconciliation";
import { createTonWallets } from "./tonWallets";
import { createWishlist } from "./wishlist";

export interface ServiceDeps {
  db: DB;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch; tests move it to expire codes, sessions and holds. */
  clock?: () => number;
  /** Replaces the mailer that the configuration picks (SMTP, or the development outbox). */
  mailer?: Mailer;
}

export function createServices(config: Config, { db, log, clock = Date.now, mailer }: ServiceDeps) {
  // Without SMTP_URL (development), code mails are kept here and shown at /dev/outbox.
  const devOutbox = new DevOutbox();
  // Every named unit of work on `db` is timed for it and logged when slow (db/unitOfWork.ts, watchUnits).
  const metrics = createMetrics({ db, clock, log, slowQueryMs: config.slowQueryMs, exported: config.metricsToken !== null });
  const catalog = createCatalog({ db, clock });
  const partner = createPartner({ db, clock, config, log: log.child({ module: "referrals" }) });
  // Rate limits (docs/decisions.md, "Rate limits across instances"): on SQLite one process serves HTTP and
  // counts in its memory (exact, and no statement on a write's path); on PostgreSQL any number of API
  // instances share the database, so they count there, each hit one upsert.
  const hits = engineOf(db) === "postgres" ? createDatabaseHitCounter({ db, clock }) : createMemoryHitCounter(clock);
  const auth = createAuth({
    db,
    config,
    clock,
    limiters: createLimiters(hits),
    registerReferral: partner.joinWith,
    mailer: mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailer(log, devOutbox, clock)),
  });
  const links = createLinkSigner(db);
  const handover = createHandover({ db, clock, links, referralRatePercent: config.referralRatePercent });
  // Uploaded pictures (product images, shop logos) in UPLOADS_DIR (by default DATA_DIR/uploads).
  const images = createImageStore({ uploadsDir: config.uploadsDir });
  // ---- g-live ----
  const live = createLive({ db, log: log.child({ module: "live" }), clock, heartbeatMs: config.liveHeartbeatMs });
  metrics.liveUpdates(live.figures);
  return {
    log,
    devOutbox,
    /** GET /metrics (server/http/metrics.ts) and the slow-unit log. */
    metrics,
    /** Where the HTTP rate limits count (server/http/security.ts): this process's memory, or the database. */
    hits,
    health: createHealth({ db }),
    roles: createRoles({ db }),
    catalog,
    partner,
    auth,
    links,
    orders: createOrders({
      db,
      clock,
      links,
      maxOpenOrders: config.maxOpenOrders,
      lowStockThreshold: config.lowStockThreshold,
      placed: metrics.orderPlaced,
    }),
    holds: createHolds({ db, clock, expired: metrics.holdsExpired }),
    handover,
    staff: createStaff({ db, clock }),
    tonPayments: createTonPayments({ db, clock, staffOrder: (userId, orderId) => handover.getOrder(userId, orderId, undefined) }),
    tonReconciliation: createTonReconciliation({ db, clock }),
    tonWallets: createTonWallets({ db, clock, network: config.tonNetwork }),
    images,
    adminProducts: createAdminProducts({ db, images, clock }),
    stock: createStock({ db, clock, lowStockThreshold: config.lowStockThreshold }),
    stats: createStats({ db, clock }),
    orderExport: createOrderExport({ db, clock }),
    shops: createShops({ db, clock, images, config }),
    wishlist: createWishlist({ db, catalog, clock }),
    promos: createPromos({ db, clock }),
    // The bot's own: the customer's /orders, roles and menus, blocking, conversation state, the outbox.
    chatOrders: createChatOrders({ db }),
    botAdmin: createBotAdmin({ db, clock }),
    reachability: createReachability({ db, clock }),
    chatLocales: createChatLocales({ db }),
    conversations: createConversationStore({ db, clock }),
    outbox: createOutboxDelivery({ db }),
    // Broadcasts (issue 25): the admin's use cases, the paced queue its worker sends, the promotions opt-out.
    broadcasts: createBroadcasts({ db, clock, perSecond: config.broadcastPerSecond, chatGapSeconds: config.broadcastChatGapSeconds }),
    // Phone and location from Telegram (issue 26): the bot keeps a shared phone, the courier form reads it.
    contact: createContact({ db, clock }),
    // Issue 26: the referral card a customer shares into Telegram, asked of the Bot API while they wait.
    referralShare: createReferralShare({
      db,
      config,
      botApi: config.botToken ? createBotApi({ token: config.botToken, apiRoot: config.telegramApiRoot }) : null,
      log: log.child({ module: "referralShare" }),
    }),
    /** Live updates (issue 26): this process's event streams, fed by the database's live-changes bus. */
    live,
  };
}

export type Services = ReturnType<typeof createServices>;
