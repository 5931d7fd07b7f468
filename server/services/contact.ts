/**
 * Phone and location from Telegram (issue 26). The phone a customer shares with `requestContact` reaches the bot
 * as a contact message, and the bot keeps it here on the user; the mini-app's courier form then reads it
 * (`contactOf`, polled for a few seconds). A location from Telegram's LocationManager is kept as a maps link.
 */
import type { DB } from "../../db/connection";
import { selectUserContact, setDeliveryLinkOfUser, setPhoneOfTelegramUser } from "../../db/repositories/userContact";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { coordinatesText, mapsLinkAt, normaliseSharedPhone } from "../domain/contact";
import type { LocationBody, MyContact } from "../domain/contracts/contact";
import { NotFoundError } from "../domain/errors";

/** What came of a shared phone: kept, not a phone the courier form takes, or from someone who is no user yet. */
export type SharedPhoneOutcome = "kept" | "invalid" | "unknown-user";

export type Contact = ReturnType<typeof createContact>;

export function createContact({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("contact");
  const now = () => new Date(clock()).toISOString();

  return {
    /** The sender's own contact, as the bot received it (the bot checked it is the sender's). */
    async keepSharedPhone(telegramId: number, phoneNumber: string): Promise<SharedPhoneOutcome> {
      const phone = normaliseSharedPhone(phoneNumber);
      if (phone === null) return "invalid";
      const kept = await units.write("keepSharedPhone", (tx) => setPhoneOfTelegramUser(tx, telegramId, phone, now()));
      return kept ? "kept" : "unknown-user";
    },

    async contactOf(userId: number): Promise<MyContact> {
      const row = await units.read("contactOf", (tx) => selectUserContact(tx, userId));
      if (!row) throw new NotFoundError("User", "User not found");
      return {
        phone: row.phone ?? "",
        delivery_address: row.delivery_address ?? "",
        delivery_address_link: row.delivery_address_link ?? "",
      };
    },

    /** Keeps the maps link of the point on the user; answers it with the point as a courier reads it. */
    async keepLocation(userId: number, { latitude, longitude }: LocationBody) {
      const link = mapsLinkAt(latitude, longitude);
      await units.write("keepLocation", (tx) => setDeliveryLinkOfUser(tx, userId, link, now()));
      return { delivery_address_link: link, coordinates: coordinatesText(latitude, longitude) };
    },
  };
}
