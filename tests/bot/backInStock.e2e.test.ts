/**
 * End to end (issue 25): the store as `npm start` runs it. A product two customers keep on their wishlist sold
 * out; an admin adds stock at a pickup shop over HTTP. The outbox worker tells the one who takes promotions, in
 * their language (Russian, their stored choice) with a button that opens the product, and never the one who
 * stopped promotions.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";
import { signInitData } from "../../server/services/telegramInitData";
import { makeTempDir, productIdsByName, shopIdsByName } from "../helpers/app";
import { startFakeBotApi, type BotParams, type FakeBotApi } from "../helpers/fakeBotApi";
import { TEST_BOT_TOKEN } from "../helpers/session";

const ADMIN_TG = 7300;
let fake: FakeBotApi;
let dataDir: string;
let store: Awaited<ReturnType<typeof start>>;
let base: string;

beforeEach(async () => {
  fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  dataDir = await makeTempDir("store-back-in-stock-");
  store = await start(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      PUBLIC_URL: "https://shop.example",
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ADMIN_TELEGRAM_IDS: String(ADMIN_TG),
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

it("an admin's restock pushes a Russian wishlister in Russian with an Open button, and nothing to one who stopped promotions", async () => {
  const products = await productIdsByName(store.db);
  const shops = await shopIdsByName(store.db);
  const productId = products["Jack Herer"]!;
  const reflink = (n: number) => `bis${n}x${Date.now() % 100_000}`;
  const [vera, optedOut] = await Promise.all(
    [
      { telegram_id: 7201, first_name: "Vera", locale: "ru", reflink: reflink(1) },
      { telegram_id: 7202, first_name: "Olga", promotions_opted_out_at: "2026-11-27T00:00:00.000Z", reflink: reflink(2) },
    ].map((u) => store.db.insertInto("users").values(u).returning("id").executeTakeFirstOrThrow()),
  );
  await store.db
    .insertInto("wishlist")
    .values([vera!, optedOut!].map(({ id }) => ({ user_id: id, product_id: productId })))
    .execute();
  await store.db.updateTable("stock").set({ amount: 0 }).where("product_id", "=", productId).execute();

  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id: ADMIN_TG, first_name: "Boss" }) },
    TEST_BOT_TOKEN,
  );
  const signIn = await fetch(`${base}/api/auth/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const added = await fetch(`${base}/api/admin/stock`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ product_id: productId, option_id: 0, shop_id: shops["Chaweng Beach Store"], amount: 3 }),
  });
  expect(added.status).toBe(200);

  const to = (chatId: number) => (p: BotParams) => p.chat_id === chatId;
  const [message] = await fake.waitFor("sendMessage", { where: to(7201), timeoutMs: 10_000 });
  expect(message!.text).toBe("Снова в наличии: Jack Herer из вашего избранного.\nГде забрать: Chaweng Beach Store.");
  expect(message!.reply_markup.inline_keyboard[0][0]).toEqual({
    text: "Открыть Jack Herer",
    web_app: { url: `https://shop.example/products/${productId}` },
  });
  // Nothing was queued for Olga, so nothing can reach her chat.
  const olgas = await store.db.selectFrom("outbox").select("id").where("user_id", "=", optedOut!.id).execute();
  expect(olgas).toEqual([]);
  expect(fake.callsOf("sendMessage").filter(to(7202))).toEqual([]);
});
