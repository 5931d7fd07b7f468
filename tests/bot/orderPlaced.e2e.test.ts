/**
 * End to end: the store as `npm start` runs it (API, bot and outbox worker in one process, on a SQLite
 * file), a customer signed in through Telegram places an order over HTTP, and the fake Bot API sees the
 * bot tell them, once.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { formatBaht } from "../../server/domain/format";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { signInitData } from "../../server/services/telegramInitData";
import { makeTempDir, productIdsByName, shopIdsByName } from "../helpers/app";
import { startFakeBotApi, type FakeBotApi } from "../helpers/fakeBotApi";
import { TEST_BOT_TOKEN } from "../helpers/session";

let fake: FakeBotApi;
let dataDir: string;
let store: Awaited<ReturnType<typeof start>>;
let base: string;

beforeEach(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  dataDir = await makeTempDir("store-bot-e2e-");
  store = await start(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      PUBLIC_URL: "https://shop.example",
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
    }),
  );
  const address = store.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterEach(async () => {
  await store.stop("test");
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("placing an order through the API makes the bot send the customer one message", async () => {
  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: 7007, first_name: "Niran" }) },
    TEST_BOT_TOKEN,
  );
  const signIn = await fetch(`${base}/api/auth/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData }),
  });
  expect(signIn.status).toBe(200);
  const { token } = (await signIn.json()) as { token: string };

  const products = await productIdsByName(store.db);
  const shops = await shopIdsByName(store.db);
  const placed = await fetch(`${base}/api/orders`, {
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

  const [message] = await fake.waitFor("sendMessage", { timeoutMs: 10_000 });
  expect(message!.chat_id).toBe(7007);
  expect(message!.text).toContain(`Your order #${order.id} is placed.`);
  expect(message!.text).toContain("Chaweng Beach Store");
  expect(message!.text).toContain(`total ${formatBaht(order.discounted_price)}`);
  expect(message!.text).toMatch(/Please pick it up before \d\d:\d\d\./);
  expect(message!.reply_markup.inline_keyboard[0][0]).toEqual({ text: `Open order #${order.id}`, web_app: { url: `https://shop.example/order/${order.id}` } });

  // Once recorded as sent, no later worker round sends it again.
  const statuses = () => store.db.selectFrom("outbox").select("status").where("order_id", "=", order.id).execute();
  await expect.poll(statuses, { timeout: 5_000 }).toEqual([{ status: "sent" }]);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(fake.callsOf("sendMessage")).toHaveLength(1);
});
