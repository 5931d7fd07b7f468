/**
 * The courier's phone and maps link as the API takes them (found by a walk-through at 360 px): a phone is kept
 * only when a courier can dial it, on placing and on saving a pending order's settings, and a link that is not
 * a Google Maps https link is refused in words a customer reads, in each language, never by its field's name.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { INVALID_PHONE } from "../../../server/domain/contact";
import { MAPS_LINK_ONLY } from "../../../server/domain/maps";
import { makeTestStore, productIdsByName, shopIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let products: Record<string, number>;
let shops: Record<string, number>;
let alice: { token: string; userId: number };
const NOW = Date.parse("2026-11-21T05:00:00.000Z");
let keys = 0;

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN }, clock: () => NOW });
  products = await productIdsByName(store.db);
  shops = await shopIdsByName(store.db);
  alice = await signInCustomer(store.app, 9101, "Alice", NOW);
  return () => store.close();
});

const ADDRESS = "Villa 7, Bophut Hills";

function placeCourier(courier: { phone?: string; delivery_address?: string; delivery_address_link?: string }, language?: string) {
  return store.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...bearer(alice.token), "idempotency-key": `courier-key-${++keys}`, ...(language ? { "accept-language": language } : {}) },
    payload: {
      shop_id: shops["Chaweng Beach Store"],
      items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }],
      delivery_option: 2,
      payment_option: 1,
      ...courier,
    },
  });
}

const orderRows = () => store.db.selectFrom("orders").select(["id", "status", "phone"]).execute();

describe("the courier's phone", () => {
  it.each([
    ["words", "call me maybe"],
    ["too few digits", "+66 1"],
    ["eight digits", "081 234 56"],
    ["sixteen digits", "+66 8123 4567 8901 23"],
    ["letters among the digits", "+66 81 234 567x"],
    ["a plus in the middle", "66+812345678"],
  ])("refuses %s with a 400 that says what a phone is, placing nothing", async (_what, phone) => {
    const res = await placeCourier({ phone, delivery_address: ADDRESS });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: INVALID_PHONE });
    expect(await orderRows()).toEqual([]);
  });

  it("says so in Russian and Thai", async () => {
    const message = async (language: string) =>
      (await placeCourier({ phone: "call me maybe", delivery_address: ADDRESS }, language)).json().message;
    expect(await message("ru")).toBe("Введите номер телефона из 9–15 цифр, например +66 81 234 5678.");
    expect(await message("th")).toBe("โปรดใส่เบอร์โทรศัพท์ 9–15 หลัก เช่น +66 81 234 5678");
  });

  it.each([
    ["a Thai mobile in the international form", "+66 81 234 5678"],
    ["a Thai mobile as dialled at home, with dashes", "081-234-5678"],
    ["a Thai landline of nine digits", "077 123 456"],
    ["a number with the area code in parentheses", "+1 (415) 555-2671"],
    ["fifteen digits", "+44 7911 123456 789"],
  ])("keeps %s as typed", async (_what, phone) => {
    const res = await placeCourier({ phone: ` ${phone} `, delivery_address: ADDRESS });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.phone).toBe(phone);
  });

  it("is checked as well when a pending order's settings are saved, which then stays pending", async () => {
    const placed = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(alice.token), "idempotency-key": "courier-pending-1" },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Gelato #41"], option_id: 0, amount: 1 }],
        delivery_option: 0,
        payment_option: 0,
      },
    });
    const { order } = placed.json();
    const save = (phone: string, language?: string) =>
      store.app.inject({
        method: "PUT",
        url: `/api/orders/${order.id}/settings`,
        headers: { ...bearer(alice.token), ...(language ? { "accept-language": language } : {}) },
        payload: { delivery_option: 2, payment_option: 1, phone, delivery_address: ADDRESS },
      });

    const refused = await save("+66 1");
    expect([refused.statusCode, refused.json().message]).toEqual([400, INVALID_PHONE]);
    expect((await save("call me maybe", "ru")).json().message).toBe("Введите номер телефона из 9–15 цифр, например +66 81 234 5678.");
    expect(await orderRows()).toEqual([{ id: order.id, status: "P", phone: "" }]);

    const saved = await save("+66 81 234 5678");
    expect(saved.statusCode).toBe(200);
    expect(saved.json().order).toMatchObject({ status: "N", phone: "+66 81 234 5678" });
  });
});

describe("the courier's maps link", () => {
  it("without https:// is refused with the maps link message in each language, not with the field's name", async () => {
    const message = async (language?: string) => {
      const res = await placeCourier({ phone: "+66 81 234 5678", delivery_address_link: "maps.google.com/?q=9.5,100.0" }, language);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await message()).toBe(MAPS_LINK_ONLY);
    expect(await message("ru")).toBe("Вставьте ссылку Google Maps (https://maps.app.goo.gl/… или https://www.google.com/maps/…).");
    expect(await message("th")).toBe("โปรดวางลิงก์ Google Maps (https://maps.app.goo.gl/… หรือ https://www.google.com/maps/…)");
    expect(await orderRows()).toEqual([]);
  });

  it("that is a Google Maps link is kept whole", async () => {
    const link = "https://www.google.com/maps/place/Some+Villa/@9.53,100.06,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d9.53!4d100.06";
    const res = await placeCourier({ phone: "+66 81 234 5678", delivery_address_link: link });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.delivery_address_link).toBe(link);
  });
});
