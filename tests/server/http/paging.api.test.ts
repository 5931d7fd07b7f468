/**
 * Lists that grow with a year of data page by keyset (issue 23), over HTTP on the engine of the project: the
 * admin product list (with its name search), a shop's staff and one referral's incomes. A walk of the pages
 * returns every row once in the list's order, rows added between pages neither repeat nor hide older ones, the
 * last page says so, a cursor or limit the list could not have given is a 400, and who may call each list is
 * who could before.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { updateProductRow } from "../../../db/repositories/adminProducts";
import { insertProduct } from "../../../db/repositories/products";
import { makeTestStore, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let admin: { token: string; userId: number };
let customer: { token: string; userId: number };

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "1000" } });
  admin = await signInCustomer(store.app, 1000, "Boss");
  customer = await signInCustomer(store.app, 3001, "Nok");
  return () => store.close();
});

async function get(url: string, token: string | null = admin.token) {
  return store.app.inject({ method: "GET", url, headers: token === null ? {} : bearer(token) });
}

/** Follows next_cursor from the first page to the last; `between` runs after each page but the last. */
async function walk<T>(
  url: (cursor: string | number | null) => string,
  rowsOf: (body: Record<string, unknown>) => T[],
  between: (pageIndex: number) => Promise<void> = async () => {},
  token = admin.token,
): Promise<{ pages: T[][]; lastCursor: unknown }> {
  const pages: T[][] = [];
  let cursor: string | number | null = null;
  for (;;) {
    const res = await get(url(cursor), token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    pages.push(rowsOf(body));
    if (body.next_cursor === null) return { pages, lastCursor: body.next_cursor };
    expect(pages.length).toBeLessThan(100);
    cursor = body.next_cursor;
    await between(pages.length - 1);
  }
}

async function addProduct(name: string, fields: { category_id?: number; position?: number } = {}): Promise<number> {
  return insertProduct(store.db, { name, category_id: fields.category_id ?? 1, position: fields.position ?? 999 }, {
    per_price: 100,
    cost_price: 50,
    price_text: "1 g",
    gift_text: "",
  });
}

/** Enough products for several pages of the default size (the test store's demo holds 16). */
async function addMany(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await addProduct(`Filler ${i}`, { category_id: 1 + (i % 5), position: 100 * (i % 4) + 1 });
}

/** The admin list's order as the database holds it: by position, then newest (highest id) first. */
async function productOrder(categoryId?: number): Promise<number[]> {
  let query = store.db.selectFrom("products").select(["id", "position"]);
  if (categoryId !== undefined) query = query.where("category_id", "=", categoryId);
  const rows = await query.execute();
  return rows.sort((a, b) => a.position - b.position || b.id - a.id).map((r) => r.id);
}

const ids = (body: Record<string, unknown>, key: string) => (body[key] as Array<{ id: number }>).map((row) => row.id);

describe("GET /api/admin/products pages", () => {
  it("walks every product once, by position then newest, in pages of the limit, the last with next_cursor null", async () => {
    // Two products sharing a position with the demo's, so the walk crosses a position inside a page.
    await addMany(40);
    await addProduct("Shared position A", { position: 999 });
    await addProduct("Shared position B", { position: 999 });
    const expected = await productOrder();
    expect(expected.length).toBeGreaterThan(50);

    const { pages } = await walk(
      (cursor) => `/api/admin/products?limit=7${cursor === null ? "" : `&cursor=${cursor}`}`,
      (body) => ids(body, "products"),
    );
    expect(pages.flat()).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(pages.at(-1)!.length).toBe(expected.length - 7 * (pages.length - 1));
  });

  it("answers 20 by default and at most 100, and pages one category the same way", async () => {
    await addMany(40);
    const first = await get("/api/admin/products");
    expect(first.json().products).toHaveLength(20);
    expect(typeof first.json().next_cursor).toBe("string");
    const all = await get("/api/admin/products?limit=100");
    expect(ids(all.json(), "products")).toEqual(await productOrder());
    expect(all.json().next_cursor).toBeNull();

    const category = await walk(
      (cursor) => `/api/admin/products?category=2&limit=3${cursor === null ? "" : `&cursor=${cursor}`}`,
      (body) => ids(body, "products"),
    );
    expect(category.pages.flat()).toEqual(await productOrder(2));
  });

  it("neither repeats nor skips a product when products are added or moved up between pages", async () => {
    const before = await productOrder();
    const added: number[] = [];
    const { pages } = await walk(
      (cursor) => `/api/admin/products?limit=10${cursor === null ? "" : `&cursor=${cursor}`}`,
      (body) => ids(body, "products"),
      async (page) => {
        added.push(await addProduct(`New on top ${page}`, { position: 1 }));
        added.push(await addProduct(`New at the end ${page}`, { position: 1_000_000 }));
      },
    );
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    // Those added after the cursor's place (the end of the list) are met on the way; those above it are not.
    expect(seen.filter((id) => added.includes(id)).length).toBeGreaterThan(0);
  });

  it("refuses a cursor or a limit it could not have given with a 400 and a message", async () => {
    for (const query of ["cursor=abc", "cursor=999", "cursor=12.x", "cursor=99999999.3", "cursor=owner.3", "cursor=5.0", "cursor="]) {
      const res = await get(`/api/admin/products?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/cursor/);
    }
    for (const query of ["limit=0", "limit=101", "limit=abc", "limit=2.5", "limit=-1"]) {
      const res = await get(`/api/admin/products?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/limit/);
    }
  });
});

describe("GET /api/admin/products?q=", () => {
  it("finds products by part of the name in any case: Latin, Cyrillic and Thai", async () => {
    const northern = await addProduct("Северное Сияние");
    const thai = await addProduct("กัญชา ไทย Zebra");
    const dream = (await store.db.selectFrom("products").select("id").where("name", "=", "Blue Dream").executeTakeFirstOrThrow()).id;
    const search = async (q: string) => ids((await get(`/api/admin/products?limit=100&q=${encodeURIComponent(q)}`)).json(), "products");

    expect(await search("blue DREAM")).toEqual([dream]);
    expect(await search("сияние")).toEqual([northern]);
    expect(await search("СЕВЕРНОЕ")).toEqual([northern]);
    expect(await search("ไทย")).toEqual([thai]);
    expect(await search("ZEBRA")).toEqual([thai]);
    expect(await search("no such thing")).toEqual([]);
    // LIKE's wildcards are letters like any other.
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    // Blank is no search at all.
    expect(await search("   ")).toEqual(await productOrder());
  });

  it("finds as the customer's search does: one typo, accents, part of a Thai word, best match first", async () => {
    const thai = await addProduct("กัญชาสายพันธุ์ไทย");
    const creme = await addProduct("Café Crème Kush", { position: 1 });
    const byName = async (name: string) =>
      (await store.db.selectFrom("products").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const search = async (q: string) => ids((await get(`/api/admin/products?limit=100&q=${encodeURIComponent(q)}`)).json(), "products");

    expect(await search("durbn")).toEqual([await byName("Durban Poison")]);
    expect(await search("nothern")).toEqual([await byName("Northern Lights")]);
    expect(await search("CAFE creme")).toEqual([creme]);
    expect(await search("สายพันธุ์")).toEqual([thai]);
    // A whole word before a word's start, whatever the list's order says (Bluebird is listed first).
    const bluebird = await addProduct("Bluebird Haze", { position: 1 });
    expect(await search("blue")).toEqual([await byName("Blue Dream"), bluebird]);
  });

  it("refuses a q with control characters, and a list's cursor in a search, with a 400 naming it", async () => {
    const q = await get(`/api/admin/products?q=${encodeURIComponent("blue\u0007")}`);
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toMatch(/^q\b/);
    const listCursor = (await get("/api/admin/products?limit=2")).json().next_cursor as string;
    const res = await get(`/api/admin/products?limit=2&q=blue&cursor=${encodeURIComponent(listCursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cursor/);
    const searchCursor = (await get("/api/admin/products?limit=1&q=blue")).json().next_cursor as string;
    expect((await get(`/api/admin/products?limit=1&cursor=${encodeURIComponent(searchCursor)}`)).statusCode).toBe(400);
    expect((await get(`/api/admin/products?limit=2&q=blue&cursor=${encodeURIComponent(searchCursor)}`)).statusCode).toBe(400);
  });

  it("finds a product by its new name after a rename, and not by the old one", async () => {
    const id = await addProduct("Old Name");
    await updateProductRow(store.db, id, { name: "Ёлка Новая" }, new Date().toISOString());
    const search = async (q: string) => ids((await get(`/api/admin/products?q=${encodeURIComponent(q)}`)).json(), "products");
    expect(await search("ёлка")).toEqual([id]);
    expect(await search("old name")).toEqual([]);
  });

  it("pages the matches of a search within a category like the list", async () => {
    for (let i = 0; i < 7; i++) await addProduct(`Пачка ${i}`, { category_id: 3, position: 500 + (i % 3) });
    await addProduct("Пачка elsewhere", { category_id: 4 });
    const { pages } = await walk(
      (cursor) => `/api/admin/products?category=3&q=${encodeURIComponent("ПАЧКА")}&limit=3${cursor === null ? "" : `&cursor=${cursor}`}`,
      (body) => (body.products as Array<{ id: number; name: string }>).map((p) => p.name),
    );
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat().sort()).toEqual(Array.from({ length: 7 }, (_, i) => `Пачка ${i}`).sort());
  });
});

describe("GET /api/admin/products/:id", () => {
  it("answers one product as the list shows it, 404 for an unknown one", async () => {
    const list = (await get("/api/admin/products?limit=1")).json().products;
    const one = await get(`/api/admin/products/${list[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().product).toEqual(list[0]);
    expect((await get("/api/admin/products/999999")).statusCode).toBe(404);
  });

  it("is the admin's alone, like the list", async () => {
    for (const url of ["/api/admin/products?q=blue", "/api/admin/products/1"]) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, customer.token)).statusCode).toBe(403);
    }
  });
});

