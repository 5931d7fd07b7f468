/** Phone and location from Telegram (issue 26): what the courier form reads and sends. */
import { Type, type Static } from "typebox";

/** `GET /api/me/contact`: what the store keeps on the user for the courier ("" where nothing is kept). */
export const MyContact = Type.Object({
  phone: Type.String(),
  delivery_address: Type.String(),
  delivery_address_link: Type.String(),
});
export type MyContact = Static<typeof MyContact>;

/** `PUT /api/me/location`: the point Telegram's LocationManager gave. */
export const LocationBody = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
});
export type LocationBody = Static<typeof LocationBody>;

export const LocationResponse = Type.Object({
  /** The Google Maps link now kept on the user. */
  delivery_address_link: Type.String(),
  /** The point as a courier reads it, for the address field. */
  coordinates: Type.String(),
});
