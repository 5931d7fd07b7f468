/** What the outbox tests share: an order and its notification, queued as the order service queues them. */
import type { DB } from "../../../db/connection";
import { enqueueNotification } from "../../../db/repositories/outbox";
import { unitOfWorkOf } from "../../../db/unitOfWork";
import { orderDedupeKey, type NotificationKind } from "../../../server/domain/notifications";
import { addOrder } from "../../bot/support";

export type OrderNoticeKind = Extract<NotificationKind, "order_placed" | "order_canceled" | "order_expired" | "hold_reminder">;

export interface OrderNotice {
  userId: number;
  shopId: number;
  kind: OrderNoticeKind;
  total: number;
  itemCount: number;
  holdUntil: string | null;
  /** When it is queued (ISO). */
  at: string;
}

/** An order of `userId` at "Chaweng Beach Store" and its notification; the order's id and the outbox row's. */
export async function queueOrderNotice(db: DB, notice: OrderNotice): Promise<{ orderId: number; outboxId: number }> {
  const { userId, kind, total, holdUntil: hold_until } = notice;
  const orderId = await addOrder(db, { user_id: userId, shop_id: notice.shopId, total, hold_until });
  const dedupe_key = orderDedupeKey(kind, orderId);
  await unitOfWorkOf(db).write((tx) =>
    enqueueNotification(
      tx,
      {
        kind,
        user_id: userId,
        order_id: orderId,
        dedupe_key,
        payload: {
          order_id: orderId,
          shop_name: "Chaweng Beach Store",
          shop_address: "14 Beach Rd",
          total,
          item_count: notice.itemCount,
          hold_until,
        },
      },
      notice.at,
    ),
  );
  const { id: outboxId } = await db.selectFrom("outbox").select("id").where("dedupe_key", "=", dedupe_key).executeTakeFirstOrThrow();
  return { orderId, outboxId };
}
