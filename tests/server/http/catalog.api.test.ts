import { Value } from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedStock } from "../../../server/domain/catalog";
import {
  ProductListResponse,
  ProductResponse,
  ShopListResponse,
  type Product,
  type ProductListItem,
} from "../../../server/domain/contracts/catalog";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";

let store: TestStore;
let ids: Record<string, number>;
let shops: Record<string, number>;

beforeAll(async () => {
  store = await makeTestStore();
  ids = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
});
afterAll(async () => {
  await store.close();
});

async function list(query = ""): Promise<ProductListItem[]> {
  const res = await store.app.inject({ method: "GET", url: `/api/products${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(Value.Check(ProductListResponse, body)).toBe(true);
  return body.products;
}

const names = (products: ProductListItem[]) => products.map((p) => p.name);

describe("GET /api/products", () => {
  it("lists only active, in-stock products, never inactive, deleted or warehouse-only ones", async () => {
    const all = names(await list());
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all).not.toContain("Wedding Cake"); // inactive
    expect(all).not.toContain("Old Season Sampler"); // deleted
    expect(all).not.toContain("Green Crack"); // only the warehouse holds it
  });

  it("hides in_all_list 0 from All but shows it in its category", async () => {
    expect(names(await list())).not.toContain("Bubba Kush");
    const indica = await list("?category=2");
    expect(names(indica)).toContain("Bubba Kush");
    expect(indica.every((p) => p.category_id === 2)).toBe(true);
  });

  it("lists hot deals under category -1", async () => {
    const hot = await list("?category=-1");
    expect(hot.length).toBeGreaterThanOrEqual(3);
    expect(hot.every((p) => p.hot_deal === "1")).toBe(true);
    expect(names(hot)).toContain("Durban Poison");
  });

  it("orders by position, lower first, then newest", async () => {
    const all = await list();
    const rows = await store.db.selectFrom("products").select(["id", "position", "created_at"]).execute();
    const row = new Map(rows.map((r) => [r.id, r]));
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [row.get(all[i - 1]!.id)!, row.get(all[i]!.id)!];
      expect(a.position < b.position || (a.position === b.position && a.created_at >= b.created_at)).toBe(true);
    }
    expect(all[0]!.name).toBe("Durban Poison"); // position 5
  });

  it("with stock_id shows only what that shop holds, with that shop's figures", async () => {
    const lamai = await list(`?stock_id=${shops["Lamai Night Market"]}`);
    expect(names(lamai)).toContain("Mango Sticky Gummies");
    expect(names(lamai)).not.toContain("Durban Poison"); // Chaweng and Nathon only
    const jack = lamai.find((p) => p.name === "Jack Herer")!;
    expect(listedStock(jack.stock, "0", shops["Lamai Night Market"]!)).toBe(12);
    const [sevenGrams] = Object.entries(jack.options ?? {}).find(([, o]) => o.price_text === "7 g")!;
    expect(listedStock(jack.stock, sevenGrams, shops["Lamai Night Market"]!)).toBe(0);
    // Every shop holding it is still there: the card's 'shops holding it' counts them, whatever shop is chosen.
    expect(jack.stock[String(shops["Chaweng Beach Store"])]).toMatchObject({ 0: 25 });
  });

  it("treats stock_id 1 (the warehouse, the spec's default) as every pickup shop", async () => {
    expect(names(await list("?stock_id=1"))).toEqual(names(await list()));
  });

  it("sums stock over pickup shops only, never the warehouse", async () => {
    const jack = (await list()).find((p) => p.name === "Jack Herer")!;
    expect(listedStock(jack.stock, "0", null)).toBe(25 + 12 + 8);
    expect(Object.keys(jack.stock)).not.toContain(String(shops["Central Warehouse"]));
  });

  it("sends of a product what a card shows, and the product page the rest", async () => {
    const jack = (await list()).find((p) => p.name === "Jack Herer")!;
    expect(Object.keys(jack).sort()).toEqual(
      [
        "id",
        "name",
        "description",
        "per_price",
        "sale_price",
        "sale_ends_at",
        "gift_text",
        "label",
        "price_text",
        "hot_deal",
        "category_id",
        "images",
        "options",
        "default_option",
        "stats",
        "stock",
      ].sort(),
    );
    for (const image of jack.images) expect(Object.keys(image).sort()).toEqual(["card_filename", "filename", "id"]);
    const { product } = (await store.app.inject({ method: "GET", url: `/api/products/${jack.id}` })).json() as { product: Product };
    // The same picture in the same order, the same options and prices; the page's stock per shop is the list's.
    expect(jack.images.map((i) => i.filename)).toEqual(product.images.map((i) => i.filename));
    expect(Object.keys(jack.options!)).toEqual(Object.keys(product.options!));
    expect(product.instock).toBe(listedStock(jack.stock, "0", null));
    const pageStock = Object.fromEntries(
      product.shop_list.map((s) => [s.store_id, Object.fromEntries(Object.entries(s.options).map(([k, v]) => [k.slice(4), v.amount]))]),
    );
    expect(pageStock).toEqual(jack.stock);
    expect(product.full_description).not.toBe("");
  });

  it.each([
    ["?category=abc", "category must be an integer"],
    ["?category=1.5", "category must be an integer"],
    ["?stock_id=chaweng", "stock_id must be an integer"],
    ["?category=9", "category must be one of 0, -1, 1, 2, 3, 5, 4"],
  ])("answers %s with a 400 naming the parameter", async (query, message) => {
    const res = await store.app.inject({ method: "GET", url: `/api/products${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message });
  });

  it("answers an unknown or deleted shop with a 404", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/products?stock_id=999" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "SHOP_NOT_FOUND", message: "Shop 999 not found" });
  });
});

