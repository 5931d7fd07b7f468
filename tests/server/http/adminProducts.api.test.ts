/**
 * The admin's products over real HTTP on a real SQLite database (issue 12 "Products and options", "Server",
 * "Images"): create with two photos (WebP files on disk, a small card, EXIF gone), the spec's validation
 * messages, update of only the fields sent, activate / disable as customers see it, soft delete, options,
 * image removal and order, and every route refused to visitors, customers and managers with nothing changed.
 */
import { readFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../../server/domain/contracts/adminProducts";
import type { ProductListItem } from "../../../server/domain/contracts/catalog";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { injectFailure } from "../../helpers/injectedFailure";
import { multipartBody, type MultipartFilePart } from "../../helpers/multipart";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const ADMIN_TG = 1000;
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures", name));
const JPEG = (field = "file-0"): MultipartFilePart => ({
  field,
  buffer: fixture("photo.jpg"),
  filename: "photo.jpg",
  contentType: "image/jpeg",
});
const PNG = (field = "file-1"): MultipartFilePart => ({
  field,
  buffer: fixture("photo.png"),
  filename: "photo.png",
  contentType: "image/png",
});

const FIELDS: Record<string, string> = {
  name: "Samui Sunrise",
  description: "Bright and citrusy",
  full_description: "Grown on the island.\nHand trimmed.",
  per_price: "650",
  cost_price: "400",
  instock: "12",
  gift_text: "free grinder",
  label: "Sativa",
  price_text: "1 g",
  hot_deal: "1",
  category_id: "1",
};

let store: TestStore;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let customer: { token: string; userId: number };

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  manager = await signInCustomer(store.app, 2001, "Mali");
  customer = await signInCustomer(store.app, 3001, "Alice");
  const grant = await store.app.inject({
    method: "POST",
    url: `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`,
    headers: bearer(admin.token),
    payload: { telegram_id: 2001, role: "manager" },
  });
  expect(grant.statusCode).toBe(200);
  return () => store.close();
});

function send(
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string>,
  files: MultipartFilePart[],
  token: string | null = admin.token,
) {
  const { payload, headers } = multipartBody(fields, files);
  return store.app.inject({ method, url, headers: { ...headers, ...(token ? bearer(token) : {}) }, payload });
}

