/**
 * The bot's /addstock picker (server/services/adminProducts.ts `pickerPage`), on SQLite and, in the postgres
 * project, on PostgreSQL: it reads one numbered page of the products not deleted (inactive ones too), in the
 * admin list's order, or of those whose name holds what the admin typed, with how many there are in all; it
 * never reads the whole catalogue to show one page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rm } from "node:fs/promises";
import type { DB } from "../../../db/connection";
import { loadConfig } from "../../../server/config";
import { createLogger } from "../../../server/log";
import { createServices } from "../../../server/services/index";
import { makeTempDir, testDatabase, UNLIMITED } from "../../helpers/app";

let db: DB;
let dataDir: string;
let services: ReturnType<typeof createServices>;
const PER_PAGE = 8;

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await testDatabase(true);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...UNLIMITED });
  services = createServices(config, { db, log: createLogger(config), clock: () => Date.parse("2026-11-27T08:00:00Z") });
});

afterAll(async () => {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every page of the picker, in order, until one comes back empty. */
async function walk(q?: string) {
  const pages = [];
  for (let page = 0; ; page++) {
    const found = await services.adminProducts.pickerPage({ page, perPage: PER_PAGE, ...(q === undefined ? {} : { q }) });
    if (found.products.length === 0) return { pages, total: found.total };
    pages.push(found);
  }
}

describe("the /addstock picker", () => {
  it("pages the live products in the admin list's order, each page at most a page long, with the count of all of them", async () => {
    const live = await db.selectFrom("products").select("id").where("is_deleted", "=", 0).execute();
    const { pages, total } = await walk();
    expect(total).toBe(live.length);
    expect(pages.length).toBe(Math.ceil(live.length / PER_PAGE));
    for (const page of pages) {
      expect(page.total).toBe(live.length);
      expect(page.products.length).toBeLessThanOrEqual(PER_PAGE);
    }
    const listed = (await services.adminProducts.list({ limit: 100 })).products.filter((p) => p.is_deleted === "0").map((p) => p.id);
    expect(pages.flatMap((p) => p.products.map((x) => x.id))).toEqual(listed);
  });

  it("leaves a deleted product out and keeps an inactive one in", async () => {
    const [first, second] = (await services.adminProducts.pickerPage({ page: 0, perPage: PER_PAGE })).products;
    await services.adminProducts.remove(first!.id);
    await services.adminProducts.setActive(second!.id, false);
    const { pages, total } = await walk();
    const ids = pages.flatMap((p) => p.products.map((x) => x.id));
    expect(ids).not.toContain(first!.id);
    expect(ids).toContain(second!.id);
    expect(total).toBe(ids.length);
  });

  it("narrows to the names that hold the typed text, in any case; a page past the end is empty", async () => {
    const jack = await services.adminProducts.pickerPage({ page: 0, perPage: PER_PAGE, q: "JACK h" });
    expect(jack.total).toBe(1);
    expect(jack.products.map((p) => p.name)).toEqual(["Jack Herer"]);
    const none = await services.adminProducts.pickerPage({ page: 0, perPage: PER_PAGE, q: "no such product" });
    expect(none).toEqual({ products: [], total: 0 });
    const past = await services.adminProducts.pickerPage({ page: 1000, perPage: PER_PAGE });
    expect(past.products).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });
});
