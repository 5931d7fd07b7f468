/**
 * How fresh the catalogue is (server/services/catalog.ts): a change made through this process shows on the
 * next call; a change made by another process (the bot, another instance, the admin CLI) within about a
 * second, since the version is read at most once a second while this process commits nothing.
 */
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "../../../db/connection";
import { seedDemo } from "../../../db/seed/demo";
import { createCatalog, VERSION_FRESH_MS } from "../../../server/services/catalog";
import { makeTempDir, productIdsByName } from "../../helpers/app";

let file: string;
let db: DB;
let other: SQLite.Database;

beforeEach(async () => {
  file = join(await makeTempDir("catalog-"), "store.sqlite");
  db = openDatabase(file);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: null });
  other = new SQLite(file);
  other.pragma("busy_timeout = 5000");
});
afterEach(async () => {
  other.close();
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
    other.prepare("update products set name = 'Blue Dream (other process)' where id = ?").run(id);
    let name = await nameOf(catalog, id);
    while (name === "Blue Dream" && performance.now() - changedAt < 5 * VERSION_FRESH_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      name = await nameOf(catalog, id);
    }
    expect(name).toBe("Blue Dream (other process)");
    expect(performance.now() - changedAt).toBeLessThan(VERSION_FRESH_MS + 500);
  });
});
