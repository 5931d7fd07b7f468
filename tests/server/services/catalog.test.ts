/**
 * How fresh the catalogue is (server/services/catalog.ts): a change made through this process shows on the
 * next call; a change made by another process (the bot, another instance, the admin CLI) within about a
 * second, since the version is read at most once a second while this process commits nothing.
 */
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, openPostgres, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { createCatalog, VERSION_FRESH_MS } from "../../../server/services/catalog";
import { makeTempDir, ON_POSTGRES, postgresTestDatabaseUrl, productIdsByName } from "../../helpers/app";

let db: DB;
/** Another process's connection to the same database: it renames a product. */
let other: { rename(id: number, name: string): Promise<void>; close(): Promise<void> };

beforeEach(async () => {
  if (ON_POSTGRES) {
    const url = await postgresTestDatabaseUrl();
    db = openPostgres(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    other = {
      rename: async (id, name) => void (await client.query("update products set name = $1 where id = $2", [name, id])),
      close: () => client.end(),
    };
  } else {
    const file = join(await makeTempDir("catalog-"), "store.sqlite");
    db = openDatabase(file);
    const sqlite = new SQLite(file);
    sqlite.pragma("busy_timeout = 5000");
    other = {
      rename: async (id, name) => void sqlite.prepare("update products set name = ? where id = ?").run(name, id),
      close: async () => void sqlite.close(),
    };
  }
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
});
afterEach(async () => {
  await other.close();
  await db.destroy();
});

const nameOf = async (catalog: ReturnType<typeof createCatalog>, id: number) => (await catalog.getProduct(id)).product.name;

describe("the catalogue's freshness", () => {
  it("shows a change made through this process's database at once", async () => {
    const catalog = createCatalog({ db });
    const id = (await productIdsByName(db))["Blue Dream"]!;
    expect(await nameOf(catalog, id)).toBe("Blue Dream");
    await db.updateTable("products").set({ name: "Blue Dream XL" }).where("id", "=", id).execute();
    expect(await nameOf(catalog, id)).toBe("Blue Dream XL");
  });

  it("shows a change made by another process within about a second", async () => {
    const catalog = createCatalog({ db });
    const id = (await productIdsByName(db))["Blue Dream"]!;
    expect(await nameOf(catalog, id)).toBe("Blue Dream");
    const changedAt = performance.now();
    await other.rename(id, "Blue Dream (other process)");
    let name = await nameOf(catalog, id);
    while (name === "Blue Dream" && performance.now() - changedAt < 5 * VERSION_FRESH_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      name = await nameOf(catalog, id);
    }
    expect(name).toBe("Blue Dream (other process)");
    expect(performance.now() - changedAt).toBeLessThan(VERSION_FRESH_MS + 500);
  });
});
