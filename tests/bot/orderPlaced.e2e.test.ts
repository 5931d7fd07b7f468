/**
 * End to end: the store as `npm start` runs it (API, bot and outbox worker in one process, on a SQLite
 * file), a customer signed in through Telegram places an order over HTTP, and the fake Bot API sees the
 * bot tell them, once.
 */
import { expect, it } from "vitest";
import { formatBaht } from "../../server/domain/format";
import { signInitData } from "../../server/services/telegramInitData";
import { productIdsByName, shopIdsByName } from "../helpers/app";
import { TEST_BOT_TOKEN } from "../helpers/session";
import { useStoreWithBot } from "../helpers/storeWithBot";

const web = useStoreWithBot("store-bot-e2e-");

it("placing an order through the API makes the bot send the customer one message", async () => {
  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: 7007, first_name: "Niran" }) },
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
  const shops = await shopIdsByName(web.store.db);
  const placed = await fetch(`${web.base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": "e2e-bot-1" },
    body: JSON.stringify({
      shop_id: shops["Chaweng Beach Store"],
      items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 2 }],
      delivery_option: 1,
      payment_option: 1,
    }),
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as { order: { id: number; discounted_price: number } };

  const [message] = await web.fake.waitFor("sendMessage", { timeoutMs: 10_000 });
  expect(message!.chat_id).toBe(7007);
  expect(message!.text).toContain(`Your order #${order.id} is placed.`);
  expect(message!.text).toContain("Chaweng Beach Store");
  expect(message!.text).toContain(`total ${formatBaht(order.discounted_price)}`);
  expect(message!.text).toMatch(/Please pick it up before \d\d:\d\d\./);
  expect(message!.reply_markup.inline_keyboard[0][0]).toEqual({ text: `Open order #${order.id}`, web_app: { url: `https://shop.example/order/${order.id}` } });

  // Once recorded as sent, no later worker round sends it again.
  const statuses = () => web.store.db.selectFrom("outbox").select("status").where("order_id", "=", order.id).execute();
  await expect.poll(statuses, { timeout: 5_000 }).toEqual([{ status: "sent" }]);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(web.fake.callsOf("sendMessage")).toHaveLength(1);
});
