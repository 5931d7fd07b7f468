/** Starts the store: configuration, database, demo seed on an empty database, HTTP; stops gracefully. */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { migrateToLatest, openDatabase } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { ConfigError, loadConfig, type Config } from "./config";
import { buildApp } from "./http/app";
import { createHoldJobs } from "./jobs/holds";
import { createLinkSigner } from "./services/links";
import { createOrders } from "./services/orders";

export async function start(config: Config) {
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  const seeded = config.seedDemo && (await seedDemo(db, { uploadsDir: join(config.dataDir, "uploads") }));

  const app = await buildApp(config, { db });
  if (seeded) app.log.info("the database was empty: the demo catalogue was added");
  await app.listen({ host: config.host, port: config.port });
  const holds = createHoldJobs({ orders: createOrders({ db, clock: Date.now, links: createLinkSigner(db) }), log: app.log });
  holds.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await holds.stop();
    await app.close();
    await db.destroy();
  };
  return { app, db, stop };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const { app, stop } = await start(config);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`\n  Store is running: http://localhost:${port}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

// Run directly (`tsx server/main.ts`) as well as through scripts/start.ts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
