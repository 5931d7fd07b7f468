/**
 * How each outbox row reads in Telegram (bot/notifications.ts): every kind's text and buttons, and payloads
 * that do not have their kind's shape rendering to nothing.
 */
import { describe, expect, it } from "vitest";
import { createMiniApp } from "../../bot/miniApp";
import { MAX_MESSAGE_LENGTH, renderNotification } from "../../bot/notifications";
import type { NotificationKind, NotificationPayloads, StaffOrderUpdatePayload } from "../../server/domain/notifications";

const https = createMiniApp("https://shop.example");
const http = createMiniApp("http://localhost:3000");

const order = {
  order_id: 42,
  shop_name: "Chaweng Beach Store",
  shop_address: "14 Beach Rd",
  total: 1_350,
  item_count: 3,
  hold_until: "2026-11-21T08:00:00.000Z",
};

function render<K extends NotificationKind>(kind: K, payload: NotificationPayloads[K], miniApp = https) {
  const message = renderNotification(kind, JSON.stringify(payload), miniApp);
  expect(message).not.toBeNull();
  return { lines: message!.text.split("\n"), text: message!.text, buttons: message!.keyboard?.inline_keyboard ?? null, message: message! };
}

const openOrder = [[{ text: "Open order #42", web_app: { url: "https://shop.example/order/42" } }]];
const openManage = [[{ text: "Open", web_app: { url: "https://shop.example/order/manage/42" } }]];

describe("customers", () => {
  it("order_taken: being prepared, with the pickup deadline and the order button", () => {
    const { lines, buttons } = render("order_taken", order);
    expect(lines).toEqual([
      "Your order #42 is being prepared by the shop.",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
      "3 items · total 1,350 ฿",
      "Please pick it up before 15:00.",
    ]);
    expect(buttons).toEqual(openOrder);
  });

  it("order_done: done, and paid with bonus only when it was", () => {
    expect(render("order_done", { ...order, paid_with_bonus: true }).lines).toEqual([
      "Your order #42 is done. Thank you!",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
      "3 items · total 1,350 ฿",
      "Paid with your bonus balance.",
    ]);
    expect(render("order_done", { ...order, paid_with_bonus: false }).text).not.toMatch(/bonus/);
  });

  it("order_discounted: the percent and the new total, or that the discount is gone", () => {
    const { lines, buttons } = render("order_discounted", { ...order, total: 1_215, discount_percent: 10, total_before: 1_350 });
    expect(lines).toEqual([
      "Your order #42 got a 10% discount.",
      "New total: 1,215 ฿ instead of 1,350 ฿.",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
    ]);
    expect(buttons).toEqual(openOrder);
    expect(render("order_discounted", { ...order, discount_percent: 0, total_before: 1_350 }).lines.slice(0, 2)).toEqual([
      "The discount on your order #42 was removed.",
      "Total: 1,350 ฿.",
    ]);
  });

  it("referral_income: the bonus earned and the balance, without the buyer's order", () => {
    const { lines, buttons } = render("referral_income", { order_id: 42, amount: 27, balance: 1_027 });
    expect(lines).toEqual(["You earned 27 ฿ in bonus: someone you invited completed an order.", "Your bonus balance: 1,027 ฿."]);
    expect(buttons).toEqual([[{ text: "Open Store", web_app: { url: "https://shop.example" } }]]);
  });
});

