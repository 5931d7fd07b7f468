/**
 * Configuration, read once from the environment at start and validated. Nothing else reads process.env.
 * A value that does not parse stops the start with a message naming the variable.
 */
import { resolve } from "node:path";

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  /** The SQLite file inside dataDir, or ":memory:" (tests). */
  databaseFile: string;
  publicUrl: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Fill an empty database with the demo catalogue at start. */
  seedDemo: boolean;
  /** Where the built mini-app lives; null serves no webapp (API-only tests). */
  webappDir: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
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

  if (read("DATABASE_URL") !== undefined) {
    problems.push("DATABASE_URL is set, but this build runs on the embedded SQLite only: unset DATABASE_URL");
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

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: nodeEnv as Config["env"],
    host,
    port: port!,
    dataDir,
    databaseFile: resolve(dataDir, "store.sqlite"),
    publicUrl: publicUrlRaw.replace(/\/+$/, ""),
    logLevel: logLevel as Config["logLevel"],
    seedDemo: seedDemo!,
    webappDir: resolve(cwd, "webapp/dist"),
  };
}

function parseInteger(raw: string): number | null {
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

function parseBoolean(raw: string): boolean | null {
  if (["true", "1", "yes"].includes(raw.toLowerCase())) return true;
  if (["false", "0", "no"].includes(raw.toLowerCase())) return false;
  return null;
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