function call(method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object, token: string | null = admin.token) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function createProduct(fields = FIELDS, files = [JPEG(), PNG()]): Promise<AdminProduct> {
  const res = await send("POST", "/api/admin/products", fields, files);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe("Product was successfuly uploaded");
  return res.json().product;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

const productDir = (id: number) => join(store.dataDir, "uploads", "product", String(id));
const customerList = async (): Promise<ProductListItem[]> => (await call("GET", "/api/products", undefined, null)).json().products;
const adminProduct = async (id: number): Promise<AdminProduct> =>
  (await call("GET", "/api/admin/products")).json().products.find((p: AdminProduct) => p.id === id);

/** Puts stock at a pickup shop, as the stock screens will (a customer sees only what a pickup shop holds). */
async function stockAtChaweng(productId: number, optionId: number, amount: number) {
  await store.db
    .insertInto("stock")
    .values({ shop_id: shops["Chaweng Beach Store"]!, product_id: productId, option_id: optionId, amount })
    .execute();
}

describe("create", () => {
  it("stores two photos as WebP (a small card, a large ≤ 1600 px, EXIF gone) and the form as the spec's product", async () => {
    const product = await createProduct();
    expect(product).toMatchObject({
      name: "Samui Sunrise",
      description: "Bright and citrusy",
      full_description: "Grown on the island.\nHand trimmed.",
      per_price: 650,
      cost_price: 400,
      price_text: "1 g",
      gift_text: "free grinder",
      label: "Sativa",
      hot_deal: "1",
      category_id: 1,
      position: 999,
      in_all_list: "1",
      is_inactive: "0",
      is_deleted: "0",
      default_option: "0",
      instock: 12,
    });
    expect(product.options).toEqual([
      expect.objectContaining({
        id: 0,
        per_price: 650,
        cost_price: 400,
        instock: 12,
        stock: [{ shop_id: shops["Central Warehouse"], amount: 12 }],
        is_default: true,
      }),
    ]);

    // The warehouse got the stock, with its audit row naming the admin.
    const history = await store.db.selectFrom("stock_history").selectAll().where("product_id", "=", product.id).execute();
    expect(history).toEqual([
      expect.objectContaining({
        shop_id: shops["Central Warehouse"],
        option_id: 0,
        delta: 12,
        amount_after: 12,
        reason: "added",
        actor_user_id: admin.userId,
      }),
    ]);

    expect(product.images).toHaveLength(2);
    const folder = productDir(product.id);
    const expected = product.images.flatMap((i) => [join(folder, i.filename), join(folder, i.card_filename!)]).sort();
    expect(await filesUnder(join(store.dataDir, "uploads"))).toEqual(expected);
    for (const image of product.images) {
      expect(image.filename).toMatch(/^[A-Za-z0-9_-]+\.webp$/);
      expect(image.filename).not.toContain("photo");
      const large = await sharp(join(folder, image.filename)).metadata();
      const card = await sharp(join(folder, image.card_filename!)).metadata();
      expect(large.format).toBe("webp");
      expect(card.format).toBe("webp");
      expect(Math.max(large.width!, large.height!)).toBeLessThanOrEqual(1600);
      expect(card.width).toBeLessThanOrEqual(480);
      expect(large.exif).toBeUndefined();
      expect(card.exif).toBeUndefined();
    }
    // The JPEG is 1200×900 with EXIF orientation 6 (turned a quarter): it is stored upright, 900×1200.
    const [photo] = product.images;
    const upright = await sharp(join(folder, photo!.filename)).metadata();
    expect([upright.width, upright.height]).toEqual([900, 1200]);
    expect((await stat(join(folder, photo!.card_filename!))).size).toBeLessThanOrEqual(40 * 1024);

    // Served with long cache headers and the WebP type.
    const served = await store.app.inject({ method: "GET", url: `/assets/product/${product.id}/${photo!.card_filename}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toContain("max-age=2592000");
  });

  it("shows the card file to customers once a pickup shop holds it, and the admin list has it too", async () => {
    const product = await createProduct();
    expect((await customerList()).map((p) => p.id)).not.toContain(product.id);
    await stockAtChaweng(product.id, 0, 4);
    const listed = (await customerList()).find((p) => p.id === product.id);
    expect(listed?.images.map((i) => i.card_filename)).toEqual(product.images.map((i) => i.card_filename));
    expect(listed?.images[0]?.card_filename).toMatch(/-card\.webp$/);
    // Seeded pictures have no card file.
    const seeded = (await customerList()).find((p) => p.id !== product.id);
    expect(seeded?.images[0]?.card_filename).toBeNull();
    const all = (await call("GET", "/api/admin/products")).json().products as AdminProduct[];
    expect(all.find((p) => p.id === product.id)?.options[0]?.stock).toEqual([
      { shop_id: shops["Central Warehouse"], amount: 12 },
      { shop_id: shops["Chaweng Beach Store"], amount: 4 },
    ]);
  });

  it("puts the stock on the pickup shop the form names, with its audit row, and customers see it at once", async () => {
    const product = await createProduct({ ...FIELDS, shop_id: String(shops["Lamai Night Market"]) });
    expect(product.options[0]?.stock).toEqual([{ shop_id: shops["Lamai Night Market"], amount: 12 }]);
    const history = await store.db.selectFrom("stock_history").selectAll().where("product_id", "=", product.id).execute();
    expect(history.map((row) => [row.shop_id, row.option_id, row.delta, row.amount_after, row.reason, row.actor_user_id])).toEqual([
      [shops["Lamai Night Market"], 0, 12, 12, "added", admin.userId],
    ]);
    expect((await customerList()).find((p) => p.id === product.id)?.stock).toEqual({ [shops["Lamai Night Market"]!]: { 0: 12 } });
    // A blank shop_id is the warehouse, as when it is absent.
    const blank = await createProduct({ ...FIELDS, name: "Samui Sunset", shop_id: "" });
    expect(blank.options[0]?.stock).toEqual([{ shop_id: shops["Central Warehouse"], amount: 12 }]);
  });

  it("refuses an unknown or deleted shop (404) and a shop_id that is not a number (400), making nothing", async () => {
    const deleted = await call("DELETE", `/api/admin/shops/${shops["Nathon Pier"]}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const before = Object.keys(await productIdsByName(store.db)).length;
    for (const [shopId, status, body] of [
      ["4242", 404, { error: "SHOP_NOT_FOUND", message: "Shop 4242 not found" }],
      [String(shops["Nathon Pier"]), 404, { error: "SHOP_NOT_FOUND", message: `Shop ${shops["Nathon Pier"]} not found` }],
      ["two", 400, { error: "VALIDATION_ERROR", message: "Incorrect shop_id" }],
      ["0", 400, { error: "VALIDATION_ERROR", message: "Incorrect shop_id" }],
    ] as const) {
      const res = await send("POST", "/api/admin/products", { ...FIELDS, shop_id: shopId }, [JPEG()]);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect(Object.keys(await productIdsByName(store.db))).toHaveLength(before);
    expect(await filesUnder(join(store.dataDir, "uploads"))).toEqual([]);
    expect(await store.db.selectFrom("stock_history").selectAll().where("delta", "=", 12).execute()).toEqual([]);
  });

  it("takes position and in_all_list when given, and a WebP picture", async () => {
    const webp = { field: "file-0", buffer: fixture("photo.webp"), filename: "x.webp", contentType: "image/webp" };
    const product = await createProduct({ ...FIELDS, position: "3", in_all_list: "0", hot_deal: "0", category_id: "5" }, [webp]);
    expect(product).toMatchObject({ position: 3, in_all_list: "0", hot_deal: "0", category_id: 5 });
    expect(product.images).toHaveLength(1);
    const large = await sharp(join(productDir(product.id), product.images[0]!.filename)).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 600, 400]);
  });

  const without = (name: string) => Object.fromEntries(Object.entries(FIELDS).filter(([key]) => key !== name));
  const cases: Array<[string, Record<string, string>, string]> = [
    ["no name", without("name"), "Set name"],
    ["a blank name", { ...FIELDS, name: "   " }, "Set name"],
    ["no description", without("description"), "Set description"],
    ["a text price", { ...FIELDS, per_price: "cheap" }, "Incorrect Per Price"],
    ["a negative price", { ...FIELDS, per_price: "-650" }, "Incorrect Per Price"],
    ["a fractional price", { ...FIELDS, per_price: "650.5" }, "Incorrect Per Price"],
    ["an exponent price", { ...FIELDS, per_price: "1e3" }, "Incorrect Per Price"],
    ["a text cost", { ...FIELDS, cost_price: "four hundred" }, "Incorrect Cost"],
    ["a negative cost", { ...FIELDS, cost_price: "-1" }, "Incorrect Cost"],
    ["a negative stock", { ...FIELDS, instock: "-3" }, "Incorrect instock"],
    ["a fractional stock", { ...FIELDS, instock: "2.5" }, "Incorrect instock"],
    ["no instock", without("instock"), "Incorrect instock"],
    ["no gift_text", { ...FIELDS, gift_text: "" }, "Set gift_text"],
    ["no label", without("label"), "Set label"],
    ["no price_text", { ...FIELDS, price_text: "" }, "Set price_text"],
    ["a hot_deal of 2", { ...FIELDS, hot_deal: "2" }, "Set hot_deal"],
    ["no hot_deal", without("hot_deal"), "Set hot_deal"],
    ["an unknown category", { ...FIELDS, category_id: "9" }, "Set category_id"],
    ["no category", without("category_id"), "Set category_id"],
    ["a missing name before a text price (the spec's order)", { ...without("name"), per_price: "x" }, "Set name"],
    ["a text price before a negative stock", { ...FIELDS, per_price: "x", instock: "-1" }, "Incorrect Per Price"],
    ["a position of 0", { ...FIELDS, position: "0" }, "position must be a whole number from 1 to 1000000"],
    ["a name with a control character", { ...FIELDS, name: "Bad\u0007name" }, "name must be one line of plain text"],
    ["a description too long", { ...FIELDS, full_description: "a".repeat(5001) }, "full_description is too long (at most 5000 characters)"],
  ];
  it.each(cases)("refuses %s with the spec's message, making nothing", async (_what, fields, message) => {
    const before = Object.keys(await productIdsByName(store.db)).length;
    const res = await send("POST", "/api/admin/products", fields, [JPEG()]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message });
    expect(Object.keys(await productIdsByName(store.db))).toHaveLength(before);
    expect(await filesUnder(join(store.dataDir, "uploads"))).toEqual([]);
  });

  it("refuses a product without an image", async () => {
    const res = await send("POST", "/api/admin/products", FIELDS, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Add at least one image");
  });
});

describe("update", () => {
  it("changes only the fields sent, adds new images after the old ones, and sets the warehouse stock with an audit row", async () => {
    const product = await createProduct();
    const res = await send(
      "PUT",
      `/api/admin/products/${product.id}`,
      { product_id: String(product.id), name: "Samui Sunset", per_price: "700", instock: "20" },
      [JPEG("file-0")],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Product was successfuly updated");
    const updated: AdminProduct = res.json().product;
    expect(updated).toMatchObject({
      name: "Samui Sunset",
      per_price: 700,
      description: product.description,
      full_description: product.full_description,
      cost_price: 400,
      gift_text: "free grinder",
      label: "Sativa",
      hot_deal: "1",
      position: 999,
      instock: 20,
    });
    expect(updated.images.slice(0, 2)).toEqual(product.images);
    expect(updated.images).toHaveLength(3);
    expect(await filesUnder(productDir(product.id))).toHaveLength(6);
    const history = await store.db
      .selectFrom("stock_history")
      .select(["delta", "amount_after"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(history).toEqual([
      { delta: 12, amount_after: 12 },
      { delta: 8, amount_after: 20 },
    ]);
  });

  it("lowers the warehouse stock to the form's instock with a negative 'added' row", async () => {
    const product = await createProduct();
    const res = await send("PUT", `/api/admin/products/${product.id}`, { instock: "5" }, []);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.instock).toBe(5);
    const history = await store.db
      .selectFrom("stock_history")
      .select(["delta", "amount_after", "reason"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(history).toEqual([
      { delta: 12, amount_after: 12, reason: "added" },
      { delta: -7, amount_after: 5, reason: "added" },
    ]);
    // The same count again changes nothing and writes no row.
    expect((await send("PUT", `/api/admin/products/${product.id}`, { instock: "5" }, [])).statusCode).toBe(200);
    expect(await store.db.selectFrom("stock_history").select("id").where("product_id", "=", product.id).execute()).toHaveLength(2);
  });

  it("removes the new pictures and changes nothing when the update cannot be saved (500)", async () => {
    const product = await createProduct();
    const files = await filesUnder(productDir(product.id));
    // A real failure inside the update's unit, after the new pictures were written.
    const removeFault = await injectFailure(store.db, { table: "product_images", on: "insert", message: "injected" });
    try {
      const res = await send("PUT", `/api/admin/products/${product.id}`, { name: "Samui Sunset", instock: "20" }, [JPEG("file-0")]);
      expect(res.statusCode).toBe(500);
    } finally {
      await removeFault();
    }
    expect(await filesUnder(productDir(product.id))).toEqual(files);
    expect(await adminProduct(product.id)).toMatchObject({ name: "Samui Sunrise", instock: 12, images: product.images });
    expect(await store.db.selectFrom("stock_history").select("id").where("product_id", "=", product.id).execute()).toHaveLength(1);
  });

  it("needs no image when the product keeps its own", async () => {
    const product = await createProduct();
    const res = await send("PUT", `/api/admin/products/${product.id}`, { label: "Citrus" }, []);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.label).toBe("Citrus");
    expect(res.json().product.images).toEqual(product.images);
  });

  it("refuses a product_id that is not a number, and wrong values, changing nothing", async () => {
    const product = await createProduct();
    for (const [fields, message] of [
      [{ product_id: "abc", name: "X" }, "Incorrect product_id"],
      [{ product_id: String(product.id + 1), name: "X" }, "Incorrect product_id"],
      [{ name: "" }, "Set name"],
      [{ per_price: "-1" }, "Incorrect Per Price"],
      [{ cost_price: "1.5" }, "Incorrect Cost"],
      [{ instock: "many" }, "Incorrect instock"],
      [{ instock: "5", shop_id: "2" }, "shop_id is for a new product only: add stock to a shop with Add stock"],
    ] as const) {
      const res = await send("PUT", `/api/admin/products/${product.id}`, fields, [PNG("file-0")]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await adminProduct(product.id)).toEqual(product);
    expect(await filesUnder(productDir(product.id))).toHaveLength(4);
  });

  it("answers 404 for a product that does not exist", async () => {
    const res = await send("PUT", "/api/admin/products/99999", { name: "X" }, []);
    expect(res.statusCode).toBe(404);
  });
});

describe("active, inactive and deleted", () => {
  it("a disabled product leaves the customer's list, an activated one comes back", async () => {
    const product = await createProduct();
    await stockAtChaweng(product.id, 0, 5);
    expect((await customerList()).map((p) => p.id)).toContain(product.id);

    const off = await call("PUT", `/api/admin/products/${product.id}/active`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe("Product Disabled");
    expect(off.json().product.is_inactive).toBe("1");
    expect((await customerList()).map((p) => p.id)).not.toContain(product.id);
    expect((await call("GET", `/api/products/${product.id}`, undefined, null)).statusCode).toBe(404);
    expect((await adminProduct(product.id)).is_inactive).toBe("1");

    const on = await call("PUT", `/api/admin/products/${product.id}/active`, { active: true });
    expect(on.json().message).toBe("Product activated");
    expect((await customerList()).map((p) => p.id)).toContain(product.id);

    expect((await call("PUT", `/api/admin/products/${product.id}/active`, { active: "yes" })).statusCode).toBe(400);
  });

  it("a deleted product stays in the admin list and in the orders that hold it", async () => {
    const product = await createProduct();
    await stockAtChaweng(product.id, 0, 5);
    const placed = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": "admin-products-delete-1" },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: product.id, option_id: 0, amount: 2 }],
        delivery_option: 1,
        payment_option: 1,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id;

    const res = await call("DELETE", `/api/admin/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Product was deleted");
    expect((await adminProduct(product.id)).is_deleted).toBe("1");
    expect((await customerList()).map((p) => p.id)).not.toContain(product.id);
    const order = await call("GET", `/api/orders/${orderId}`, undefined, customer.token);
    expect(order.statusCode).toBe(200);
    expect(order.json().order.products.map((l: { product_id: number }) => l.product_id)).toEqual([product.id]);
    // A deleted product no longer changes.
    expect((await call("PUT", `/api/admin/products/${product.id}/active`, { active: true })).statusCode).toBe(409);
  });

  it("lists every product, inactive and deleted too, filtered by category", async () => {
    const seeded = Object.keys(await productIdsByName(store.db)).length;
    const product = await createProduct({ ...FIELDS, category_id: "3" });
    await call("DELETE", `/api/admin/products/${product.id}`);
    const all = (await call("GET", "/api/admin/products")).json().products as AdminProduct[];
    expect(all).toHaveLength(seeded + 1);
    const hybrids = (await call("GET", "/api/admin/products?category=3")).json().products as AdminProduct[];
    expect(hybrids.every((p) => p.category_id === 3)).toBe(true);
    expect(hybrids.map((p) => p.id)).toContain(product.id);
    expect((await call("GET", "/api/admin/products?category=8")).statusCode).toBe(400);
  });
});

describe("options", () => {
  it("sets a sale on the base option, shown by the catalogue; refuses one not below the list price or ending in the past", async () => {
    const product = await createProduct();
    await stockAtChaweng(product.id, 0, 5);
    const sale = (body: object) => call("PUT", `/api/admin/products/${product.id}/options/0/sale`, body);
    for (const [body, field] of [
      [{ sale_price: 650 }, "sale_price"],
      [{ sale_price: 700 }, "sale_price"],
      [{ sale_price: 520, sale_ends_at: "2020-01-01T00:00:00+07:00" }, "sale_ends_at"],
      [{ sale_price: 520, sale_ends_at: "tomorrow" }, "sale_ends_at"],
      [{ sale_price: 5.5 }, "sale_price"],
      [{ sale_price: -5 }, "sale_price"],
      [{ sale_price: 0 }, "sale_price"],
    ] as const) {
      const res = await sale(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(field);
    }
    expect((await call("GET", `/api/products/${product.id}`, undefined, null)).json().product.sale_price).toBeNull();

    const ok = await sale({ sale_price: 520, sale_ends_at: "2099-01-01T00:00:00+07:00" });
    expect(ok.statusCode).toBe(200);
    const shown = (await call("GET", `/api/products/${product.id}`, undefined, null)).json().product;
    expect([shown.per_price, shown.sale_price]).toEqual([650, 520]);

    expect((await sale({ sale_price: null })).statusCode).toBe(200);
    expect((await call("GET", `/api/products/${product.id}`, undefined, null)).json().product.sale_price).toBeNull();
  });

  it("the product form refuses a sale price above the list price, negative, fractional or ending in the past, naming it", async () => {
    const before = (await call("GET", "/api/admin/products")).json().products.length;
    for (const [sale, field] of [
      [{ sale_price: "700" }, "sale_price"],
      [{ sale_price: "650" }, "sale_price"],
      [{ sale_price: "-5" }, "sale_price"],
      [{ sale_price: "5.5" }, "sale_price"],
      [{ sale_price: "520", sale_ends_at: "2020-01-01T00:00:00+07:00" }, "sale_ends_at"],
    ] as const) {
      const res = await send("POST", "/api/admin/products", { ...FIELDS, ...sale }, [JPEG()]);
      expect(res.statusCode, JSON.stringify(sale)).toBe(400);
      expect(res.json().message, JSON.stringify(sale)).toContain(field);
    }
    expect((await call("GET", "/api/admin/products")).json().products.length).toBe(before);
    const product = await createProduct({ ...FIELDS, sale_price: "520", sale_ends_at: "2099-01-01T00:00:00+07:00" });
    const changed = await send("PUT", `/api/admin/products/${product.id}`, { sale_price: "-1" }, []);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toContain("sale_price");
    expect((await call("GET", `/api/products/${product.id}`, undefined, null)).json().product.sale_price).toBe(520);
  });

  it("creates, sets default, refuses to delete option 0 or the default, deletes another", async () => {
    const product = await createProduct();
    await stockAtChaweng(product.id, 0, 5);
    const maxBefore = (
      await store.db
        .selectFrom("product_options")
        .select((eb) => eb.fn.max("option_id").as("m"))
        .executeTakeFirstOrThrow()
    ).m as number;

    const created = await call("POST", `/api/admin/products/${product.id}/options`, {
      per_price: 1200,
      cost_price: 700,
      price_text: "2 g",
      gift_text: "",
      amount: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe("Product option was succesfuly created");
    const option = created.json().option;
    expect(option).toMatchObject({ per_price: 1200, cost_price: 700, price_text: "2 g", instock: 6, is_default: false, is_deleted: "0" });
    // Option ids are unique across products.
    expect(option.id).toBe(maxBefore + 1);
    const history = await store.db.selectFrom("stock_history").selectAll().where("option_id", "=", option.id).execute();
    expect(history).toEqual([
      expect.objectContaining({ shop_id: shops["Central Warehouse"], delta: 6, reason: "added", actor_user_id: admin.userId }),
    ]);

    const base = await call("DELETE", `/api/admin/products/${product.id}/options/0`);
    expect(base.statusCode).toBe(409);
    expect(base.json().message).toBe("Cannot delete Default product option. Please set new default option and then delete");

    const def = await call("PUT", `/api/admin/products/${product.id}/default-option`, { option_id: option.id });
    expect(def.statusCode).toBe(200);
    expect(def.json().message).toBe("Default option was changed");
    expect(def.json().product.default_option).toBe(String(option.id));

    const refused = await call("DELETE", `/api/admin/products/${product.id}/options/${option.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Cannot delete Default product option. Please set new default option and then delete");

    await stockAtChaweng(product.id, option.id, 3);
    const listed = (await customerList()).find((p) => p.id === product.id)!;
    expect(Object.keys(listed.options ?? {})).toEqual([String(option.id)]);

    await call("PUT", `/api/admin/products/${product.id}/default-option`, { option_id: 0 });
    const deleted = await call("DELETE", `/api/admin/products/${product.id}/options/${option.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe("Option was deleted");
    expect(deleted.json().product.options.find((o: { id: number }) => o.id === option.id).is_deleted).toBe("1");
    expect((await customerList()).find((p) => p.id === product.id)!.options).toBeNull();
    // Gone twice is not found; an option of another product is not this one's.
    expect((await call("DELETE", `/api/admin/products/${product.id}/options/${option.id}`)).statusCode).toBe(404);
    expect((await call("PUT", `/api/admin/products/${product.id}/default-option`, { option_id: option.id })).statusCode).toBe(404);
  });

  it("refuses an option with a text, negative or fractional price, or texts the shared text rule refuses", async () => {
    const product = await createProduct();
    for (const body of [
      { per_price: "1200", cost_price: 700, price_text: "2 g" },
      { per_price: -1, cost_price: 700, price_text: "2 g" },
      { per_price: 1200, cost_price: 1.5, price_text: "2 g" },
      { per_price: 1200, cost_price: 700, price_text: "2 g", amount: -4 },
    ]) {
      const res = await call("POST", `/api/admin/products/${product.id}/options`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const [body, message] of [
      [{ per_price: 1200, cost_price: 700, price_text: "2\u0007g" }, "price_text must be one line of plain text"],
      [{ per_price: 1200, cost_price: 700, price_text: "2 g", gift_text: "free\ngrinder" }, "gift_text must be one line of plain text"],
      [{ per_price: 1200, cost_price: 700, price_text: "g".repeat(201) }, "price_text must NOT have more than 200 characters"],
    ] as const) {
      const res = await call("POST", `/api/admin/products/${product.id}/options`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message });
    }
    expect((await adminProduct(product.id)).options).toHaveLength(1);
  });
});

describe("images", () => {
  it("removes an image with its files, refuses to remove the last one, and reorders", async () => {
    const product = await createProduct();
    const [first, second] = product.images;
    const folder = productDir(product.id);

    const reordered = await call("PUT", `/api/admin/products/${product.id}/images/order`, { image_ids: [second!.id, first!.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().product.images.map((i: { id: number }) => i.id)).toEqual([second!.id, first!.id]);
    for (const image_ids of [[second!.id], [first!.id, first!.id], [first!.id, second!.id, 999]]) {
      expect((await call("PUT", `/api/admin/products/${product.id}/images/order`, { image_ids })).statusCode).toBe(400);
    }

    const removed = await call("DELETE", `/api/admin/products/${product.id}/images/${first!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().product.images.map((i: { id: number }) => i.id)).toEqual([second!.id]);
    expect(await filesUnder(folder)).toEqual([join(folder, second!.filename), join(folder, second!.card_filename!)].sort());

    const last = await call("DELETE", `/api/admin/products/${product.id}/images/${second!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe("A product needs at least one image: add another before removing this one.");
    expect(await filesUnder(folder)).toHaveLength(2);
    expect((await call("DELETE", `/api/admin/products/${product.id}/images/${first!.id}`)).statusCode).toBe(404);
  });
});

describe("only admins", () => {
  it("refuses every route to visitors (401), customers and managers (403), changing nothing", async () => {
    const product = await createProduct();
    const before = { list: (await call("GET", "/api/admin/products")).json(), files: await filesUnder(join(store.dataDir, "uploads")) };
    const id = product.id;
    const imageId = product.images[0]!.id;
    const json: Array<["GET" | "PUT" | "POST" | "DELETE", string, object?]> = [
      ["GET", "/api/admin/products"],
      ["PUT", `/api/admin/products/${id}/active`, { active: false }],
      ["DELETE", `/api/admin/products/${id}`],
      ["DELETE", `/api/admin/products/${id}/images/${imageId}`],
      ["PUT", `/api/admin/products/${id}/images/order`, { image_ids: product.images.map((i) => i.id).reverse() }],
      ["POST", `/api/admin/products/${id}/options`, { per_price: 1, cost_price: 1, price_text: "x" }],
      ["DELETE", `/api/admin/products/${id}/options/0`],
      ["PUT", `/api/admin/products/${id}/default-option`, { option_id: 0 }],
      ["PUT", `/api/admin/products/${id}/options/0/sale`, { sale_price: 1 }],
    ];
    for (const [token, status, message] of [
      [null, 401, "Please log in first."],
      [customer.token, 403, "Отказано в доступе."],
      [manager.token, 403, "Отказано в доступе."],
    ] as const) {
      for (const [method, url, body] of json) {
        const res = await call(method, url, body, token);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json().message).toBe(message);
      }
      for (const [method, url] of [
        ["POST", "/api/admin/products"],
        ["PUT", `/api/admin/products/${id}`],
      ] as const) {
        const res = await send(method, url, { ...FIELDS, name: "Hijacked" }, [JPEG()], token);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json().message).toBe(message);
      }
    }
    expect((await call("GET", "/api/admin/products")).json()).toEqual(before.list);
    expect(await filesUnder(join(store.dataDir, "uploads"))).toEqual(before.files);
  });
});

describe("rate limit", () => {
  it("counts the admin's product writes like every other /api write", async () => {
    const limited = await makeTestStore({
      env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG), RATE_LIMIT_WRITES_PER_MINUTE: "2" },
    });
    try {
      const boss = await signInCustomer(limited.app, ADMIN_TG, "Boss");
      const id = Object.values(await productIdsByName(limited.db))[0]!;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: "PUT",
          url: `/api/admin/products/${id}/active`,
          headers: bearer(boss.token),
          payload: { active: i % 2 === 1 },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