describe("staff", () => {
  const newOrder = {
    ...order,
    delivery_option: 1,
    lines: [
      { product_name: "Jack Herer", price_text: "1 g", amount: 2 },
      { product_name: "Rolling papers", price_text: "", amount: 1 },
    ],
  };

  it("staff_new_order: items, total, pickup with its hold, Take order and Open", () => {
    const { lines, buttons } = render("staff_new_order", newOrder);
    expect(lines).toEqual([
      "New order #42",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
      "",
      "2 × Jack Herer (1 g)",
      "1 × Rolling papers",
      "",
      "Total: 1,350 ฿",
      "Self pickup, held until 15:00",
    ]);
    expect(buttons).toEqual([[{ text: "Take order", callback_data: "staff:take:42" }, openManage[0]![0]]]);
  });

  it("staff_new_order: a courier order says so, without a hold; over http Open is a plain link", () => {
    const { lines, buttons } = render("staff_new_order", { ...newOrder, delivery_option: 2, hold_until: null }, http);
    expect(lines.at(-1)).toBe("Courier");
    expect(buttons![0]![1]).toEqual({ text: "Open", url: "http://localhost:3000/order/manage/42" });
  });

  it("staff_new_order: an order too long for one message gives its last lines up to a count, within Telegram's limit", () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({
      product_name: `${"Very long product name ".repeat(5)}${i}`,
      price_text: "3.5 g",
      amount: 1,
    }));
    const { text, lines: shown } = render("staff_new_order", { ...newOrder, lines });
    expect(text.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(shown).toContain("Total: 1,350 ฿");
    expect(shown.find((l) => l.startsWith("… and "))).toMatch(/^… and \d+ more lines$/);
  });

  it("staff_order_update: who took, completed, canceled, or that the hold ended; only Open stays", () => {
    const update = { order_id: 42, by_name: "Mali" as string | null, by_you: false, edits: "staff_new_order:42:7" };
    const cases: [Partial<typeof update> & Pick<StaffOrderUpdatePayload, "outcome">, string][] = [
      [{ outcome: "taken" }, "Order #42 was taken by Mali."],
      [{ outcome: "taken", by_you: true }, "You took order #42."],
      [{ outcome: "done" }, "Order #42 was completed by Mali."],
      [{ outcome: "done", by_you: true }, "You completed order #42."],
      [{ outcome: "canceled", by_name: null }, "Order #42 was canceled."],
      [{ outcome: "expired", by_name: null }, "The hold on order #42 ended: it was canceled and the items went back on the shelf."],
    ];
    for (const [change, text] of cases) {
      const rendered = render("staff_order_update", { ...update, ...change });
      expect(rendered.text).toBe(text);
      expect(rendered.buttons).toEqual(openManage);
    }
  });

  it("staff_order_update by an admin: the admin is named in each reader's language, and an older row's stored name still reads", () => {
    const byAdmin = { order_id: 42, outcome: "canceled" as const, by_name: null, by_admin: true, by_you: false, edits: "k" };
    const inLanguage = (locale: "en" | "ru" | "th") =>
      renderNotification("staff_order_update", JSON.stringify(byAdmin), https, locale)!.text;
    expect(inLanguage("en")).toBe("Order #42 was canceled by an admin.");
    expect(inLanguage("ru")).toBe("Заказ №42 отменён: администратор.");
    expect(inLanguage("th")).toBe("ผู้ดูแลระบบ ยกเลิกคำสั่งซื้อ #42 แล้ว");
    const older = { ...byAdmin, by_admin: undefined, by_name: "an admin" };
    expect(renderNotification("staff_order_update", JSON.stringify(older), https, "en")!.text).toBe("Order #42 was canceled by an admin.");
  });

  it("staff_order_canceled: an admin canceled it, with Open", () => {
    const { lines, buttons } = render("staff_order_canceled", order);
    expect(lines[0]).toBe("Order #42 was canceled by an admin.");
    expect(buttons).toEqual(openManage);
  });
});

describe("contact_client", () => {
  const contact = { order_id: 42, customer_name: "Anna", telegram_id: 5001, username: "anna_samui", email: null };

  it("a customer with a username: a t.me button", () => {
    const { text, buttons, message } = render("contact_client", contact);
    expect(text).toBe("Contact the client of order #42: Anna");
    expect(buttons).toEqual([[{ text: "Write to Anna", url: "https://t.me/anna_samui" }]]);
    expect(message.textWithoutKeyboard).toBeUndefined();
  });

  it("no username (or a malformed one): a button by Telegram id, and a text to send should Telegram refuse it", () => {
    for (const username of [null, "bad name/../x"]) {
      const { buttons, message } = render("contact_client", { ...contact, username, email: "anna@samui.example" });
      expect(buttons).toEqual([[{ text: "Write to Anna", url: "tg://user?id=5001" }]]);
      expect(message.textWithoutKeyboard!.split("\n")).toEqual([
        "Contact the client of order #42: Anna",
        "Their privacy settings keep me from linking to their chat.",
        "E-mail: anna@samui.example",
      ]);
    }
  });

  it("an e-mail-only customer: their address in the text, no button", () => {
    const { lines, buttons } = render("contact_client", {
      ...contact,
      customer_name: "mali@samui.example",
      telegram_id: null,
      username: null,
      email: "mali@samui.example",
    });
    expect(lines).toEqual(["Contact the client of order #42: mali@samui.example", "E-mail: mali@samui.example"]);
    expect(buttons).toBeNull();
  });
});

