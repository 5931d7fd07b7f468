import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection";
import { migrateToLatest, openDatabase } from "../../db/connection";
import { readCatalogVersion } from "../../db/repositories/catalog";
import { insertExtraOption } from "../../db/repositories/products";
import { seedDemo } from "../../db/seed/demo";
import { productIdsByName, shopIdsByName, testDatabase } from "../helpers/app";

// The same violation in each engine's words: SQLite's, then PostgreSQL's.
const CHECK_VIOLATION = /CHECK constraint failed|violates check constraint/;
const FOREIGN_KEY_VIOLATION = /FOREIGN KEY constraint failed|violates foreign key constraint/;

describe("migrations", () => {
  it("create every table of the product on an empty database, once", async () => {
    const db = openDatabase(":memory:");
    const applied = await migrateToLatest(db);
    expect(applied.slice(0, 4)).toEqual([
      "20261121T100000_initial",
      "20261123T090000_handover",
      "20261123T100000_referrals",
      "20261123T120000_backoffice",
    ]);
    expect(applied).toEqual([...applied].sort());
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
    expect(tables).toEqual(
      [
        "bonus_ledger",
        "bot_conversations",
        "broadcast_deliveries",
        "broadcast_pace",
        "broadcasts",
        "change_counters",
        "login_codes",
        "order_events",
        "order_lines",
        "orders",
        "outbox",
        "product_images",
        "product_options",
        "products",
        "promo_shops",
        "promo_uses",
        "promos",
        "referral_views",
        "referrals",
        "sessions",
        "settings",
        "shop_staff",
        "shops",
        "bonus_totals",
        "stats_days",
        "stats_product_days",
        "stats_product_months",
        "stats_managers",
        "stats_products",
        "stock",
        "stock_history",
        "ton_quotes",
        "ton_transfers",
        "users",
        "wishlist",
      ].sort(),
    );
    await db.destroy();
  });
});

