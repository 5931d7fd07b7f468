/** `npm run seed`: adds the demo catalogue to the store's database (DATA_DIR or DATABASE_URL) if it is empty; says so if not. */
import { join } from "node:path";
import { migrateToLatest, openStore } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { databaseName, loadConfigOrExit } from "./cli";

const config = loadConfigOrExit();
const db = openStore(config);
try {
  await migrateToLatest(db);
  const seeded = await seedDemo(db, { uploadsDir: join(config.dataDir, "uploads") });
  console.log(seeded ? `Demo catalogue added to ${databaseName(config)}` : `${databaseName(config)} is not empty: nothing added`);
} finally {
  await db.destroy();
}
