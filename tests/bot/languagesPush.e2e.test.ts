/**
 * End to end (issue 24): the store as `npm start` runs it. A customer whose Telegram speaks Thai signs in
 * through the mini-app and places an order over HTTP; long after the request, the outbox worker tells them
 * in Thai, and tells each manager of the shop in their own language: English for one, Russian (their stored
 * choice, whatever Telegram says) for the other.
 */
import { expect, it } from "vitest";
import { signInitData } from "../../server/services/telegramInitData";
import { productIdsByName, shopIdsByName } from "../helpers/app";
import type { BotParams } from "../helpers/fakeBotApi";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { useStoreWithBot } from "../helpers/storeWithBot";
import { addStaff } from "./support";

const web = useStoreWithBot("store-bot-languages-");

it("an order placed by a th customer pushes them in Thai, an en manager in English, a manager who chose ru in Russian", async () => {
  const shops = await shopIdsByName(web.store.db);
  const chaweng = shops["Chaweng Beach Store"]!;
  await addStaff(web.store.db, chaweng, { telegram_id: 7101, first_name: "Mike" });
  await web.store.db.updateTable("users").set({ telegram_locale: "en" }).where("telegram_id", "=", 7101).execute();
  await addStaff(web.store.db, chaweng, { telegram_id: 7102, first_name: "Vera" });
  await web.store.db.updateTable("users").set({ locale: "ru", telegram_locale: "en" }).where("telegram_id", "=", 7102).execute();

  const initData = signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify({ id: 7007, first_name: "Niran", language_code: "th" }),
    },
    TEST_BOT_TOKEN,
  );
  const signIn = await fetch(`${web.base}/api/auth/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData }),
  });
  expect(signIn.status).toBe(200);
  const { token } = (await signIn.json()) as { token: string };

  const products = await productIdsByName(web.store.db);
  const placed = await fetch(`${web.base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": "e2e-languages-1" },
    body: JSON.stringify({
      shop_id: chaweng,
      items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 2 }],
      delivery_option: 1,
      payment_option: 1,
    }),
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as { order: { id: number; discounted_price: number } };
  const amount = order.discounted_price.toLocaleString("en-US");

  const to = (chatId: number) => (p: BotParams) => p.chat_id === chatId;
  const [customer] = await web.fake.waitFor("sendMessage", { where: to(7007), timeoutMs: 10_000 });
  expect(customer!.text).toMatch(
    new RegExp(
      `^ได้รับคำสั่งซื้อ #${order.id} ของคุณแล้ว\nร้าน: Chaweng Beach Store.*\n` +
        `2 ชิ้น · รวม ฿${amount}\nกรุณารับสินค้าก่อน \\d\\d:\\d\\d น\\.$`,
    ),
  );
  expect(customer!.reply_markup.inline_keyboard[0][0].text).toBe(`เปิดคำสั่งซื้อ #${order.id}`);

  const [mike] = await web.fake.waitFor("sendMessage", { where: to(7101), timeoutMs: 10_000 });
  expect(mike!.text).toMatch(new RegExp(`^New order #${order.id}\nShop: Chaweng Beach Store`));
  expect(mike!.text).toContain(`Total: ${amount} ฿\nSelf pickup, held until `);
  expect(mike!.reply_markup.inline_keyboard[0].map((b: BotParams) => b.text)).toEqual(["Take order", "Open"]);

  const [vera] = await web.fake.waitFor("sendMessage", { where: to(7102), timeoutMs: 10_000 });
  expect(vera!.text).toMatch(new RegExp(`^Новый заказ №${order.id}\nМагазин: Chaweng Beach Store`));
  expect(vera!.text).toContain(`Итого: ${amount.replace(",", "\u00a0")}\u00a0฿\nСамовывоз, бронь до `);
  expect(vera!.reply_markup.inline_keyboard[0].map((b: BotParams) => b.text)).toEqual(["Взять заказ", "Открыть"]);
});