describe("GET /api/admin/shops/:id/staff pages", () => {
  let shopId: number;
  let telegramIds = 7000;

  let lastAnswer: Record<string, unknown> = {};

  async function grant(role: "owner" | "manager"): Promise<number> {
    const person = await signInCustomer(store.app, ++telegramIds, `Staff ${telegramIds}`);
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/shops/${shopId}/staff`,
      headers: bearer(admin.token),
      payload: { telegram_id: telegramIds, role },
    });
    expect(res.statusCode, res.body).toBe(200);
    lastAnswer = res.json();
    return person.userId;
  }

  beforeEach(async () => {
    shopId = (await shopIdsByName(store.db))["Chaweng Beach Store"]!;
    telegramIds = 7000;
  });

  it("walks owners first, then managers by user id, each once, and rows added between pages come after", async () => {
    const managers = [await grant("manager"), await grant("manager"), await grant("manager")];
    const owner = await grant("owner");
    managers.push(await grant("manager"), await grant("manager"));
    const latecomers: number[] = [];
    const { pages } = await walk(
      (cursor) => `/api/admin/shops/${shopId}/staff?limit=2${cursor === null ? "" : `&cursor=${cursor}`}`,
      (body) => (body.staff as Array<{ user_id: number; role: string }>).map((m) => `${m.role}:${m.user_id}`),
      async () => {
        if (latecomers.length === 0) latecomers.push(await grant("manager"));
      },
    );
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual([`owner:${owner}`, ...[...managers, ...latecomers].map((id) => `manager:${id}`)]);
  });

  it("answers a grant with the first page and its next_cursor", async () => {
    for (let i = 0; i < 21; i++) await grant("manager");
    const owner = await grant("owner");
    const staff = lastAnswer.staff as Array<{ user_id: number; role: string }>;
    expect(staff).toHaveLength(20);
    expect(staff[0]).toMatchObject({ user_id: owner, role: "owner" });
    expect(typeof lastAnswer.next_cursor).toBe("string");
  });

  it("refuses a bad cursor or limit with a 400, and callers other than admins as before", async () => {
    const manager = await signInCustomer(store.app, 7999, "Mali");
    await store.app.inject({
      method: "POST",
      url: `/api/admin/shops/${shopId}/staff`,
      headers: bearer(admin.token),
      payload: { telegram_id: 7999, role: "manager" },
    });
    for (const query of ["cursor=boss.3", "cursor=manager", "cursor=manager.0", "cursor=owner.-1", "limit=0", "limit=500"]) {
      const res = await get(`/api/admin/shops/${shopId}/staff?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/cursor|limit/);
    }
    expect((await get(`/api/admin/shops/${shopId}/staff`, null)).statusCode).toBe(401);
    expect((await get(`/api/admin/shops/${shopId}/staff`, manager.token)).statusCode).toBe(403);
    expect((await get(`/api/admin/shops/${shopId}/staff`, customer.token)).statusCode).toBe(403);
  });
});

