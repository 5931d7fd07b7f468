/**
 * Shop management over HTTP (issue 12): create with a logo, edit, delete (soft), the warehouse and shops with
 * open orders kept, the map link rule, the shop admin e-mail becoming the owner (now, or at their first
 * sign-in, and moving with the e-mail), the wholesale link and the store view, and who may do it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { injectFailure } from "../../helpers/injectedFailure";
import { multipartBody, type MultipartFilePart } from "../../helpers/multipart";
import { bearer, signInCustomer, TEST_BOT_TOKEN, emailSession } from "../../helpers/session";

let store: TestStore;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let customer: { token: string; userId: number };
let allowlisted: { token: string; userId: number };

const ADMIN_TG = 1000;
const WHOLESALE = "https://wholesale.example/samui";
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures", name));
const LOGO = (): MultipartFilePart => ({ field: "file-0", buffer: fixture("photo.png"), filename: "logo.png", contentType: "image/png" });
const MAP = "https://maps.app.goo.gl/AbCdEf123";
const EMBED_URL = "https://www.google.com/maps/embed?pb=!1m18!1m12!3d9.5!2d100.06";

const FIELDS = {
  name: "Maenam Pier",
  city_id: "1",
  district: "Maenam",
  address: "12/3 Moo 4, Maenam, Koh Samui 84330",
  map_link: MAP,
  admin: "",
};

/** A user with an e-mail and a live session, made in the database (e-mail sign-in has its own tests). */
const emailUser = (email: string) => emailSession(store.db, email);

beforeEach(async () => {
  store = await makeTestStore({
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      ADMIN_TELEGRAM_IDS: String(ADMIN_TG),
      ALLOWLIST_EMAILS: "partner@samui.example",
      WHOLESALE_URL: WHOLESALE,
    },
  });
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  manager = await signInCustomer(store.app, 2001, "Mali");
  customer = await signInCustomer(store.app, 3001, "Alice");
  allowlisted = await emailUser("partner@samui.example");
  expect(
    (await json("POST", `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`, admin.token, { telegram_id: 2001, role: "manager" }))
      .statusCode,
  ).toBe(200);
  return () => store.close();
});

