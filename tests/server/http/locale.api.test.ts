/**
 * Issue 24 through the API: the language a person is answered in (the stored choice, else Telegram's
 * language_code, else Accept-Language, else English), the choice set by PUT /api/me/locale, and every error
 * `message` said in that language while its `error` code stays the same English identifier.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { placeOrder } from "../../helpers/orders";
import { bearer, emailSession, signedInAs, TEST_BOT_TOKEN } from "../../helpers/session";
import { signInitData } from "../../../server/services/telegramInitData";

let store: TestStore;
let products: Record<string, number>;
let shops: Record<string, number>;
let nextTelegramId = 7_240_000;
const ADMIN_TG = 7_239_999;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
});
afterAll(() => store.close());

/** The mini-app's Telegram sign-in, with the language Telegram puts in the signed initData. */
function telegramSignIn(telegramId: number, languageCode?: string) {
  const user = { id: telegramId, first_name: "Customer", ...(languageCode === undefined ? {} : { language_code: languageCode }) };
  const initData = signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(user) }, TEST_BOT_TOKEN);
  return store.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
}

async function telegramUser(languageCode?: string) {
  const telegramId = nextTelegramId++;
  return { telegramId, ...signedInAs(await telegramSignIn(telegramId, languageCode)) };
}

const me = (token: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "GET", url: "/api/me", headers: { ...bearer(token), ...headers } });

const chooseLocale = (token: string, payload: object) =>
  store.app.inject({ method: "PUT", url: "/api/me/locale", headers: bearer(token), payload });

async function storedChoice(userId: number): Promise<string | null> {
  const row = await store.db.selectFrom("users").select("locale").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.locale;
}