describe("GET /api/partner/referrals/:id pages", () => {
  let partner: { token: string; userId: number };
  let referral: { token: string; userId: number };

  async function income(amount: number): Promise<number> {
    const row = await store.db
      .insertInto("bonus_ledger")
      .values({ user_id: partner.userId, type: "income", amount, source_user_id: referral.userId, order_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeEach(async () => {
    partner = await signInCustomer(store.app, 8001, "Partner");
    referral = await signInCustomer(store.app, 8002, "Referral");
    await store.db.insertInto("referrals").values({ partner_id: partner.userId, user_id: referral.userId }).execute();
  });

  it("walks the incomes newest first, each once, with the whole sum on every page; new ones do not shift a page", async () => {
    const entries: number[] = [];
    for (let i = 1; i <= 10; i++) entries.push(await income(i * 10));
    // Another referral's income and an expense of the partner are not this referral's.
    await store.db.insertInto("bonus_ledger").values({ user_id: partner.userId, type: "exp", amount: 5 }).execute();
    let newer = 0;
    const sums: number[] = [];
    const { pages } = await walk(
      (cursor) => `/api/partner/referrals/${referral.userId}?limit=4${cursor === null ? "" : `&cursor=${cursor}`}`,
      (body) => {
        sums.push(body.income_sum as number);
        return ids(body, "entries");
      },
      async () => {
        newer = await income(1000);
      },
      partner.token,
    );
    expect(pages.map((page) => page.length)).toEqual([4, 4, 2]);
    expect(pages.flat()).toEqual([...entries].reverse());
    expect(pages.flat()).not.toContain(newer);
    expect(sums[0]).toBe(550);
    expect(sums.at(-1)).toBe(550 + 2 * 1000);
  });

  it("answers 20 by default, refuses a bad cursor or limit, and stays the partner's own", async () => {
    for (let i = 0; i < 21; i++) await income(1);
    const res = await get(`/api/partner/referrals/${referral.userId}`, partner.token);
    expect(res.json().entries).toHaveLength(20);
    expect(res.json().income_sum).toBe(21);
    expect(typeof res.json().next_cursor).toBe("number");
    for (const query of ["cursor=abc", "cursor=0", "cursor=-5", "limit=0", "limit=101"]) {
      const bad = await get(`/api/partner/referrals/${referral.userId}?${query}`, partner.token);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toMatch(/cursor|limit/);
    }
    expect((await get(`/api/partner/referrals/${referral.userId}`, customer.token)).statusCode).toBe(404);
    expect((await get(`/api/partner/referrals/${referral.userId}`, null)).statusCode).toBe(401);
  });
});