function json(method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) {
  return store.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

function form(method: "POST" | "PUT", url: string, token: string | null, fields: Record<string, string>, files: MultipartFilePart[] = []) {
  const { payload, headers } = multipartBody(fields, files);
  return store.app.inject({ method, url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

const shopCount = async () => (await store.db.selectFrom("shops").select("id").execute()).length;
const shopFolder = (id: number) => join(store.dataDir, "uploads", "shop", String(id));
const uploadsOfShops = () =>
  existsSync(join(store.dataDir, "uploads", "shop")) ? readdirSync(join(store.dataDir, "uploads", "shop")) : [];
const pickerIds = async () => (await json("GET", "/api/shops", null)).json().shops.map((s: { id: number }) => s.id);

async function create(fields: Record<string, string> = FIELDS, token = admin.token) {
  const res = await form("POST", "/api/admin/shops", token, fields, [LOGO()]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shop as { id: number; path: string; name: string; owner: { user_id: number } | null };
}

describe("creating a shop", () => {
  it("creates it with its logo re-encoded under uploads/shop/{id}, and customers can pick it", async () => {
    const res = await form("POST", "/api/admin/shops", admin.token, FIELDS, [LOGO()]);
    expect(res.statusCode).toBe(201);
    const { shop, message } = res.json();
    expect(message).toBe("New shop was created.");
    expect(shop).toMatchObject({
      name: "Maenam Pier",
      city_id: 1,
      district: "Maenam",
      address: "12/3 Moo 4, Maenam, Koh Samui 84330",
      map_link: MAP,
      admin_email: null,
      owner: null,
      is_warehouse: false,
      is_deleted: false,
    });
    expect(shop.path).toMatch(new RegExp(`^/assets/shop/${shop.id}/[A-Za-z0-9_-]+\\.webp$`));
    const files = readdirSync(shopFolder(shop.id));
    expect(files).toHaveLength(1);
    expect(files[0]!.endsWith(".webp")).toBe(true);
    expect(readFileSync(join(shopFolder(shop.id), files[0]!)).subarray(8, 12).toString()).toBe("WEBP");
    expect(await pickerIds()).toContain(shop.id);

    const list = (await json("GET", "/api/admin/shops", admin.token)).json().shops;
    expect(list[0]).toMatchObject({ id: 1, name: "Central Warehouse", is_warehouse: true });
    expect(list.map((s: { id: number }) => s.id)).toContain(shop.id);
    expect((await json("GET", `/api/admin/shops/${shop.id}`, admin.token)).json().shop).toEqual(shop);
    expect((await json("GET", "/api/admin/shops/999", admin.token)).statusCode).toBe(404);
  });

  it("keeps an embed code as its Google Maps embed address", async () => {
    const code = `<iframe src="${EMBED_URL}" width="600" height="450" style="border:0;" loading="lazy"></iframe>`;
    expect((await create({ ...FIELDS, map_link: code })).path).not.toBe("");
    const row = await store.db.selectFrom("shops").select("map_link").where("name", "=", "Maenam Pier").executeTakeFirstOrThrow();
    expect(row.map_link).toBe(EMBED_URL);
  });

  it.each([
    ["a javascript: map link", { map_link: "javascript:alert(document.cookie)" }, [LOGO()], 400, "Paste a Google Maps link"],
    ["a map link elsewhere", { map_link: "https://evil.example/maps" }, [LOGO()], 400, "Paste a Google Maps link"],
    ["embed code of another site", { map_link: '<iframe src="https://evil.example/x"></iframe>' }, [LOGO()], 400, "Invalid map code"],
    ["no name", { name: "  " }, [LOGO()], 400, "name"],
    ["another region", { city_id: "2" }, [LOGO()], 400, "Koh Samui (city 1) is the only region."],
    ["a bad admin e-mail", { admin: "not-an-email" }, [LOGO()], 400, "admin"],
    ["no logo", {}, [], 400, "Choose a logo picture"],
    [
      "an SVG logo",
      {},
      [{ field: "file-0", buffer: fixture("script.svg"), filename: "logo.png", contentType: "image/png" }],
      415,
      "IMAGE_TYPE_UNSUPPORTED",
    ],
    [
      "an executable named .jpg",
      {},
      [{ field: "file-0", buffer: fixture("program.jpg"), filename: "logo.jpg" }],
      415,
      "IMAGE_TYPE_UNSUPPORTED",
    ],
    ["an empty file", {}, [{ field: "file-0", buffer: Buffer.alloc(0) }], 400, "IMAGE_EMPTY"],
  ])("refuses %s with a clear 4xx, creating nothing and writing nothing", async (_what, change, files, status, named) => {
    const before = await shopCount();
    const res = await form("POST", "/api/admin/shops", admin.token, { ...FIELDS, ...change }, files as MultipartFilePart[]);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(`${body.error} ${body.message}`).toContain(named);
    expect(await shopCount()).toBe(before);
    expect(uploadsOfShops()).toEqual([]);
  });

  it("takes the new shop back out when its logo cannot be written (500): no shop, no owner, no file", async () => {
    const { next } = await store.db
      .selectFrom("shops")
      .select((eb) => eb(eb.fn.max("id"), "+", 1).as("next"))
      .executeTakeFirstOrThrow();
    // A plain file where the shop's folder would go: the logo is written after the shop's unit committed.
    mkdirSync(join(store.dataDir, "uploads", "shop"), { recursive: true });
    writeFileSync(shopFolder(next), "not a folder");
    const owner = await emailUser("owner@samui.example");
    const before = await shopCount();
    const res = await form("POST", "/api/admin/shops", admin.token, { ...FIELDS, admin: "owner@samui.example" }, [LOGO()]);
    expect(res.statusCode).toBe(500);
    expect(await shopCount()).toBe(before);
    expect(await store.db.selectFrom("shop_staff").select("shop_id").where("user_id", "=", owner.userId).execute()).toEqual([]);
    expect(uploadsOfShops()).toEqual([String(next)]);
    rmSync(shopFolder(next));
    expect((await create()).id).toBe(next + 1);
  });

  it("refuses a JSON body (415)", async () => {
    const res = await json("POST", "/api/admin/shops", admin.token, FIELDS);
    expect(res.statusCode).toBe(415);
  });
});

describe("editing a shop", () => {
  it("changes only the fields sent; a new logo replaces the old file", async () => {
    const shop = await create();
    const oldFile = readdirSync(shopFolder(shop.id))[0]!;
    const res = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { name: "Maenam Pier Shop", map_link: EMBED_URL }, [
      { field: "file-0", buffer: fixture("photo.jpg"), filename: "x.jpg" },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Shop was updated.");
    expect(res.json().shop).toMatchObject({ name: "Maenam Pier Shop", district: "Maenam", address: FIELDS.address, map_link: EMBED_URL });
    const files = readdirSync(shopFolder(shop.id));
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(oldFile);
    expect(res.json().shop.path).toContain(files[0]);

    // Without a logo the file stays.
    const again = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { district: "Mae Nam" });
    expect(again.json().shop).toMatchObject({ name: "Maenam Pier Shop", district: "Mae Nam" });
    expect(readdirSync(shopFolder(shop.id))).toEqual(files);
  });

  it("refuses a javascript: map link and a bad logo, changing nothing", async () => {
    const shop = await create();
    const files = readdirSync(shopFolder(shop.id));
    const bad = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { name: "Changed", map_link: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    for (const [field, value] of [["name", "Bell\u0007Shop"], ["district", "North\nBeach"]] as const) {
      const control = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { [field]: value });
      expect(control.statusCode).toBe(400);
      expect(control.json()).toMatchObject({ message: `${field} must be one line of plain text.` });
    }
    // A maps link with a tab or a space inside (the URL parser would drop or encode them) is refused, not kept as sent.
    for (const link of ["https://maps.app.goo.gl/ab\tcd", "https://maps.app.goo.gl/ab cd"]) {
      const res = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { map_link: link });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…) or its embed code." });
    }
    const svg = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { name: "Changed" }, [
      { field: "file-0", buffer: fixture("script.svg") },
    ]);
    expect(svg.statusCode).toBe(415);
    expect((await json("GET", `/api/admin/shops/${shop.id}`, admin.token)).json().shop).toMatchObject({
      name: "Maenam Pier",
      map_link: MAP,
      path: shop.path,
    });
    expect(readdirSync(shopFolder(shop.id))).toEqual(files);
    expect((await form("PUT", "/api/admin/shops/999", admin.token, { name: "X" })).statusCode).toBe(404);
  });

  it("removes the new logo and keeps the old one when the edit cannot be saved (500)", async () => {
    const shop = await create();
    const files = readdirSync(shopFolder(shop.id));
    // A real failure inside the edit's unit, after the new logo was written.
    const removeFault = await injectFailure(store.db, { table: "shops", on: "update", message: "injected" });
    try {
      const res = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { name: "Changed" }, [LOGO()]);
      expect(res.statusCode).toBe(500);
    } finally {
      await removeFault();
    }
    expect(readdirSync(shopFolder(shop.id))).toEqual(files);
    const kept = (await json("GET", `/api/admin/shops/${shop.id}`, admin.token)).json().shop;
    expect(kept).toMatchObject({ name: "Maenam Pier", path: shop.path });
  });
});

describe("deleting a shop", () => {
  it("refuses while an order is new or in work (409 with the reason), then deletes it from every picker, keeping its history", async () => {
    const products = await productIdsByName(store.db);
    const chaweng = shops["Chaweng Beach Store"]!;
    const placed = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": "shop-delete-1" },
      payload: {
        shop_id: chaweng,
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
      },
    });
    const orderId = placed.json().order.id;
    const refused = await json("DELETE", `/api/admin/shops/${chaweng}`, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "SHOP_HAS_OPEN_ORDERS",
      message: "This shop has 1 open order (new or in work): hand them over or cancel them before deleting the shop.",
    });
    expect(await pickerIds()).toContain(chaweng);
    // In work (W) is open too.
    expect((await json("POST", `/api/staff/orders/${orderId}/take`, admin.token)).statusCode).toBe(200);
    expect((await json("DELETE", `/api/admin/shops/${chaweng}`, admin.token)).statusCode).toBe(409);

    expect((await json("POST", `/api/admin/orders/${orderId}/cancel`, admin.token)).statusCode).toBe(200);
    const deleted = await json("DELETE", `/api/admin/shops/${chaweng}`, admin.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: "Shop was deleted." });

    expect(await pickerIds()).not.toContain(chaweng);
    const product = (await json("GET", `/api/products/${products["Jack Herer"]}`, null)).json().product;
    expect(product.shop_list.map((s: { store_id: number }) => s.store_id)).not.toContain(chaweng);
    const cart = await json("POST", "/api/cart/shops", customer.token, {
      items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
    });
    expect(cart.json().shops.map((s: { id: number }) => s.id)).not.toContain(chaweng);
    const order = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": "shop-delete-2" },
      payload: {
        shop_id: chaweng,
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
      },
    });
    expect(order.statusCode).toBe(404);

    // The admin still sees it, marked, and its orders stay.
    const listed = (await json("GET", "/api/admin/shops", admin.token)).json().shops.find((s: { id: number }) => s.id === chaweng);
    expect(listed.is_deleted).toBe(true);
    expect((await store.db.selectFrom("orders").select("id").where("shop_id", "=", chaweng).execute()).length).toBe(1);
    expect((await json("DELETE", `/api/admin/shops/${chaweng}`, admin.token)).statusCode).toBe(404);
  });

  it("a pending order (nothing reserved) does not block the delete, and cannot reserve at the deleted shop afterwards", async () => {
    const products = await productIdsByName(store.db);
    const lamai = shops["Lamai Night Market"]!;
    const placed = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": "shop-delete-pending" },
      payload: {
        shop_id: lamai,
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        delivery_option: 0,
        payment_option: 0,
      },
    });
    expect(placed.json().order.status).toBe("P");
    expect((await json("DELETE", `/api/admin/shops/${lamai}`, admin.token)).statusCode).toBe(200);
    const settings = await json("PUT", `/api/orders/${placed.json().order.id}/settings`, customer.token, {
      delivery_option: 1,
      payment_option: 1,
    });
    expect(settings.statusCode).toBe(404);
    expect(
      (await store.db.selectFrom("orders").select("status").where("id", "=", placed.json().order.id).executeTakeFirstOrThrow()).status,
    ).toBe("P");
    expect(await store.db.selectFrom("stock_history").selectAll().execute()).toEqual([]);
  });

  it("never deletes the warehouse (409)", async () => {
    const res = await json("DELETE", "/api/admin/shops/1", admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "WAREHOUSE_NOT_DELETABLE",
      message: "The central warehouse holds the stock: it cannot be deleted.",
    });
    expect((await store.db.selectFrom("shops").select("is_deleted").where("id", "=", 1).executeTakeFirstOrThrow()).is_deleted).toBe(0);
  });
});