describe("PUT /api/me/locale", () => {
  it.each([
    ["an unknown language", { locale: "fr" }],
    ["an empty text", { locale: "" }],
    ["an injection attempt", { locale: "ru; DROP" }],
    ["a number", { locale: 7 }],
    ["no locale at all", {}],
  ])("refuses %s with a 400 naming en, ru and th, and stores nothing", async (_, payload) => {
    const user = await telegramUser("de");
    const res = await chooseLocale(user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "locale must be one of en, ru, th" });
    expect(await storedChoice(user.userId)).toBeNull();
    expect((await me(user.token)).json().user.locale).toBe("en");
  });

  it("says the refusal in the caller's language, naming the same values, and keeps an earlier choice", async () => {
    const user = await telegramUser("en");
    expect((await chooseLocale(user.token, { locale: "th" })).statusCode).toBe(200);
    const thai = await chooseLocale(user.token, { locale: "fr" });
    expect(thai.statusCode).toBe(400);
    expect(thai.json()).toEqual({ error: "VALIDATION_ERROR", message: "ภาษา (locale) ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: en, ru, th" });
    expect(await storedChoice(user.userId)).toBe("th");
    const russian = await telegramUser("ru");
    const res = await chooseLocale(russian.token, { locale: "ru; DROP" });
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "Язык (locale) должен быть одним из: en, ru, th" });
  });

  it("stores ru: GET /api/me says ru, and a later Telegram sign-in in Thai does not change it", async () => {
    const user = await telegramUser("en");
    const res = await chooseLocale(user.token, { locale: "ru" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: "ru" });
    expect((await me(user.token)).json().user.locale).toBe("ru");

    const later = await telegramSignIn(user.telegramId, "th");
    expect(later.json().user.locale).toBe("ru");
    const { token } = signedInAs(later);
    expect((await me(token, { "accept-language": "th" })).json().user.locale).toBe("ru");
    const row = await store.db
      .selectFrom("users")
      .select(["locale", "telegram_locale"])
      .where("id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locale: "ru", telegram_locale: "th" });
  });

  it("needs a session", async () => {
    const res = await store.app.inject({ method: "PUT", url: "/api/me/locale", payload: { locale: "ru" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("SIGN_IN_REQUIRED");
  });
});

describe("GET /api/me locale", () => {
  it.each([
    ["ru-RU", "ru"],
    ["uk", "ru"],
    ["th", "th"],
    ["de", "en"],
  ])("from Telegram's language_code %s: %s", async (languageCode, locale) => {
    const user = await telegramUser(languageCode);
    expect((await me(user.token)).json().user.locale).toBe(locale);
  });

  it("Telegram's language beats the browser's; an unknown one leaves it to the browser", async () => {
    const thai = await telegramUser("th");
    expect((await me(thai.token, { "accept-language": "ru-RU,ru;q=0.9" })).json().user.locale).toBe("th");
    const german = await telegramUser("de");
    expect((await me(german.token, { "accept-language": "ru-RU,ru;q=0.9" })).json().user.locale).toBe("ru");
  });

  it("for an e-mail user, from Accept-Language by its q-values", async () => {
    const { token } = await emailSession(store.db, "browser@samui.example");
    expect((await me(token, { "accept-language": "th-TH,th;q=0.9,en;q=0.8" })).json().user.locale).toBe("th");
    expect((await me(token, { "accept-language": "de-DE,ru;q=0.4,en;q=0.7" })).json().user.locale).toBe("en");
    expect((await me(token, { "accept-language": "be" })).json().user.locale).toBe("ru");
    expect((await me(token)).json().user.locale).toBe("en");
  });

  it.each([
    ["10 KB long", `ru-RU,${"ru;q=0.9,".repeat(1200)}`],
    ["malformed", ";;;q==,,@@@, -ru"],
    ["with an impossible q-value", "ru;q=7"],
    ["of control characters and noise", "\t%%%%\u00a0ру"],
  ])("an Accept-Language %s means English, with no error", async (_, header) => {
    const { token } = await emailSession(store.db, `odd${header.length}@samui.example`);
    const res = await me(token, { "accept-language": header });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.locale).toBe("en");
    const missing = await store.app.inject({ method: "GET", url: "/api/products?stock_id=999", headers: { "accept-language": header } });
    expect(missing.json()).toEqual({ error: "SHOP_NOT_FOUND", message: "Shop 999 not found" });
  });
});

describe("API errors in the caller's language", () => {
  it("a ru session gets 'Not enough products in stock' in Russian, the code unchanged", async () => {
    const user = await telegramUser("ru");
    const shopId = shops["Chaweng Beach Store"]!;
    const productId = products["Jack Herer"]!;
    await store.db.updateTable("stock").set({ amount: 0 }).where("shop_id", "=", shopId).where("product_id", "=", productId).execute();
    const res = await placeOrder(store.app, user.token, "locale-out-of-stock-1", { shopId, productId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "OUT_OF_STOCK", message: "Недостаточно товара в наличии" });

    const english = await telegramUser("en");
    const same = await placeOrder(store.app, english.token, "locale-out-of-stock-2", { shopId, productId });
    expect(same.json()).toEqual({ error: "OUT_OF_STOCK", message: "Not enough products in stock" });
  });

  it("the session's language wins over the request's Accept-Language", async () => {
    const user = await telegramUser("ru");
    const headers = { ...bearer(user.token), "accept-language": "th" };
    const res = await store.app.inject({ method: "GET", url: "/api/orders/999999", headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ORDER_NOT_FOUND", message: "Заказ 999999 не найден" });
  });

  it("a schema's refusal in Russian: the field's name stays, the words are translated", async () => {
    const user = await telegramUser("ru");
    const res = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(user.token), "idempotency-key": "locale-schema-1" },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: "2" }],
        delivery_option: 1,
        payment_option: 1,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: "items.0.amount должно быть целым числом" });
  });

  it("a public route answers in Thai by Accept-Language", async () => {
    const headers = { "accept-language": "th-TH,th;q=0.9" };
    const shop = await store.app.inject({ method: "GET", url: "/api/products?stock_id=999", headers });
    expect(shop.statusCode).toBe(404);
    expect(shop.json()).toEqual({ error: "SHOP_NOT_FOUND", message: "ไม่พบร้าน 999" });
    const query = await store.app.inject({ method: "GET", url: "/api/products?category=abc", headers });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ error: "VALIDATION_ERROR", message: "category ต้องเป็นจำนวนเต็ม" });
    const english = await store.app.inject({ method: "GET", url: "/api/products?category=abc" });
    expect(english.json()).toEqual({ error: "VALIDATION_ERROR", message: "category must be an integer" });
  });

  it("'Please log in first.' and the spec's 'Отказано в доступе.' per language", async () => {
    const anonymous = (lang: string) => store.app.inject({ method: "GET", url: "/api/me", headers: { "accept-language": lang } });
    expect((await anonymous("th")).json()).toEqual({ error: "SIGN_IN_REQUIRED", message: "โปรดเข้าสู่ระบบก่อน" });
    expect((await anonymous("ru")).json()).toEqual({ error: "SIGN_IN_REQUIRED", message: "Сначала войдите в аккаунт." });
    expect((await anonymous("en")).json()).toEqual({ error: "SIGN_IN_REQUIRED", message: "Please log in first." });

    const denied = async (languageCode: string) => {
      const user = await telegramUser(languageCode);
      return (await store.app.inject({ method: "GET", url: "/api/admin/stats", headers: bearer(user.token) })).json();
    };
    expect(await denied("en")).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
    expect(await denied("ru")).toEqual({ error: "FORBIDDEN", message: "Отказано в доступе." });
    expect(await denied("th")).toEqual({ error: "FORBIDDEN", message: "ไม่มีสิทธิ์เข้าถึง" });
  });

  it("Fastify's own refusals: malformed JSON and an unsupported media type", async () => {
    const send = (lang: string | null, contentType: string, payload: string) =>
      store.app.inject({
        method: "POST",
        url: "/api/auth/email/code",
        headers: { "content-type": contentType, ...(lang ? { "accept-language": lang } : {}) },
        payload,
      });
    const broken = await send("ru", "application/json", '{"email":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: "FST_ERR_CTP_INVALID_JSON_BODY",
      message: "Тело запроса не является корректным JSON, хотя указан тип application/json",
    });
    expect((await send(null, "application/json", '{"email":')).json()).toEqual({
      error: "FST_ERR_CTP_INVALID_JSON_BODY",
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
    const xml = await send("th", "application/xml", "<email/>");
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: "FST_ERR_CTP_INVALID_MEDIA_TYPE", message: "ไม่รองรับรูปแบบข้อมูลนี้" });
  });

  it("an unknown API route in Russian", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/nothing-here?x=1", headers: { "accept-language": "ru" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "NOT_FOUND", message: "Адрес GET /api/nothing-here не найден" });
  });
});

describe("confirmations in 2xx answers", () => {
  it("an admin in Russian is told how many products were added, with the plural form", async () => {
    const admin = signedInAs(await telegramSignIn(ADMIN_TG, "ru"));
    const add = async (amount: number) =>
      (
        await store.app.inject({
          method: "POST",
          url: "/api/admin/stock",
          headers: bearer(admin.token),
          payload: { product_id: products["Jack Herer"], option_id: 0, amount },
        })
      ).json().message;
    expect(await add(1)).toBe("Вы добавили 1 товар.");
    expect(await add(22)).toBe("Вы добавили 22 товара.");
    expect(await add(5)).toBe("Вы добавили 5 товаров.");
    expect((await chooseLocale(admin.token, { locale: "en" })).statusCode).toBe(200);
    expect(await add(5)).toBe("You've added 5 products.");
  });
});
