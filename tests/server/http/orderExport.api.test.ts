/**
 * The order export over HTTP (issue 25): who may call it (signed out 401, a customer or a manager 403, before
 * the query is read), one row per order line with its columns, island time, the default last 30 days, the
 * shop and status filters, bad ranges, headers in the admin's language, UTF-8 with BOM, RFC 4180 quoting and
 * cells a spreadsheet would run as formulas neutralised.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { placedOrder } from "../../helpers/orders";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let now: number;
let products: Record<string, number>;
let shops: Record<string, number>;
let admin: { token: string; userId: number };
let manager: { token: string; userId: number };
let customer: { token: string; userId: number };
let keys = 0;
const orders: Record<string, number> = {};

const ADMIN_TG = 1000;
/** 2026-11-27 12:00 on the island (05:00 UTC). */
const TODAY_NOON = Date.parse("2026-11-27T05:00:00.000Z");
const DAY = 86_400_000;
const FORMULA = "=HYPERLINK(\"http://evil.example\",\"x\")";
const THAI = "กัญชา, \"พิเศษ\"";

function get(url: string, token: string | null, headers: Record<string, string> = {}) {
  return store.app.inject({ method: "GET", url, headers: { ...(token ? bearer(token) : {}), ...headers } });
}

async function place(shop: string, items: [product: string, amount: number][]): Promise<number> {
  const order = { shopId: shops[shop]!, items: items.map(([p, amount]) => ({ productId: products[p]!, amount })) };
  return (await placedOrder(store.app, customer.token, `export-test-${++keys}`, order)).id;
}

