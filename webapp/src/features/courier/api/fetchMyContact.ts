import type { MyContact } from "@domain/contracts/contact";
import { apiRequest } from "../../../lib/api";

/** GET /api/me/contact (issue 26): what the store keeps for the courier, e.g. the phone the bot kept from Telegram. */
export function fetchMyContact(): Promise<MyContact> {
  return apiRequest<MyContact>("/api/me/contact");
}
