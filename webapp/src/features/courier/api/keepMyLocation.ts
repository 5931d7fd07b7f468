import { apiRequest } from "../../../lib/api";

/** PUT /api/me/location (issue 26): a point from Telegram, kept on the customer as a maps link. */
export function keepMyLocation(latitude: number, longitude: number): Promise<{ delivery_address_link: string; coordinates: string }> {
  return apiRequest("/api/me/location", { method: "PUT", body: { latitude, longitude } });
}
