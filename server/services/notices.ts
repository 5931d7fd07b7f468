/**
 * Writes the notices an order change tells of into the outbox, inside the unit of work of the change (so a
 * notice exists exactly when its change does): every statement on the unit's executor. The customer's
 * notices, the push to a shop's staff for a new order, the edits that tell those staff what became of it,
 * and the payment's notices. Called by the order, hold, hand-over and TON use cases.
 */
import type { Executor } from "../../db/executor";
import { selectLines, selectOrderRow } from "../../db/repositories/orders";
import { enqueueNotification } from "../../db/repositories/outbox";
import {
  selectNewOrderRecipients,
  selectPerson,
  selectPushedStaff,
  selectShopStaff,
  type PersonRow,
} from "../../db/repositories/staffOrders";
import { maskEmail } from "../domain/handover";
import {
  orderDedupeKey,
  staffDedupeKey,
  type NotificationPayloads,
  type OrderNotificationPayload,
  type OutboxMessage,
  type StaffOrderUpdatePayload,
  type TonRefundDuePayload,
} from "../domain/notifications";

/** How a person is named: their name, else @username, else their e-mail (masked when others read it). */
export function personName(p: Pick<PersonRow, "first_name" | "last_name" | "username" | "email">, { maskedEmail = false } = {}): string {
  const name = [p.first_name, p.last_name].filter(Boolean).join(" ");
  if (name) return name;
  if (p.username) return `@${p.username}`;
  if (p.email) return maskedEmail ? maskEmail(p.email) : p.email;
  return "a manager";
}

/** The order as a notice tells of it, as it stands inside this unit. */
async function orderPayload(
  tx: Executor,
  orderId: number,
): Promise<(OrderNotificationPayload & { user_id: number; shop_id: number; delivery_option: number }) | null> {
  const row = await selectOrderRow(tx, orderId);
  if (!row) return null;
  return {
    order_id: orderId,
    user_id: row.user_id,
    shop_id: row.shop_id,
    delivery_option: row.delivery_option,
    shop_name: row.shop_name,
    shop_address: row.shop_address,
    total: row.discounted_price,
    item_count: (await selectLines(tx, orderId)).reduce((n, l) => n + l.amount, 0),
    hold_until: row.hold_until,
  };
}

type CustomerKind =
  "order_placed" | "order_canceled" | "order_expired" | "hold_reminder" | "order_taken" | "order_done" | "order_discounted" | "order_paid";
type Extra<K extends CustomerKind> = Omit<NotificationPayloads[K], keyof OrderNotificationPayload>;

/** Tells the customer of a change to their order (once per kind and order). */
export async function tellCustomer<K extends CustomerKind>(
  tx: Executor,
  kind: K,
  orderId: number,
  now: string,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- asks whether Extra<K> has no required field
  ...extra: {} extends Extra<K> ? [] : [Extra<K>]
): Promise<void> {
  const order = await orderPayload(tx, orderId);
  if (!order) return;
  const { user_id, shop_id: _shop, delivery_option: _delivery, ...payload } = order;
  await enqueueNotification(
    tx,
    { kind, user_id, order_id: orderId, dedupe_key: orderDedupeKey(kind, orderId), payload: { ...payload, ...(extra[0] ?? {}) } } as never,
    now,
  );
}

/**
 * A new order (N): every staff member of its shop who has a Telegram chat gets a push with Take order and Open,
 * and so does every admin who asked for every shop's (`/notify on`).
 */
export async function pushNewOrderToStaff(tx: Executor, orderId: number, shopId: number, now: string): Promise<void> {
  // Most placements are at shops whose staff use the mini-app only: ask who to push before building anything.
  const staff = await selectNewOrderRecipients(tx, shopId);
  if (!staff.some((member) => member.telegram_id !== null)) return;
  const order = await orderPayload(tx, orderId);
  if (!order) return;
  const { shop_id: _shop, ...pushed } = order;
  const lines = await selectLines(tx, orderId);
  for (const push of newOrderPushes(pushed, lines, staff)) await enqueueNotification(tx, push, now);
}

/** A new order as its pushes tell of it. */
export type PushedOrder = OrderNotificationPayload & { user_id: number; delivery_option: number };

/**
 * The pushes of a new order to `staff` (its shop's new-order recipients, `selectNewOrderRecipients`): one to each
 * who has a Telegram chat, but not to the customer (a staff member ordering at their own shop is told as the
 * customer; nobody takes their own order).
 */
