/**
 * GET /api/products as the lighter list and the search (q, cursor), on the demo catalogue plus products of
 * this file's own: a Russian and a Thai one, and 70 alike ones to page through. Runs on both engines.
 */
import { Value } from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, setStock } from "../../../db/repositories/products";
import { ProductListResponse } from "../../../server/domain/contracts/catalog";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { multipartBody } from "../../helpers/multipart";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const ADMIN_TG = 7001;
let store: TestStore;
let ids: Record<string, number>;
let shops: Record<string, number>;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  shops = await shopIdsByName(store.db);
  // Written before the first request, so the catalogue's first snapshot holds them.
  await store.db.transaction().execute(async (tx) => {
    const base = { per_price: 300, cost_price: 100, price_text: "1 g", gift_text: "" };
    const stocked = async (product: Parameters<typeof insertProduct>[1], shop = "Chaweng Beach Store") => {
      const id = await insertProduct(tx, product, base);
      await setStock(tx, shops[shop]!, id, 0, 5);
    };
    await stocked({ name: "Северное Сияние", label: "Индика", description: "Ёлочный аромат и мягкий вечер", category_id: 2 });
    await stocked({ name: "กัญชาสายพันธุ์ไทย", label: "สายพันธุ์", description: "กลิ่นหอมมะม่วง", category_id: 1 }, "Lamai Night Market");
    for (let i = 1; i <= 70; i++) await stocked({ name: `Samui Haze ${i}`, label: "Haze", description: "Island haze", category_id: 3 });
  });
  ids = await productIdsByName(store.db);
});
afterAll(async () => {
  await store.close();
});

async function get(query: string) {
  return store.app.inject({ method: "GET", url: `/api/products${query}` });
}

