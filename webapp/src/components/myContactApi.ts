/**
 * What the store keeps on the signed-in customer for the courier (issue 26): `GET /api/me/contact` (the phone the
 * bot kept from Telegram) and `PUT /api/me/location` (a point from Telegram, kept as a maps link).
 */
import type { MyContact } from "@domain/contracts/contact";
import { apiRequest } from "../lib/api";

export function fetchMyContact(): Promise<MyContact> {
  return apiRequest<MyContact>("/api/me/contact");
}

export function keepMyLocation(latitude: number, longitude: number): Promise<{ delivery_address_link: string; coordinates: string }> {
  return apiRequest("/api/me/location", { method: "PUT", body: { latitude, longitude } });
}