export function newOrderPushes(
  order: PushedOrder,
  lines: readonly { product_name: string; price_text: string; amount: number }[],
  staff: readonly PersonRow[],
): OutboxMessage[] {
  const { user_id: customerId, ...payload } = order;
  const told = lines.map((l) => ({ product_name: l.product_name, price_text: l.price_text, amount: l.amount }));
  return staff
    .filter((member) => member.telegram_id !== null && member.id !== customerId)
    .map((member) => ({
      kind: "staff_new_order",
      user_id: member.id,
      order_id: order.order_id,
      dedupe_key: staffDedupeKey("staff_new_order", order.order_id, member.id),
      payload: { ...payload, lines: told },
    }));
}

/**
 * What became of an order its shop's staff were pushed: each of their messages is edited to say so (the
 * one who took it reads that they did). Once per outcome and person.
 */
export async function tellPushedStaff(
  tx: Executor,
  orderId: number,
  outcome: StaffOrderUpdatePayload["outcome"],
  /** Who did it: a staff member (named), an admin (named as such), or nobody (the customer, the clock). */
  by: { userId: number } | "admin" | null,
  now: string,
): Promise<void> {
  const person = by !== null && by !== "admin" ? await selectPerson(tx, by.userId) : undefined;
  // An admin is named by the bot in each reader's language (by_admin), never by an English word stored here.
  const byName = person ? personName(person, { maskedEmail: true }) : null;
  for (const pushed of await selectPushedStaff(tx, orderId)) {
    const payload: StaffOrderUpdatePayload = {
      order_id: orderId,
      outcome,
      by_name: byName,
      by_admin: by === "admin",
      by_you: person !== undefined && pushed.user_id === person.id,
      edits: pushed.dedupe_key,
    };
    await enqueueNotification(
      tx,
      {
        kind: "staff_order_update",
        user_id: pushed.user_id,
        order_id: orderId,
        dedupe_key: `${staffDedupeKey("staff_order_update", orderId, pushed.user_id)}:${outcome}`,
        payload,
      },
      now,
    );
  }
}

/**
 * The manager holding an order is told that an admin canceled it, unless the push they took it from is
 * being edited to say so (one message, not two).
 */
export async function tellManagerOfCancel(tx: Executor, orderId: number, managerId: number, now: string): Promise<void> {
  if ((await selectPushedStaff(tx, orderId)).some((pushed) => pushed.user_id === managerId)) return;
  const order = await orderPayload(tx, orderId);
  if (!order) return;
  const { user_id: _customer, shop_id: _shop, delivery_option: _delivery, ...payload } = order;
  await enqueueNotification(
    tx,
    {
      kind: "staff_order_canceled",
      user_id: managerId,
      order_id: orderId,
      dedupe_key: staffDedupeKey("staff_order_canceled", orderId, managerId),
      payload,
    },
    now,
  );
}

/**
 * A crypto payment arrived (or a manager confirmed it): the customer is told, and every staff member of the
 * order's shop with a Telegram chat. Once per order and person.
 */
export async function tellPaid(
  tx: Executor,
  orderId: number,
  paid: { amount_ton: string | null; tx_hash: string | null },
  now: string,
): Promise<void> {
  await tellCustomer(tx, "order_paid", orderId, now, paid);
  const order = await orderPayload(tx, orderId);
  if (!order) return;
  const { user_id: customerId, shop_id: shopId, delivery_option: _delivery, ...payload } = order;
  for (const member of await selectShopStaff(tx, shopId)) {
    if (member.telegram_id === null || member.id === customerId) continue;
    await enqueueNotification(
      tx,
      {
        kind: "staff_order_paid",
        user_id: member.id,
        order_id: orderId,
        dedupe_key: staffDedupeKey("staff_order_paid", orderId, member.id),
        payload: { ...payload, ...paid },
      },
      now,
    );
  }
}

/** A transfer that must go back to its sender: every admin is told, once per transaction. */
export async function tellRefundDue(tx: Executor, adminIds: readonly number[], payload: TonRefundDuePayload, now: string): Promise<void> {
  for (const adminId of adminIds) {
    await enqueueNotification(
      tx,
      {
        kind: "ton_refund_due",
        user_id: adminId,
        order_id: payload.order_id,
        dedupe_key: `ton_refund_due:${payload.tx_hash}:${adminId}`,
        payload,
      },
      now,
    );
  }
}