describe("the demo database", () => {
  let db: DB;
  beforeEach(async () => {
    db = await testDatabase();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("has the warehouse as shop 1 and at least three pickup shops in Koh Samui districts", async () => {
    const shops = await db.selectFrom("shops").select(["id", "name", "district", "city_id"]).orderBy("id").execute();
    expect(shops[0]).toMatchObject({ id: 1, name: "Central Warehouse" });
    expect(shops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(shops.slice(1).map((s) => s.district)).size).toBe(shops.length - 1);
    expect(shops.every((s) => s.city_id === 1)).toBe(true);
  });

  it("has at least 12 products over all five categories, with options, hot deals, hidden, inactive", async () => {
    const products = await db.selectFrom("products").selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((p) => p.category_id))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(products.filter((p) => p.hot_deal === 1).length).toBeGreaterThanOrEqual(2);
    expect(products.some((p) => p.in_all_list === 0)).toBe(true);
    expect(products.some((p) => p.is_inactive === 1)).toBe(true);
    const withOptions = await db
      .selectFrom("product_options")
      .select("product_id")
      .where("option_id", ">", 0)
      .distinct()
      .execute();
    expect(withOptions.length).toBeGreaterThanOrEqual(3);
  });

  it("stocks shops differently", async () => {
    const shops = await shopIdsByName(db);
    const { "Blue Dream": blueDream } = await productIdsByName(db);
    const amounts = await db
      .selectFrom("stock")
      .select(["shop_id", "amount"])
      .where("product_id", "=", blueDream!)
      .where("option_id", "=", 0)
      .execute();
    expect(new Set(amounts.map((a) => a.amount)).size).toBe(amounts.length);
    expect(amounts.find((a) => a.shop_id === shops["Central Warehouse"])?.amount).toBeGreaterThan(0);
  });

  it("is seeded only once: a second seed changes nothing", async () => {
    const before = await db.selectFrom("products").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(await seedDemo(db, { uploadsDir: null })).toBe(false);
    const after = await db.selectFrom("products").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("never lets stock go negative", async () => {
    const row = await db.selectFrom("stock").selectAll().where("amount", ">", 0).executeTakeFirstOrThrow();
    await expect(
      db
        .updateTable("stock")
        .set({ amount: sql`amount - ${row.amount + 1}` })
        .where("shop_id", "=", row.shop_id)
        .where("product_id", "=", row.product_id)
        .where("option_id", "=", row.option_id)
        .execute(),
    ).rejects.toThrow(CHECK_VIOLATION);
    const same = await db
      .selectFrom("stock")
      .select("amount")
      .where("shop_id", "=", row.shop_id)
      .where("product_id", "=", row.product_id)
      .where("option_id", "=", row.option_id)
      .executeTakeFirstOrThrow();
    expect(same.amount).toBe(row.amount);
  });

  it("enforces foreign keys: no stock for an option that does not exist", async () => {
    await expect(db.insertInto("stock").values({ shop_id: 2, product_id: 1, option_id: 999, amount: 1 }).execute()).rejects.toThrow(
      FOREIGN_KEY_VIOLATION,
    );
  });

  it("gives extra options ids unique across products", async () => {
    const ids = await productIdsByName(db);
    const a = await insertExtraOption(db, ids["Gelato #41"]!, { per_price: 1, cost_price: 1, price_text: "", gift_text: "" });
    const b = await insertExtraOption(db, ids["Glass Bubbler Pipe"]!, { per_price: 1, cost_price: 1, price_text: "", gift_text: "" });
    expect(b).toBe(a + 1);
    const all = await db.selectFrom("product_options").select("option_id").where("option_id", ">", 0).execute();
    expect(new Set(all.map((o) => o.option_id)).size).toBe(all.length);
  });

  it("moves the catalogue version on stock and wishlist changes, not on unrelated order edits", async () => {
    const v0 = await readCatalogVersion(db);
    await db.updateTable("stock").set({ amount: 7 }).where("shop_id", "=", 2).execute();
    const v1 = await readCatalogVersion(db);
    expect(v1).toBeGreaterThan(v0);

    const { id: userId } = await db
      .insertInto("users")
      .values({ email: "a@b.c", reflink: "abc" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("wishlist").values({ user_id: userId, product_id: 1 }).execute();
    const v2 = await readCatalogVersion(db);
    expect(v2).toBeGreaterThan(v1);

    const { id: orderId } = await db
      .insertInto("orders")
      .values({ user_id: userId, shop_id: 2, status: "N", total_price: 1, discounted_price: 1, total_cost_price: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("orders").set({ status: "W" }).where("id", "=", orderId).execute();
    expect(await readCatalogVersion(db)).toBe(v2);
    await db.updateTable("orders").set({ status: "S" }).where("id", "=", orderId).execute();
    expect(await readCatalogVersion(db)).toBeGreaterThan(v2);
  });
  it("keeps each referral's completed orders and income on its row, whoever writes the orders and the ledger", async () => {
    const user = async (reflink: string) =>
      (await db.insertInto("users").values({ email: `${reflink}@b.c`, reflink }).returning("id").executeTakeFirstOrThrow()).id;
    const partner = await user("partner1");
    const buyer = await user("buyer1");
    const order = async (status: "N" | "S") =>
      (
        await db
          .insertInto("orders")
          .values({ user_id: buyer, shop_id: 2, status, total_price: 100, discounted_price: 100, total_cost_price: 50 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    // An order completed and an income earned before the referral existed (a seed, an import): counted at insert.
    const early = await order("S");
    const income = (order_id: number, amount: number) =>
      db.insertInto("bonus_ledger").values({ user_id: partner, type: "income", amount, order_id, source_user_id: buyer }).execute();
    await income(early, 3);
    await db.insertInto("referrals").values({ user_id: buyer, partner_id: partner }).execute();
    const figures = async () => {
      const row = await db.selectFrom("referrals").select(["orders_done", "income"]).where("user_id", "=", buyer).executeTakeFirstOrThrow();
      return { orders: Number(row.orders_done), income: Number(row.income) };
    };
    expect(await figures()).toEqual({ orders: 1, income: 3 });

    const open = await order("N");
    expect(await figures()).toEqual({ orders: 1, income: 3 });
    await db.updateTable("orders").set({ status: "S" }).where("id", "=", open).execute();
    await income(open, 5);
    // Another user's entry, and an expense of the partner, move nothing.
    await db.insertInto("bonus_ledger").values({ user_id: partner, type: "exp", amount: 2, order_id: open }).execute();
    expect(await figures()).toEqual({ orders: 2, income: 8 });

    await db.updateTable("orders").set({ status: "C" }).where("id", "=", early).execute();
    await db.deleteFrom("bonus_ledger").where("order_id", "=", early).where("type", "=", "income").execute();
    expect(await figures()).toEqual({ orders: 1, income: 5 });
    await db.deleteFrom("bonus_ledger").where("order_id", "=", open).execute();
    await db.deleteFrom("orders").where("id", "=", open).execute();
    expect(await figures()).toEqual({ orders: 0, income: 0 });
  });
});
