/**
 * The whole store as `npm start` runs it (server/main.ts `start`: API, worker and bot in one process) with its bot
 * talking to the fake Bot API on loopback, made anew for each test of the file that calls this.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach } from "vitest";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { makeTempDir } from "./app";
import { startFakeBotApi, type FakeBotApi } from "./fakeBotApi";
import { TEST_BOT_TOKEN } from "./session";

export interface StoreWithBot {
  fake: FakeBotApi;
  store: Awaited<ReturnType<typeof start>>;
  /** The store's own address, e.g. http://127.0.0.1:41234. */
  base: string;
}

/** Call at the top of a test file; read the fields inside tests (they are set before each one). */
export function useStoreWithBot(tempPrefix: string, env: Record<string, string> = {}): StoreWithBot {
  const current = {} as StoreWithBot;
  let dataDir = "";
  beforeEach(async () => {
    current.fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    dataDir = await makeTempDir(tempPrefix);
    current.store = await start(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        HOST: "127.0.0.1",
        PORT: "0",
        PUBLIC_URL: "https://shop.example",
        BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: current.fake.apiRoot,
        ...env,
      }),
    );
    const address = current.store.app.server.address();
    current.base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterEach(async () => {
    await current.store.stop("test");
    await current.fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return current;
}
