/** What the store keeps on a user for the courier (issue 26): the phone Telegram shared, the maps link of a location. */
import type { Executor } from "../executor";

/** The kept phone and address of a user; undefined for no such user. */
export function selectUserContact(db: Executor, userId: number) {
  return db
    .selectFrom("users")
    .select(["phone", "delivery_address", "delivery_address_link"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Keeps the phone on the user with this Telegram id; false when there is none. */
export async function setPhoneOfTelegramUser(db: Executor, telegramId: number, phone: string, now: string): Promise<boolean> {
  const result = await db.updateTable("users").set({ phone, updated_at: now }).where("telegram_id", "=", telegramId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps a maps link on the user. */
export async function setDeliveryLinkOfUser(db: Executor, userId: number, link: string, now: string): Promise<void> {
  await db.updateTable("users").set({ delivery_address_link: link, updated_at: now }).where("id", "=", userId).execute();
}
