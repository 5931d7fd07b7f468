/** How the TON payment's outbox rows read in Telegram (issue 15): paid, told to the shop, a refund for the admins. */
import { describe, expect, it } from "vitest";
import { createMiniApp } from "../../bot/miniApp";
import { renderNotification } from "../../bot/notifications";

const https = createMiniApp("https://shop.example");
const order = {
  order_id: 42,
  shop_name: "Chaweng Beach Store",
  shop_address: "14 Beach Rd",
  total: 1_350,
  item_count: 3,
  hold_until: "2026-11-21T08:00:00.000Z",
};
const render = (kind: string, payload: object) => renderNotification(kind, JSON.stringify(payload), https);

describe("TON payment notices", () => {
  it("order_paid: the customer reads that the money arrived on the chain, with the order button", () => {
    const message = render("order_paid", { ...order, amount_ton: "5.4", tx_hash: "abc" })!;
    expect(message.text.split("\n")).toEqual([
      "Your payment for order #42 has arrived. Thank you!",
      "Received 5.4 TON on the chain.",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
      "Please pick it up before 15:00.",
    ]);
    expect(message.keyboard?.inline_keyboard).toEqual([[{ text: "Open order #42", web_app: { url: "https://shop.example/order/42" } }]]);
  });

  it("staff_order_paid: the shop reads it, confirmed by hand or from the chain, with Open", () => {
    const message = render("staff_order_paid", { ...order, amount_ton: null, tx_hash: null })!;
    expect(message.text.split("\n")).toEqual([
      "Order #42 is paid in crypto.",
      "Confirmed by the shop.",
      "Shop: Chaweng Beach Store, 14 Beach Rd",
      "3 items · total 1,350 ฿",
    ]);
    expect(message.keyboard?.inline_keyboard).toEqual([[{ text: "Open", web_app: { url: "https://shop.example/order/manage/42" } }]]);
  });

  it("ton_refund_due: the admins read what to send back, to whom and why", () => {
    const message = render("ton_refund_due", { order_id: 42, amount_ton: "5.4", tx_hash: "abc=", source: "0:AB", reason: "order_closed" })!;
    expect(message.text.split("\n")).toEqual([
      "A TON transfer for order #42 must be refunded: the order was canceled or expired before it arrived.",
      "Amount: 5.4 TON",
      "From: 0:AB",
      "Transaction: abc=",
    ]);
    expect(
      render("ton_refund_due", { order_id: 42, amount_ton: "5.4", tx_hash: "abc=", source: null, reason: "paid_twice" })!.text,
    ).toContain("the order was paid already");
  });

  it("a payload without its kind's shape renders to nothing", () => {
    expect(render("order_paid", { ...order, amount_ton: 5 })).toBeNull();
    expect(render("ton_refund_due", { order_id: 42, amount_ton: "5.4", tx_hash: "abc", source: null, reason: "because" })).toBeNull();
  });
});
