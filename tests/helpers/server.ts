/** The whole store as `npm start` runs it, on a free port and a temporary data directory. */
import { rm } from "node:fs/promises";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { makeTempDir, UNLIMITED } from "./app";

/** `env` adds configuration, e.g. { SMTP_URL, BOT_TOKEN, ADMIN_EMAILS }. */
export async function startStore(env: Record<string, string> = {}) {
  // The mini-app in webapp/dist was built once for the whole run (tests/setup/buildWebapp.ts).
  const dataDir = await makeTempDir("store-e2e-");
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    ...UNLIMITED,
    ...(process.env.WEBAPP_DIR ? { WEBAPP_DIR: process.env.WEBAPP_DIR } : {}),
    ...env,
  });
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
