/**
 * Configuration, read once from the environment at start and validated. Nothing else reads process.env.
 * A value that does not parse stops the start with a message naming the variable.
 */
import { resolve } from "node:path";
import { normaliseEmail } from "./domain/auth";
import { LIVE_HEARTBEAT_MS, REFERRAL_RATE_PERCENT_DEFAULT } from "./domain/constants";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "./domain/stock";
import { TON_NETWORKS, type TonNetwork } from "./domain/ton";

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  /**
   * Uploaded pictures (products, shops, documents): UPLOADS_DIR, by default DATA_DIR/uploads. With several
   * API instances it must be one directory every instance shares (a network mount), since any instance may
   * store a picture and any may be asked for it.
   */
  uploadsDir: string;
  /** The SQLite file inside dataDir, or ":memory:" (tests). */
  databaseFile: string;
  /** A PostgreSQL server's database (`postgres://` or `postgresql://`); null runs on the SQLite file. */
  databaseUrl: string | null;
  publicUrl: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Fill an empty database with the demo catalogue at start. */
  seedDemo: boolean;
  /** Where the built mini-app lives; null serves no webapp (API-only tests). */
  webappDir: string | null;
  /** Telegram bot token; null turns the bot off and Telegram sign-in answers 503. */
  botToken: string | null;
  /** How updates reach the bot: long polling, Telegram posting to /telegram/webhook, or not in this process. */
  botMode: "polling" | "webhook" | "off";
  /** The Bot API server grammY talks to (tests point it at a fake one on loopback). */
  telegramApiRoot: string;
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token with every webhook call; required in webhook mode. */
  botWebhookSecret: string | null;
  /** Seconds an initData stays acceptable. */
  initDataMaxAgeS: number;
  /** Outgoing mail for one-time codes; null (development only) writes codes to the log and the dev outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Admin bootstrap: these accounts become admins when they sign in. */
  adminEmails: string[];
  adminTelegramIds: number[];
  /** The spec's two allow-listed accounts (Personal/Store switch, shop management, wholesale link). */
  allowlistEmails: string[];
  /** The one user who may Set homeicon. */
  homeIconUserId: number | null;
  /** The bot's @username without the @: referral links shared in Telegram open the mini-app through it. */
  botUsername: string | null;
  /** Orders one customer may hold open (N or P) at once: one customer cannot empty the shops. */
  maxOpenOrders: number;
  /** Writes one session (or one address without a session) may make a minute. */
  writesPerMinute: number;
  /** Sign-in calls one client address may make a minute. */
  signInsPerMinute: number;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty trusts none. */
  trustProxy: string[];
  /** Whole percent of what a referred customer pays in money that their referrer earns in bonus. */
  referralRatePercent: number;
  /** Hours between the backups the running store takes of itself (DATA_DIR/backups); null takes none. */
  backupIntervalHours: number | null;
  /** Backups kept in DATA_DIR/backups: each new one deletes those older than the last this many. */
  backupKeep: number;
  /**
   * Seconds a stopping process goes on serving while /api/ready already answers 503 (SHUTDOWN_DRAIN_SECONDS),
   * so that a proxy's health check takes it out of rotation before it stops accepting; 0 stops at once.
   */
  shutdownDrainSeconds: number;
  /** The folder of pg_dump and pg_restore for backups on PostgreSQL (PG_BIN); null looks them up on PATH. */
  pgBin: string | null;
  /** A TON indexer in TON Center v3's shape (…/api/v3); null turns the chain watcher off (managers confirm by hand). */
  tonApiUrl: string | null;
  /** Sent as X-API-Key to the indexer. */
  tonApiKey: string | null;
  /** Which chain shop wallets and payments are on. */
  tonNetwork: TonNetwork;
  /** Seconds between the watcher's looks at the chain. */
  tonPollSeconds: number;
  /** An option's shelf at a pickup shop at or below this tells the admins (once per crossing). */
  lowStockThreshold: number;
  /** The wholesale store's address, linked from the cabinet of shop owners and allow-listed accounts; null: no link. */
  wholesaleUrl: string | null;
  /** The bearer token GET /metrics asks for; null turns /metrics off (a 404 like any unknown path). */
  metricsToken: string | null;
  /** A unit of work whose own run takes longer than this many milliseconds is logged (warn) with its name. */
  slowQueryMs: number;
  /** Broadcast messages handed to Telegram per second at most, across every worker (issue 25). */
  broadcastPerSecond: number;
  /** Seconds at least between two broadcast messages to one chat. */
  broadcastChatGapSeconds: number;
  // ---- g-live ----
  /** Milliseconds between two heartbeats of an open event stream (LIVE_HEARTBEAT_MS, default 25 s; tests shorten it). */
  liveHeartbeatMs: number;
  /** Seconds between two runs of the pickup hold clock in a process running jobs (HOLD_CHECK_SECONDS, default 30). */
  holdCheckSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem is one line (what a process manager shows of a failed start); several are a list.
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === "" ? undefined : value;
  };

  const nodeEnv = read("NODE_ENV") ?? "development";
  if (!["development", "production", "test"].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }

  const port = parseInteger(read("PORT") ?? "3000");
  if (port === null || port < 0 || port > 65535) problems.push(`PORT must be a port number 0-65535 (got "${read("PORT")}")`);

  const host = read("HOST") ?? "0.0.0.0";

  const dataDir = resolve(cwd, read("DATA_DIR") ?? "./data");
  const uploadsDir = resolve(cwd, read("UPLOADS_DIR") ?? resolve(dataDir, "uploads"));

  const databaseUrl = read("DATABASE_URL") ?? null;
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) {
    problems.push(
      `DATABASE_URL must be a postgres:// or postgresql:// URL (got "${withoutPassword(databaseUrl)}"); ` +
        "unset it to run on SQLite in DATA_DIR",
    );
  }

  const publicUrlRaw = read("PUBLIC_URL") ?? `http://localhost:${port ?? 3000}`;
  if (!isHttpUrl(publicUrlRaw)) problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrlRaw}")`);

  const logLevel = read("LOG_LEVEL") ?? (nodeEnv === "test" ? "silent" : "info");
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevel}")`);
  }

  const seedRaw = read("SEED_DEMO") ?? (nodeEnv === "production" ? "false" : "true");
  const seedDemo = parseBoolean(seedRaw);
  if (seedDemo === null) problems.push(`SEED_DEMO must be true or false (got "${seedRaw}")`);

  const botToken = read("BOT_TOKEN") ?? null;
  if (botToken !== null && !/^\d+:[A-Za-z0-9_-]{20,}$/.test(botToken)) {
    problems.push("BOT_TOKEN must look like 123456:ABC-DEF… (the token @BotFather gives)");
  }

  const botMode = read("BOT_MODE") ?? "polling";
  if (!["polling", "webhook", "off"].includes(botMode)) problems.push(`BOT_MODE must be polling, webhook or off (got "${botMode}")`);
  const telegramApiRoot = read("TELEGRAM_API_ROOT") ?? "https://api.telegram.org";
  if (!isHttpUrl(telegramApiRoot)) problems.push(`TELEGRAM_API_ROOT must be an http(s) URL (got "${telegramApiRoot}")`);
  const botWebhookSecret = read("BOT_WEBHOOK_SECRET") ?? null;
  // Telegram's own rule for secret_token.
  if (botWebhookSecret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(botWebhookSecret)) {
    problems.push("BOT_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -");
  }
  if (botMode === "webhook" && botWebhookSecret === null) problems.push("BOT_WEBHOOK_SECRET is required when BOT_MODE is webhook");

  const maxAge = parseInteger(read("INIT_DATA_MAX_AGE") ?? "86400");
  if (maxAge === null || maxAge < 1)
    problems.push(`INIT_DATA_MAX_AGE must be a positive number of seconds (got "${read("INIT_DATA_MAX_AGE")}")`);

  const smtpUrl = read("SMTP_URL") ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) problems.push("SMTP_URL must start with smtp:// or smtps://");
  if (smtpUrl === null && nodeEnv === "production") {
    problems.push("SMTP_URL is required in production: one-time codes must go out by mail");
  }
  const mailFrom = read("MAIL_FROM") ?? "Koh Samui Store <no-reply@localhost>";

  const adminEmails = parseEmails("ADMIN_EMAILS", read("ADMIN_EMAILS"), problems);
  const allowlistEmails = parseEmails("ALLOWLIST_EMAILS", read("ALLOWLIST_EMAILS"), problems);
  const adminTelegramIds = (read("ADMIN_TELEGRAM_IDS") ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      const id = parseInteger(v);
      if (id === null) problems.push(`ADMIN_TELEGRAM_IDS must be comma-separated Telegram user ids (got "${v}")`);
      return id ?? 0;
    });
  const homeIconRaw = read("HOME_ICON_USER_ID");
  const homeIconUserId = homeIconRaw === undefined ? null : parseInteger(homeIconRaw);
  if (homeIconRaw !== undefined && homeIconUserId === null) problems.push(`HOME_ICON_USER_ID must be a user id (got "${homeIconRaw}")`);

  const positive = (name: string, fallback: number): number => {
    const raw = read(name) ?? String(fallback);
    const value = parseInteger(raw);
    if (value === null || value < 1) problems.push(`${name} must be a positive whole number (got "${raw}")`);
    return value ?? fallback;
  };
  const maxOpenOrders = positive("MAX_OPEN_ORDERS", 3);
  const writesPerMinute = positive("RATE_LIMIT_WRITES_PER_MINUTE", 60);
  const signInsPerMinute = positive("RATE_LIMIT_SIGNINS_PER_MINUTE", 30);
  const trustProxy = (read("TRUST_PROXY") ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of trustProxy) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))
      problems.push(`TRUST_PROXY must be comma-separated proxy addresses or CIDR ranges (got "${entry}")`);
  }

  const botUsername = read("BOT_USERNAME")?.replace(/^@/, "") ?? null;
  if (botUsername !== null && !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(botUsername))
    problems.push(`BOT_USERNAME must be a Telegram bot username (got "${botUsername}")`);

  const rateRaw = read("REFERRAL_RATE_PERCENT") ?? String(REFERRAL_RATE_PERCENT_DEFAULT);
  const referralRatePercent = parseInteger(rateRaw);
  if (referralRatePercent === null || referralRatePercent > 100)
    problems.push(`REFERRAL_RATE_PERCENT must be a whole percent 0-100 (got "${rateRaw}")`);

  const intervalRaw = read("BACKUP_INTERVAL_HOURS");
  const backupIntervalHours = intervalRaw === undefined ? null : /^\d+(\.\d+)?$/.test(intervalRaw) ? Number(intervalRaw) : NaN;
  // A week at most: Node's timers cannot wait much longer than 24 days, and rarer backups lose too much.
  if (backupIntervalHours !== null && !(backupIntervalHours > 0 && backupIntervalHours <= 168)) {
    problems.push(`BACKUP_INTERVAL_HOURS must be a number of hours above 0 and at most 168 (got "${intervalRaw}")`);
  }
  const drainRaw = read("SHUTDOWN_DRAIN_SECONDS") ?? "0";
  const shutdownDrainSeconds = parseInteger(drainRaw);
  if (shutdownDrainSeconds === null || shutdownDrainSeconds < 0 || shutdownDrainSeconds > 5) {
    problems.push(`SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds, 0 to 5 (got "${drainRaw}")`);
  }

  const keepRaw = read("BACKUP_KEEP") ?? "7";
  const backupKeep = parseInteger(keepRaw);
  if (backupKeep === null || backupKeep < 1) problems.push(`BACKUP_KEEP must be a whole number of backups, at least 1 (got "${keepRaw}")`);

  const pgBinRaw = read("PG_BIN");

  const tonApiUrl = read("TON_API_URL")?.replace(/\/+$/, "") ?? null;
  if (tonApiUrl !== null && !isHttpUrl(tonApiUrl)) problems.push(`TON_API_URL must be an http(s) URL (got "${tonApiUrl}")`);
  const tonNetwork = read("TON_NETWORK") ?? "mainnet";
  if (!TON_NETWORKS.includes(tonNetwork as TonNetwork))
    problems.push(`TON_NETWORK must be ${TON_NETWORKS.join(" or ")} (got "${tonNetwork}")`);
  const tonPollSeconds = positive("TON_POLL_SECONDS", 10);
  const broadcastPerSecond = positive("BROADCAST_PER_SECOND", 25);
  if (broadcastPerSecond > 30) problems.push(`BROADCAST_PER_SECOND must be 30 or less: Telegram's own limit (got ${broadcastPerSecond})`);
  const broadcastChatGapSeconds = positive("BROADCAST_CHAT_GAP_SECONDS", 1);
  // ---- g-live ----
  const liveHeartbeatMs = positive("LIVE_HEARTBEAT_MS", LIVE_HEARTBEAT_MS);
  const holdCheckSeconds = positive("HOLD_CHECK_SECONDS", 30);

  const lowStockRaw = read("LOW_STOCK_THRESHOLD") ?? String(LOW_STOCK_THRESHOLD_DEFAULT);
  const lowStockThreshold = parseInteger(lowStockRaw);
  if (lowStockThreshold === null || lowStockThreshold > 100_000)
    problems.push(`LOW_STOCK_THRESHOLD must be a whole number of items, 0 or more (got "${lowStockRaw}")`);
  const wholesaleUrl = read("WHOLESALE_URL") ?? null;
  if (wholesaleUrl !== null && !isHttpUrl(wholesaleUrl)) problems.push(`WHOLESALE_URL must be an http(s) URL (got "${wholesaleUrl}")`);

  const metricsToken = read("METRICS_TOKEN") ?? null;
  // A token a scraper sends in a header: long enough not to be guessed, and nothing a header cannot carry.
  if (metricsToken !== null && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    problems.push("METRICS_TOKEN must be 16-256 visible ASCII characters without spaces (e.g. openssl rand -hex 32)");
  }
  const slowQueryMs = positive("SLOW_QUERY_MS", 200);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: nodeEnv as Config["env"],
    host,
    port: port!,
    dataDir,
    uploadsDir,
    databaseFile: resolve(dataDir, "store.sqlite"),
    databaseUrl,
    publicUrl: publicUrlRaw.replace(/\/+$/, ""),
    logLevel: logLevel as Config["logLevel"],
    seedDemo: seedDemo!,
    webappDir: resolve(cwd, env.WEBAPP_DIR?.trim() || "webapp/dist"),
    botToken,
    botMode: botMode as Config["botMode"],
    telegramApiRoot: telegramApiRoot.replace(/\/+$/, ""),
    botWebhookSecret,
    initDataMaxAgeS: maxAge!,
    smtpUrl,
    mailFrom,
    adminEmails,
    adminTelegramIds,
    allowlistEmails,
    homeIconUserId,
    botUsername,
    maxOpenOrders,
    writesPerMinute,
    signInsPerMinute,
    trustProxy,
    referralRatePercent: referralRatePercent!,
    backupIntervalHours,
    backupKeep: backupKeep!,
    shutdownDrainSeconds: shutdownDrainSeconds!,
    pgBin: pgBinRaw === undefined ? null : resolve(cwd, pgBinRaw),
    tonApiUrl,
    tonApiKey: read("TON_API_KEY") ?? null,
    tonNetwork: tonNetwork as Config["tonNetwork"],
    tonPollSeconds,
    lowStockThreshold: lowStockThreshold!,
    wholesaleUrl,
    metricsToken,
    slowQueryMs,
    broadcastPerSecond,
    broadcastChatGapSeconds,
    // ---- g-live ----
    liveHeartbeatMs,
    holdCheckSeconds,
  };
}