describe("malformed payloads render to nothing", () => {
  const bad: [string, unknown][] = [
    ["order_taken", { ...order, total: -1 }],
    ["order_done", { ...order }],
    ["order_done", { ...order, paid_with_bonus: "yes" }],
    ["order_discounted", { ...order, discount_percent: 12.5, total_before: 1_350 }],
    ["order_discounted", { ...order, discount_percent: 101, total_before: 1_350 }],
    ["staff_new_order", { ...order, delivery_option: 1 }],
    ["staff_new_order", { ...order, delivery_option: 3, lines: [] }],
    ["staff_new_order", { ...order, delivery_option: 1, lines: [{ product_name: "X", price_text: "", amount: 0 }] }],
    ["staff_order_update", { order_id: 42, outcome: "stolen", by_name: null, by_you: false, edits: "k" }],
    ["staff_order_update", { order_id: 42, outcome: "taken", by_name: null, by_you: false }],
    ["staff_order_canceled", { order_id: 42 }],
    ["contact_client", { order_id: 42, customer_name: "Anna", telegram_id: "5001", username: null, email: null }],
    ["contact_client", { order_id: 42, telegram_id: null, username: null, email: "a@b.c" }],
    ["order_placed", [order]],
    ["referral_income", { order_id: 42, amount: 0, balance: 10 }],
    ["order_teleported", order],
  ];
  it.each(bad)("%s with %j", (kind, payload) => {
    expect(renderNotification(kind, JSON.stringify(payload), https)).toBeNull();
  });

  it("text that is not JSON", () => {
    expect(renderNotification("order_placed", "{order", https)).toBeNull();
  });
});

describe("back in stock (issue 25)", () => {
  const payload = { product_id: 7, product_name: "Jack Herer", shops: [{ id: 2, name: "Lamai Store" }, { id: 3, name: "Chaweng Store" }] };

  it("names the product and the shops, with a button that opens the product and the promotions' opt-out", () => {
    const { lines, buttons } = render("back_in_stock", payload);
    expect(lines).toEqual(["Back in stock: Jack Herer, from your wishlist.", "Now at: Lamai Store, Chaweng Store."]);
    expect(buttons).toEqual([
      [{ text: "Open Jack Herer", web_app: { url: "https://shop.example/products/7" } }],
      [{ text: "Stop promotions", callback_data: "promo:stop" }],
    ]);
  });

  it("reads in the recipient's language", () => {
    const ru = renderNotification("back_in_stock", JSON.stringify(payload), https, "ru")!;
    expect(ru.text).toBe("Снова в наличии: Jack Herer из вашего избранного.\nГде забрать: Lamai Store, Chaweng Store.");
    expect(ru.keyboard!.inline_keyboard[0]![0]!.text).toBe("Открыть Jack Herer");
    const th = renderNotification("back_in_stock", JSON.stringify(payload), https, "th")!;
    expect(th.text.split("\n")[1]).toBe("รับได้ที่: Lamai Store, Chaweng Store");
  });

  it("renders nothing for a payload without a shop or a product", () => {
    expect(renderNotification("back_in_stock", JSON.stringify({ ...payload, shops: [] }), https)).toBeNull();
    expect(renderNotification("back_in_stock", JSON.stringify({ ...payload, product_id: 0 }), https)).toBeNull();
  });
});
