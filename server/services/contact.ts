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

/**
 * What came of a shared contact: kept (with the phone as kept), someone else's contact (forwarded or picked: only
 * the sender's own is kept), not a phone the courier form takes, or from someone who is no user yet.
 */
export type SharedPhoneOutcome = { outcome: "kept"; phone: string } | { outcome: "not-yours" | "invalid" | "unknown-user" };

export type Contact = ReturnType<typeof createContact>;

export function createContact({ db, clock }: { db: DB; clock: () => number }) {
  const units = unitOfWorkOf(db).named("contact");
  const now = () => new Date(clock()).toISOString();

  return {
    /** A contact the sender shared with the bot: kept on the sender only when it is their own. */
    async keepSharedPhone(senderId: number, contact: { user_id?: number; phone_number: string }): Promise<SharedPhoneOutcome> {
      if (contact.user_id !== senderId) return { outcome: "not-yours" };
      const phone = normaliseSharedPhone(contact.phone_number);
      if (phone === null) return { outcome: "invalid" };
      const kept = await units.write("keepSharedPhone", (tx) => setPhoneOfTelegramUser(tx, senderId, phone, now()));
      return kept ? { outcome: "kept", phone } : { outcome: "unknown-user" };
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