describe("ETag and 304 on the polled listing", () => {
  it("answers a repeated poll with a bodyless 304, and a fresh 200 once the stock changes", async () => {
    const first = await store.app.inject({ method: "GET", url: "/api/products" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");

    const again = await store.app.inject({ method: "GET", url: "/api/products", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await store.db
      .updateTable("stock")
      .set({ amount: 1 })
      .where("shop_id", "=", shops["Chaweng Beach Store"]!)
      .where("product_id", "=", ids["Jack Herer"]!)
      .where("option_id", "=", 0)
      .execute();
    const changed = await store.app.inject({ method: "GET", url: "/api/products", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const jack = (changed.json() as ProductListResponse).products.find((p) => p.name === "Jack Herer")!;
    expect(listedStock(jack.stock, "0", null)).toBe(1 + 12 + 8);
  });

  it("gives different filters different tags", async () => {
    const all = await store.app.inject({ method: "GET", url: "/api/products" });
    const hot = await store.app.inject({
      method: "GET",
      url: "/api/products?category=-1",
      headers: { "if-none-match": all.headers.etag as string },
    });
    expect(hot.statusCode).toBe(200);
  });
});

describe("GET /api/products/:id", () => {
  it("answers the product with options keyed by id, images and its shop list without the warehouse", async () => {
    const res = await store.app.inject({ method: "GET", url: `/api/products/${ids["Blue Dream"]}` });
    expect(res.statusCode).toBe(200);
    const { product } = res.json() as { product: Product };
    expect(Value.Check(ProductResponse, res.json())).toBe(true);
    expect(product.name).toBe("Blue Dream");
    expect(Object.keys(product.options!)).toHaveLength(2);
    for (const [key, option] of Object.entries(product.options!)) expect(String(option.id)).toBe(key);
    expect(product.default_option).not.toBe("0");
    expect(product.options![product.default_option]!.price_text).toBe("3.5 g");
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    expect(product.shop_list.map((s) => s.store_id)).not.toContain(1);
    expect(product.shop_list).toHaveLength(4);
    const chaweng = product.shop_list.find((s) => s.name === "Chaweng Beach Store")!;
    expect(chaweng).toMatchObject({ district: "Chaweng", path: `/assets/shop/${shops["Chaweng Beach Store"]}/logo.webp` });
    expect(chaweng.options.opt_0).toEqual({ amount: 22 });
    expect(product).not.toHaveProperty("cost_price");
  });

  it("shows a product that is out of stock (the page says so) but not an inactive or deleted one", async () => {
    expect((await store.app.inject({ method: "GET", url: `/api/products/${ids["Green Crack"]}` })).json().product.instock).toBe(0);
    for (const name of ["Wedding Cake", "Old Season Sampler"]) {
      const res = await store.app.inject({ method: "GET", url: `/api/products/${ids[name]}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("PRODUCT_NOT_FOUND");
    }
  });

  it.each([
    ["/api/products/99999", 404, "PRODUCT_NOT_FOUND"],
    ["/api/products/abc", 400, "VALIDATION_ERROR"],
    ["/api/products/0", 400, "VALIDATION_ERROR"],
  ])("answers %s with %i JSON", async (url, status, error) => {
    const res = await store.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json().error).toBe(error);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("GET /api/shops", () => {
  it("lists the pickup shops, never the warehouse", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/shops" });
    expect(Value.Check(ShopListResponse, res.json())).toBe(true);
    const { shops: list } = res.json() as { shops: { id: number; stock_id: number; city_id: number }[] };
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((s) => s.id)).not.toContain(1);
    expect(list.every((s) => s.stock_id === s.id && s.city_id === 1)).toBe(true);
  });
});
