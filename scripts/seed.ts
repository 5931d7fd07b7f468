/** `npm run seed`: adds the demo catalogue to the database in DATA_DIR if it is empty; says so if not. */
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { loadConfig } from "../server/config";

const config = loadConfig(process.env);
const db = openDatabase(config.databaseFile);
try {
  await migrateToLatest(db);
  const seeded = await seedDemo(db, { uploadsDir: join(config.dataDir, "uploads") });
  console.log(seeded ? `Demo catalogue added to ${config.databaseFile}` : `${config.databaseFile} is not empty: nothing added`);
} finally {
  await db.destroy();
}