/** RFC 4180 records of a CSV text (quotes doubled, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return records;
}

const exportOf = async (query = "", headers: Record<string, string> = {}) => {
  const res = await get(`/api/admin/orders/export.csv${query}`, admin.token, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { res, records: parseCsv(res.body.replace(/^\uFEFF/, "")) };
};

beforeAll(async () => {
  now = TODAY_NOON - 40 * DAY;
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) }, clock: () => now });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss", now);
  manager = await signInCustomer(store.app, 2001, "Mali", now);
  customer = await signInCustomer(store.app, 3001, "Alice", now);
  expect(
    (
      await store.app.inject({
        method: "POST",
        url: `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`,
        headers: bearer(admin.token),
        payload: { telegram_id: 2001, role: "manager" },
      })
    ).statusCode,
  ).toBe(200);

  orders.old = await place("Chaweng Beach Store", [["Jack Herer", 1]]); // 40 days ago: outside the default range
  now = TODAY_NOON - 2 * DAY;
  customer = await signInCustomer(store.app, 3001, "Alice", now); // the first session is long expired
  // Names as an admin could type them: a formula, and Thai with a comma and quotes.
  await store.db.updateTable("products").set({ name: FORMULA }).where("id", "=", products["Jack Herer"]!).execute();
  await store.db.updateTable("products").set({ name: THAI }).where("id", "=", products["Durban Poison"]!).execute();
  orders.two = await place("Chaweng Beach Store", [
    ["Jack Herer", 2],
    ["Durban Poison", 1],
  ]);
  now = TODAY_NOON;
  customer = await signInCustomer(store.app, 3001, "Alice", now);
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss", now);
  manager = await signInCustomer(store.app, 2001, "Mali", now);
  orders.lamai = await place("Lamai Night Market", [["Jack Herer", 1]]);
  const canceled = await store.app.inject({ method: "POST", url: `/api/orders/${orders.lamai}/cancel`, headers: bearer(customer.token) });
  expect(canceled.statusCode).toBe(200);
});

afterAll(() => store.close());

describe("who may export orders", () => {
  it("signed out: 401; a customer or a manager: 403, before a bad query is read; an admin: 200", async () => {
    expect((await get("/api/admin/orders/export.csv?from=junk&status=junk", null)).statusCode).toBe(401);
    expect((await get("/api/admin/orders/export.csv?from=junk&status=junk", customer.token)).statusCode).toBe(403);
    expect((await get("/api/admin/orders/export.csv?from=junk&status=junk", manager.token)).statusCode).toBe(403);
    expect((await get("/api/admin/orders/export.csv", admin.token)).statusCode).toBe(200);
  });
});

describe("the order export", () => {
  it("is one row per order line of the last 30 days, in island time, as UTF-8 CSV with a BOM", async () => {
    const { res, records } = await exportOf();
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="orders-2026-10-29-to-2026-11-27.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = records;
    expect(header).toEqual([
      "Order",
      "Placed (island time)",
      "Last change (island time)",
      "Shop",
      "Order status",
      "Payment method",
      "Payment status",
      "Delivery method",
      "Delivery status",
      "Delivery address",
      "Customer",
      "Product",
      "Product option",
      "Quantity",
      "Unit price",
      "Unit cost",
      "Discount, %",
      "Promo code",
      "Paid in bonus",
      "Line total",
      "Order total",
    ]);
    expect(rows.map((r) => r[0])).toEqual([String(orders.two), String(orders.two), String(orders.lamai)]);
    const [first, second, lamai] = rows as [string[], string[], string[]];
    expect(first.slice(1, 11)).toEqual([
      "2026-11-25 12:00",
      "2026-11-25 12:00",
      "Chaweng Beach Store",
      "New",
      "Cash",
      "Awaiting payment",
      "Self pickup",
      "Awaiting delivery",
      "",
      "Alice",
    ]);
    // The formula is text now; the Thai name with its comma and quotes comes back whole.
    expect(first[11]).toBe(`'${FORMULA}`);
    expect(first.slice(13)).toEqual(["2", "450", "180", "0", "", "0", "900", "1290"]);
    expect(second[11]).toBe(THAI);
    expect(second.slice(13)).toEqual(["1", "390", "160", "0", "", "0", "390", "1290"]);
    expect(lamai.slice(3, 5)).toEqual(["Lamai Night Market", "Canceled"]);
  });

  it("keeps to the range, the shop and the status asked", async () => {
    const ids = async (query: string) => [...new Set((await exportOf(query)).records.slice(1).map((r) => Number(r[0])))];
    expect(await ids("?from=2026-10-01&to=2026-11-27")).toEqual([orders.old, orders.two, orders.lamai]);
    expect(await ids("?from=2026-11-26")).toEqual([orders.lamai]);
    expect(await ids(`?shop_id=${shops["Chaweng Beach Store"]}`)).toEqual([orders.two]);
    expect(await ids("?status=C")).toEqual([orders.lamai]);
    expect(await ids("?status=S")).toEqual([]);
  });

  it("heads its columns and names its codes in the admin's language", async () => {
    const { records } = await exportOf("", { "accept-language": "ru" });
    expect(records[0]!.slice(0, 4)).toEqual(["Заказ", "Оформлен (время острова)", "Последнее изменение (время острова)", "Магазин"]);
    expect(records[1]!.slice(4, 9)).toEqual(["Новый", "Наличные", "Ожидает оплаты", "Самовывоз", "Ожидает доставки"]);
  });

  it("refuses a range over a year, a backwards range, a malformed date, a status it does not know and an unknown shop", async () => {
    const refused = async (query: string, status = 400) => {
      const res = await get(`/api/admin/orders/export.csv${query}`, admin.token);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
      return res.json().message as string;
    };
    expect(await refused("?from=2016-01-01&to=2026-01-01")).toBe("from and to may span at most 366 days.");
    expect(await refused("?from=2026-11-27&to=2026-11-01")).toBe("from must be on or before to.");
    expect(await refused("?from=27.11.2026")).toBe("from must be a date written YYYY-MM-DD.");
    await refused("?status=X");
    await refused("?shop_id=99999", 404);
  });
});

describe("an order placed with a promo code", () => {
  it("names the code on each of its lines, beside what was paid", async () => {
    const created = await store.app.inject({
      method: "POST",
      url: "/api/admin/promos",
      headers: bearer(admin.token),
      payload: { code: "island10", percent: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": `export-test-${++keys}` },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
        promo_code: "island10",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: number; discounted_price: number };
    const { records } = await exportOf(`?shop_id=${shops["Chaweng Beach Store"]}&status=N`);
    const rows = records.slice(1).filter((r) => r[0] === String(order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]![17]).toBe("ISLAND10");
    expect(rows[0]![20]).toBe(String(order.discounted_price));
    // Orders placed without a code keep the column empty.
    expect(records.slice(1).filter((r) => r[0] !== String(order.id)).every((r) => r[17] === "")).toBe(true);
  });
});
