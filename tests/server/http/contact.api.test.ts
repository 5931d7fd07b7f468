/**
 * Phone and location from Telegram (issue 26) through the API: `GET /api/me/contact` answers what the store keeps
 * on the caller for the courier (the phone the bot kept), `PUT /api/me/location` keeps the maps link of a point
 * Telegram gave; bad points get a 400 and change nothing; no session, a 401.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContact } from "../../../server/services/contact";
import { makeTestStore, type TestStore } from "../../helpers/app";
import { bearer, signedInAs, TEST_BOT_TOKEN } from "../../helpers/session";
import { signInitData } from "../../../server/services/telegramInitData";

let store: TestStore;
let nextTelegramId = 7_260_000;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
});
afterAll(() => store.close());

async function telegramUser() {
  const telegramId = nextTelegramId++;
  const user = { id: telegramId, first_name: "Customer" };
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(user) }, TEST_BOT_TOKEN);
  const res = await store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
  return { telegramId, ...signedInAs(res) };
}

const contactOf = (token: string) => store.app.inject({ method: "GET", url: "/api/me/contact", headers: bearer(token) });
const sendLocation = (token: string, payload: object) =>
  store.app.inject({ method: "PUT", url: "/api/me/location", headers: bearer(token), payload });
async function keptLink(userId: number) {
  const row = await store.db.selectFrom("users").select("delivery_address_link").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.delivery_address_link;
}

describe("GET /api/me/contact", () => {
  it("is empty for a new customer and shows the phone the bot kept, the caller's own only", async () => {
    const anna = await telegramUser();
    const ben = await telegramUser();
    expect((await contactOf(anna.token)).json()).toEqual({ phone: "", delivery_address: "", delivery_address_link: "" });

    // What the bot does with Anna's own contact message (bot/features/contact.ts).
    const contact = createContact({ db: store.db, clock: Date.now });
    const own = { user_id: anna.telegramId, phone_number: "66812345678" };
    expect(await contact.keepSharedPhone(anna.telegramId, own)).toEqual({ outcome: "kept", phone: "+66812345678" });
    // Ben's contact forwarded by Anna is not hers: nothing is kept.
    expect(await contact.keepSharedPhone(anna.telegramId, { user_id: ben.telegramId, phone_number: "+66899999999" })).toEqual({
      outcome: "not-yours",
    });

    const res = await contactOf(anna.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: "+66812345678" });
    expect((await contactOf(ben.token)).json()).toMatchObject({ phone: "" });
  });

  it("needs a session", async () => {
    expect((await store.app.inject({ method: "GET", url: "/api/me/contact" })).statusCode).toBe(401);
  });
});

describe("PUT /api/me/location", () => {
  it("keeps a Google Maps link to the point and answers it with the point as a courier reads it", async () => {
    const anna = await telegramUser();
    const res = await sendLocation(anna.token, { latitude: 9.5120002, longitude: 100.0136 });
    expect(res.statusCode).toBe(200);
    const link = "https://maps.google.com/?q=9.512000,100.013600";
    expect(res.json()).toEqual({ delivery_address_link: link, coordinates: "9.512000, 100.013600" });
    expect(await keptLink(anna.userId)).toBe(link);
    expect((await contactOf(anna.token)).json()).toMatchObject({ delivery_address_link: link });
  });

  it("the link it keeps is one the order form accepts as a courier's maps link", async () => {
    const anna = await telegramUser();
    const { delivery_address_link } = (await sendLocation(anna.token, { latitude: -33.8688, longitude: 151.2093 })).json();
    const shop = await store.db.selectFrom("shops").select("id").where("id", ">", 1).executeTakeFirstOrThrow();
    const product = await store.db
      .selectFrom("stock")
      .select(["product_id", "option_id"])
      .where("shop_id", "=", shop.id)
      .where("amount", ">", 0)
      .executeTakeFirstOrThrow();
    const res = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(anna.token), "idempotency-key": `loc-${anna.userId}-order` },
      payload: {
        shop_id: shop.id,
        items: [{ product_id: product.product_id, option_id: product.option_id, amount: 1 }],
        delivery_option: 1,
        payment_option: 0,
        phone: "+66812345678",
        delivery_address_link,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.delivery_address_link).toBe(delivery_address_link);
  });

  it.each([
    ["a latitude past the pole", { latitude: 91, longitude: 100 }],
    ["a longitude past the date line", { latitude: 9, longitude: -181 }],
    ["text for a number", { latitude: "9.5", longitude: "x" }],
    ["no longitude", { latitude: 9.5 }],
  ])("refuses %s with a 400 and keeps nothing", async (_, payload) => {
    const anna = await telegramUser();
    const res = await sendLocation(anna.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR" });
    expect(await keptLink(anna.userId)).toBeNull();
  });

  it("needs a session", async () => {
    const res = await store.app.inject({ method: "PUT", url: "/api/me/location", payload: { latitude: 1, longitude: 2 } });
    expect(res.statusCode).toBe(401);
  });
});
