/**
 * Ten managers take one order at once, five in the mini-app (HTTP) and five with the bot's Take order button,
 * all against one store (the app's own services, as server/main.ts wires the bot): exactly one wins, one
 * event is written, and every loser is told who has it — in the app by a 409, in Telegram by the edited push.
 */
import type { User } from "grammy/types";
import { expect, it } from "vitest";
import { createBot } from "../../bot/bot";
import { createTelegramMessenger } from "../../bot/messenger";
import { createMiniApp } from "../../bot/miniApp";
import { createOutboxWorker } from "../../server/jobs/outboxWorker";
import { createOutboxDelivery } from "../../server/services/outboxDelivery";
import { makeTestStore, productIdsByName, shopIdsByName } from "../helpers/app";
import { FAKE_BOT_INFO, startFakeBotApi } from "../helpers/fakeBotApi";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../helpers/session";
import { botServicesFor, buttonPress, quietLog } from "./support";

const STORE_URL = "https://shop.example";

it("10 managers over HTTP and through the bot at once: 1 winner, 1 event, the others told who has it", async () => {
  const fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const store = await makeTestStore({
    env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "1000", TELEGRAM_API_ROOT: fake.apiRoot, PUBLIC_URL: STORE_URL },
  });
  try {
    const shops = await shopIdsByName(store.db);
    const products = await productIdsByName(store.db);
    const admin = await signInCustomer(store.app, 1000, "Boss");
    const names = ["Mali", "Niran", "Somchai", "Ploy", "Kiet", "Dao", "Anong", "Chai", "Lek", "Nok"];
    const managers: { token: string; userId: number; tg: User }[] = [];
    for (const [i, name] of names.entries()) {
      const tg: User = { id: 6100 + i, is_bot: false, first_name: name };
      const signedIn = await signInCustomer(store.app, tg.id, name);
      await store.app.inject({
        method: "POST",
        url: `/api/admin/shops/${shops["Chaweng Beach Store"]}/staff`,
        headers: bearer(admin.token),
        payload: { telegram_id: tg.id, role: "manager" },
      });
      managers.push({ ...signedIn, tg });
    }
    const customer = await signInCustomer(store.app, 9001, "Anna");
    const placed = await store.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...bearer(customer.token), "idempotency-key": "take-race-order" },
      payload: {
        shop_id: shops["Chaweng Beach Store"],
        items: [{ product_id: products["Jack Herer"], option_id: 0, amount: 1 }],
        delivery_option: 1,
        payment_option: 1,
      },
    });
    const orderId: number = placed.json().order.id;

    // The bot on the app's own use cases, and the worker that sends (and later edits) the pushes.
    const services = botServicesFor(store.db, { handover: store.app.services.handover });
    const config = { botToken: TEST_BOT_TOKEN, publicUrl: STORE_URL, telegramApiRoot: fake.apiRoot };
    const bot = createBot({ services, config, log: quietLog, botInfo: FAKE_BOT_INFO });
    const messenger = createTelegramMessenger(bot.api, createMiniApp(STORE_URL));
    const worker = createOutboxWorker({ outbox: createOutboxDelivery({ db: store.db }), messenger, log: quietLog });
    await worker.tick();
    const managerChats = new Set(managers.map((m) => m.tg.id));
    expect(fake.callsOf("sendMessage").filter((m) => managerChats.has(m.chat_id))).toHaveLength(10);

    const viaApp = managers
      .slice(0, 5)
      .map((m) => store.app.inject({ method: "POST", url: `/api/staff/orders/${orderId}/take`, headers: bearer(m.token) }));
    const viaBot = managers.slice(5).map((m) => bot.handleUpdate({ update_id: m.tg.id, ...buttonPress(m.tg, `staff:take:${orderId}`) }));
    const [appAnswers] = await Promise.all([Promise.all(viaApp), Promise.all(viaBot)]);

    const events = await store.db
      .selectFrom("order_events")
      .select(["actor_user_id"])
      .where("order_id", "=", orderId)
      .where("type", "=", "taken")
      .execute();
    expect(events).toHaveLength(1);
    const winner = managers.find((m) => m.userId === events[0]!.actor_user_id)!;
    const order = await store.db.selectFrom("orders").select(["status", "manager_id"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "W", manager_id: winner.userId });

    // Exactly one success across both ways in; the nine others are told 'Another manager got this order'.
    const appWon = appAnswers.filter((a) => a.statusCode === 200).length;
    const appLost = appAnswers.filter((a) => a.statusCode === 409 && a.json().message === "Another manager got this order").length;
    const botAnswers = fake.callsOf("answerCallbackQuery").map((a) => a.text as string);
    expect(botAnswers).toHaveLength(5);
    const botWon = botAnswers.filter((t) => t === "You've succesfuly got order").length;
    const botLost = botAnswers.filter((t) => t === "Another manager got this order").length;
    expect(appWon + botWon).toBe(1);
    expect(appLost + botLost).toBe(9);

    // The worker edits every push: the winner reads that they took it, everyone else who did.
    await worker.tick();
    const edits = fake.callsOf("editMessageText");
    expect(edits).toHaveLength(10);
    for (const m of managers) {
      const edit = edits.find((e) => e.chat_id === m.tg.id)!;
      expect(edit.text).toBe(m === winner ? `You took order #${orderId}.` : `Order #${orderId} was taken by ${winner.tg.first_name}.`);
    }
    await worker.stop();
  } finally {
    await store.close();
    await fake.close();
  }
});
