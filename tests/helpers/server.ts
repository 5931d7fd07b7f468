/** The whole store as `npm start` runs it, on a free port and a temporary data directory. */
import { rm } from "node:fs/promises";
import { build } from "vite";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { makeTempDir } from "./app";

let built: Promise<unknown> | null = null;

/** Builds the mini-app once per test process, exactly as `npm run build` does. */
export function buildWebapp(): Promise<unknown> {
  built ??= build({ configFile: "webapp/vite.config.ts", logLevel: "error" });
  return built;
}

/** `env` adds configuration, e.g. { SMTP_URL, BOT_TOKEN, ADMIN_EMAILS }. */
export async function startStore(env: Record<string, string> = {}) {
  await buildWebapp();
  const dataDir = await makeTempDir("store-e2e-");
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", ...env });
  const running = await start(config);
  const address = running.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    db: running.db,
    async stop() {
      await running.stop("test");
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