function parseInteger(raw: string): number | null {
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The same e-mail rule as sign-in (server/domain/auth.ts), so a configured address is one that can sign in. */
function parseEmails(name: string, raw: string | undefined, problems: string[]): string[] {
  return (raw ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)
    .map((email) => {
      try {
        return normaliseEmail(email);
      } catch {
        problems.push(`${name} must be comma-separated e-mail addresses (got "${email}")`);
        return email;
      }
    });
}

function parseBoolean(raw: string): boolean | null {
  if (["true", "1", "yes"].includes(raw.toLowerCase())) return true;
  if (["false", "0", "no"].includes(raw.toLowerCase())) return false;
  return null;
}

/** A URL with one of these schemes (`"https:"`); anything that does not parse is none. */
function hasScheme(raw: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

const isPostgresUrl = (raw: string) => hasScheme(raw, ["postgres:", "postgresql:"]);
const isHttpUrl = (raw: string) => hasScheme(raw, ["http:", "https:"]);

/** A connection string as it may be shown in a message or a log: its password replaced by stars. */
export function withoutPassword(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    return url.href;
  } catch {
    // Not a URL: whatever sits between "//user:" and "@" may still be a password.
    return raw.replace(/(\/\/[^/:@]*:)[^@/]*@/, "$1***@");
  }
}