describe("the shop admin e-mail", () => {
  it("makes an existing user the owner at once: /api/me, the store view and the wholesale link follow", async () => {
    const owner = await emailUser("owner.maenam@samui.example");
    expect((await json("GET", "/api/me", owner.token)).json().user).toMatchObject({ store_id: null, wholesaleUrl: null });
    const shop = await create({ ...FIELDS, admin: "Owner.Maenam@samui.example" });
    expect(shop.owner).toEqual({ user_id: owner.userId, name: "owner.maenam@samui.example", email: "owner.maenam@samui.example" });
    const me = (await json("GET", "/api/me", owner.token)).json().user;
    expect(me).toMatchObject({ store_id: shop.id, wholesaleUrl: WHOLESALE });
    expect((await json("GET", "/api/me/store", owner.token)).json()).toEqual({
      store: {
        id: shop.id,
        name: "Maenam Pier",
        city_id: 1,
        city: "Koh Samui",
        district: "Maenam",
        address: FIELDS.address,
        map_link: MAP,
        path: shop.path,
      },
    });
    expect((await json("GET", "/api/me/store", customer.token)).json()).toEqual({ store: null });
    expect((await json("GET", "/api/me/store", null)).statusCode).toBe(401);
  });

  it("makes the owner of someone who signs in for the first time later", async () => {
    const shop = await create({ ...FIELDS, admin: "newcomer@samui.example" });
    expect(shop.owner).toBeNull();
    const asked = await store.app.inject({ method: "POST", url: "/api/auth/email/code", payload: { email: "newcomer@samui.example" } });
    expect(asked.statusCode).toBe(200);
    const outbox = (await store.app.inject({ method: "GET", url: "/dev/outbox" })).body;
    const code = /Your Koh Samui Store code: (\d{6})/.exec(outbox)![1];
    const signedIn = await store.app.inject({
      method: "POST",
      url: "/api/auth/email/verify",
      payload: { email: "newcomer@samui.example", code },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      store_id: shop.id,
      wholesaleUrl: WHOLESALE,
      shops: [{ shop_id: shop.id, name: "Maenam Pier", role: "owner" }],
    });
    expect((await json("GET", `/api/admin/shops/${shop.id}`, admin.token)).json().shop.owner.user_id).toBe(signedIn.json().user.userId);
  });

  it("moves the ownership when the e-mail changes", async () => {
    const first = await emailUser("first.owner@samui.example");
    const second = await emailUser("second.owner@samui.example");
    const shop = await create({ ...FIELDS, admin: "first.owner@samui.example" });
    const res = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { admin: "second.owner@samui.example" });
    expect(res.json().shop).toMatchObject({ admin_email: "second.owner@samui.example", owner: { user_id: second.userId } });
    expect((await json("GET", "/api/me", first.token)).json().user).toMatchObject({ store_id: null, wholesaleUrl: null });
    expect((await json("GET", "/api/me", second.token)).json().user).toMatchObject({ store_id: shop.id, wholesaleUrl: WHOLESALE });
    // Emptied: nobody owns it.
    const cleared = await form("PUT", `/api/admin/shops/${shop.id}`, admin.token, { admin: "" });
    expect(cleared.json().shop).toMatchObject({ admin_email: null, owner: null });
  });
});