async function search(q: string, more = ""): Promise<ProductListResponse> {
  const res = await get(`?q=${encodeURIComponent(q)}${more}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Value.Check(ProductListResponse, body)).toBe(true);
  return body;
}

const names = (answer: ProductListResponse) => answer.products.map((p) => p.name);

describe("the list answer", () => {
  it("names each pickup shop once, in `shops`, and sends no product page texts", async () => {
    const res = await get("");
    const body = res.json() as ProductListResponse;
    expect(Value.Check(ProductListResponse, body)).toBe(true);
    expect(body.next_cursor).toBeNull();
    expect(res.body).not.toContain("full_description");
    const named = new Set(body.products.flatMap((p) => Object.keys(p.stock)));
    expect(Object.keys(body.shops).sort()).toEqual([...named].sort());
    expect(body.shops[String(shops["Chaweng Beach Store"])]).toMatchObject({ name: "Chaweng Beach Store", district: "Chaweng" });
    // Each shop's name is in the answer once.
    expect(res.body.split('"Chaweng Beach Store"')).toHaveLength(2);
    const amounts = body.products.flatMap((p) => Object.values(p.stock).flatMap((byOption) => Object.values(byOption)));
    expect(amounts.every((n) => n > 0)).toBe(true);
  });

  it("keeps the ETag poll: the same list again is a 304", async () => {
    const first = await get("?q=");
    const again = await store.app.inject({ method: "GET", url: "/api/products", headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe("GET /api/products?q=", () => {
  it("finds a Russian word typed in another case, ё as е", async () => {
    expect(names(await search("СЕВЕРНОЕ"))).toEqual(["Северное Сияние"]);
    expect(names(await search("сияние"))).toEqual(["Северное Сияние"]);
    expect(names(await search("елочный"))).toEqual(["Северное Сияние"]);
  });

  it("finds part of a Thai word", async () => {
    expect(names(await search("สายพันธุ์"))).toEqual(["กัญชาสายพันธุ์ไทย"]);
    expect(names(await search("มะม่วง"))).toEqual(["กัญชาสายพันธุ์ไทย"]);
  });

  it("forgives one typo in a word of five letters or more, and none in a shorter one", async () => {
    expect(names(await search("durbn"))).toEqual(["Durban Poison"]);
    expect(names(await search("Duabrn"))).toEqual([]);
    expect(names(await search("nothern lihgts"))).toEqual(["Northern Lights"]);
    expect(names(await search("blye"))).toEqual([]);
  });

  it("puts a match in the name above one in the description", async () => {
    // "Blue Dream" by name; Blueberry appears in Blue Dream's description only.
    const found = names(await search("blue"));
    expect(found[0]).toBe("Blue Dream");
  });

  it("searches inside the chosen category and shop only, and in stock only", async () => {
    expect(names(await search("haze", "&category=1"))).toEqual([]);
    expect((await search("haze", "&category=3")).products.length).toBe(30);
    expect(names(await search("mango", `&stock_id=${shops["Lamai Night Market"]}`))).not.toContain("Green Crack");
    expect(names(await search("สายพันธุ์", `&stock_id=${shops["Chaweng Beach Store"]}`))).toEqual([]);
    expect(names(await search("สายพันธุ์", `&stock_id=${shops["Lamai Night Market"]}`))).toEqual(["กัญชาสายพันธุ์ไทย"]);
    // Green Crack is only in the warehouse: never found.
    expect(names(await search("green crack"))).toEqual([]);
  });

  it("pages by 30 with next_cursor to the end, each product once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: ProductListResponse = await search("samui haze", cursor ? `&cursor=${encodeURIComponent(cursor)}` : "");
      expect(answer.products.length).toBeLessThanOrEqual(30);
      seen.push(...names(answer));
      cursor = answer.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(70);
    expect(seen.every((name) => name.startsWith("Samui Haze"))).toBe(true);
  });

  it("finds an edited product by its new name at once", async () => {
    const admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
    expect(names(await search("Jack Herer"))).toEqual(["Jack Herer"]);
    const { payload, headers } = multipartBody({ name: "Jack Frost" }, []);
    const url = `/api/admin/products/${ids["Jack Herer"]}`;
    const res = await store.app.inject({ method: "PUT", url, headers: { ...headers, ...bearer(admin.token) }, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(await search("frost"))).toEqual(["Jack Frost"]);
    expect(names(await search("herer"))).toEqual([]);
  });
});

describe("bad input", () => {
  it("lists as without search for an empty or blank q", async () => {
    const all = (await get("")).json() as ProductListResponse;
    for (const q of ["", "   "]) expect(names(await search(q))).toEqual(names(all));
  });

  it("takes a q of 100 characters (counted as letters, not bytes), and its surrounding spaces are not counted", async () => {
    expect((await get(`?q=${encodeURIComponent("с".repeat(100))}`)).statusCode).toBe(200);
    expect((await get(`?q=${encodeURIComponent(`  ${"a".repeat(100)}  `)}`)).statusCode).toBe(200);
  });

  it.each([
    ["a q over 100 characters", `?q=${"a".repeat(101)}`, "q"],
    ["a control character in q", `?q=${encodeURIComponent("blue\u0007")}`, "q"],
    ["a tab in q", `?q=${encodeURIComponent("blue\tdream")}`, "q"],
    ["a cursor that is garbage", "?q=haze&cursor=garbage", "cursor"],
    ["a cursor without a search", "?cursor=1u.abc", "cursor"],
    ["a cursor naming the first page", "?q=haze&cursor=0.abc", "cursor"],
  ])("refuses %s with a 400 naming it", async (_what, query, param) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR" });
    expect(res.json().message).toMatch(new RegExp(`^${param}\\b`));
  });

  it("refuses a cursor edited or taken from another search", async () => {
    const cursor = (await search("samui haze")).next_cursor!;
    const [offset, seal] = cursor.split(".");
    for (const bad of [`${offset}.${seal}x`, `1e.${seal}`, cursor.toUpperCase()]) {
      expect((await get(`?q=samui%20haze&cursor=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }
    expect((await get(`?q=haze&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
    expect((await get(`?q=samui%20haze&category=3&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
    expect((await search("samui haze", `&cursor=${encodeURIComponent(cursor)}`)).products.length).toBe(30);
  });

  it("takes wildcards, quotes, FTS operators and SQL as plain text", async () => {
    const total = ((await get("")).json() as ProductListResponse).products.length;
    const plain = ["%", "_", "%%", "'", '"', "*", "blue*", '"blue"', "NEAR(blue dream)", "blue AND dream", "' OR 1=1 --"];
    plain.push("'); drop table products; --", "AND", "OR", "NOT", "NEAR", "blue OR haze", "-blue", "^blue", "blue NOT dream");
    plain.push("\\", "[a-z]", "%' --", "a%b_c");
    for (const q of plain) {
      const answer = await search(q);
      expect(answer.products.length, q).toBeLessThan(total);
    }
    expect(names(await search('"Blue Dream"'))).toEqual(["Blue Dream"]);
    expect(names(await search("%"))).toEqual([]);
    // An operator is a word to look for: "OR" does not join two searches, "NOT" does not leave Blue Dream out.
    expect(names(await search("blue OR haze"))).toEqual([]);
    expect(names(await search("blue NOT dream"))).toEqual([]);
    expect((await get("")).statusCode).toBe(200);
  });
});
