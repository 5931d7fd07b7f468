/**
 * The store as its own process, as an operator or a process manager runs it: `tsx server/main.ts` on a
 * temporary DATA_DIR seeded with the demo shop, spoken to over HTTP only. For what only a real process
 * shows (signals, exit codes, other processes on the same files); tests/helpers/server.ts runs the store
 * inside the test process instead.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll } from "vitest";
import { migrateToLatest, openDatabase } from "../../db/connection";
import { seedDemo } from "../../db/seed/demo";
import { makeTempDir, productIdsByName, shopIdsByName } from "./app";
import { signedInAs, telegramSignInRequest, TEST_BOT_TOKEN } from "./session";
import { sendOverHttp } from "./storeRequest";

/** Every stock row of a seeded DATA_DIR holds this much, so that placements under load never run out. */
export const SEEDED_STOCK = 1_000_000;

export interface SeededDataDir {
  dataDir: string;
  /** The demo shop "Chaweng Beach Store" and its product "Blue Dream": what load tests place. */
  shopId: number;
  productId: number;
}

export interface StoreExit {
  code: number | null;
  /** performance.now() when the process exited. */
  at: number;
}

export interface StoreProcess {
  base: string;
  port: number;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  exited: Promise<StoreExit>;
  /** SIGTERM, as a process manager stops it; resolves once it exited. */
  stop(): Promise<StoreExit>;
  /** Another signal, e.g. SIGKILL for a crash; resolves once it exited. */
  kill(signal: NodeJS.Signals): Promise<StoreExit>;
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Limits that would turn a load test into a limits test are lifted (names as server/config.ts reads them);
 * `env` adds to or overrides this, e.g. LOG_LEVEL=info for tests that read the log.
 */
function storeEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_MODE: "off",
    MAX_OPEN_ORDERS: "1000000",
    RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
    RATE_LIMIT_SIGNINS_PER_MINUTE: "1000000",
    ...env,
  };
}

/**
 * A test file's store processes and temporary folders. Registers its own afterAll; call it once at the top.
 * After the file, stores still running are killed with SIGKILL (a failed test must not leave one holding
 * its port and its DATA_DIR's lock) and every folder made here is removed.
 */
export function useStoreProcesses() {
  const tempDirs: string[] = [];
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A temporary folder, removed after the file. */
  async function tempDir(prefix: string): Promise<string> {
    const dir = await makeTempDir(prefix);
    tempDirs.push(dir);
    return dir;
  }

  return {
    tempDir,

    /** A DATA_DIR with the demo shop (with `pictures`, in uploads/ too) and SEEDED_STOCK of everything. */
    async seededDataDir({ prefix, pictures = false }: { prefix: string; pictures?: boolean }): Promise<SeededDataDir> {
      const dataDir = await tempDir(prefix);
      const db = openDatabase(join(dataDir, "store.sqlite"));
      await migrateToLatest(db);
      await seedDemo(db, { uploadsDir: pictures ? join(dataDir, "uploads") : null });
      await db.updateTable("stock").set({ amount: SEEDED_STOCK }).execute();
      const shopId = (await shopIdsByName(db))["Chaweng Beach Store"]!;
      const productId = (await productIdsByName(db))["Blue Dream"]!;
      await db.destroy();
      return { dataDir, shopId, productId };
    },

    /**
     * `tsx server/main.ts`, as `npm start` runs it after the build, or another entry such as
     * `scripts/start-api.ts` (`npm run start:api`); resolves once it prints its address.
     */
    async startStoreProcess(dataDir: string, env: Record<string, string> = {}, { script = "server/main.ts" } = {}): Promise<StoreProcess> {
      const child = spawn(process.execPath, ["--import", "tsx", script], {
        env: storeEnv(dataDir, env),
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      // "close", not "exit": the exit can be seen before the last of its output has been read from the pipes.
      const exited = new Promise<StoreExit>((resolve) => child.once("close", (code) => resolve({ code, at: performance.now() })));
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on("data", () => {
          const match = /Store is running: http:\/\/localhost:(\d+)/.exec(output);
          if (match) resolve(Number(match[1]));
        });
        void exited.then(({ code }) => reject(new Error(`the store exited (${code}) before it listened:\n${output}`)));
      });
      return {
        base: `http://127.0.0.1:${port}`,
        port,
        output: () => output,
        exited,
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
        kill: (signal) => {
          child.kill(signal);
          return exited;
        },
      };
    },

    /**
     * `npx tsx scripts/NAME.ts ARGS` with the store's environment for `dataDir` (and `env`): its exit code and
     * what it printed. It runs to its end, so nothing is left to clean up.
     */
    runScript(name: string, dataDir: string, args: string[] = [], env: Record<string, string> = {}): Promise<ScriptRun> {
      const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
        env: storeEnv(dataDir, env),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      // Once its pipes have closed: at "exit" the last of its output (a refusal's message) may still be unread.
      return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
    },
  };
}

/** Signs a Telegram customer in over HTTP, as the mini-app does; returns the bearer token. */
export async function signIn(base: string, telegramId: number): Promise<string> {
  return signedInAs(await sendOverHttp(base, telegramSignInRequest(telegramId, "Loader"))).token;
}