describe("who may", () => {
  it("lets an allow-listed account manage shops, and gives it the wholesale link", async () => {
    const me = (await json("GET", "/api/me", allowlisted.token)).json().user;
    expect(me).toMatchObject({ isAllowlisted: true, isAdmin: false, wholesaleUrl: WHOLESALE });
    const shop = await create(FIELDS, allowlisted.token);
    expect((await json("GET", "/api/admin/shops", allowlisted.token)).statusCode).toBe(200);
    expect((await form("PUT", `/api/admin/shops/${shop.id}`, allowlisted.token, { district: "North" })).statusCode).toBe(200);
    expect((await json("DELETE", `/api/admin/shops/${shop.id}`, allowlisted.token)).statusCode).toBe(200);
    expect((await json("GET", "/api/me", customer.token)).json().user.wholesaleUrl).toBeNull();
  });

  it("refuses the signed-out (401), a customer and a manager (403 'Отказано в доступе.'), changing nothing", async () => {
    const shop = await create();
    const count = await shopCount();
    const attempts = [
      () => json("GET", "/api/admin/shops", null),
      () => json("GET", `/api/admin/shops/${shop.id}`, null),
      () => form("POST", "/api/admin/shops", null, FIELDS, [LOGO()]),
      () => form("PUT", `/api/admin/shops/${shop.id}`, null, { name: "Hijacked" }),
      () => json("DELETE", `/api/admin/shops/${shop.id}`, null),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(401);
    for (const who of [customer, manager]) {
      const tries = [
        json("GET", "/api/admin/shops", who.token),
        json("GET", `/api/admin/shops/${shop.id}`, who.token),
        form("POST", "/api/admin/shops", who.token, FIELDS, [LOGO()]),
        form("PUT", `/api/admin/shops/${shop.id}`, who.token, { name: "Hijacked" }),
        json("DELETE", `/api/admin/shops/${shop.id}`, who.token),
      ];
      for (const res of await Promise.all(tries)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
      }
    }
    expect(await shopCount()).toBe(count);
    expect((await json("GET", `/api/admin/shops/${shop.id}`, admin.token)).json().shop).toMatchObject({
      name: "Maenam Pier",
      is_deleted: false,
    });
    expect(uploadsOfShops()).toEqual([String(shop.id)]);
  });
});
