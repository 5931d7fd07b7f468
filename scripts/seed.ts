/** `npm run seed`: adds the demo catalogue to the store's database (DATA_DIR or DATABASE_URL) if it is empty; says so if not. */
import { migrateToLatest, openStore } from "../db/connection";
import { seedDemo } from "../db/seed/demo";
import { databaseName, loadConfigOrExit } from "./cli";

const config = loadConfigOrExit();
const db = openStore(config);
try {
  await migrateToLatest(db);
  const seeded = await seedDemo(db, { uploadsDir: config.uploadsDir });
  console.log(seeded ? `Demo catalogue added to ${databaseName(config)}` : `${databaseName(config)} is not empty: nothing added`);
} finally {
  await db.destroy();
}
