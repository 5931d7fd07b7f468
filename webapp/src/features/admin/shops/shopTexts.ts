import { CITY_ID, CITY_NAME } from "@domain/constants";
import { SHOP_TEXTS } from "@domain/shops";

/** Spec §2 /shop/*: the loading text. */
export const SHOP_LOADING = "Loading shops...";

/** Spec §2 "Shop create/edit form": the region has one option, Koh Samui, city 1. */
export const REGIONS = [{ id: CITY_ID, name: CITY_NAME }] as const;

/** 'Error.' and the server's reason, the way a failed update or delete is shown (spec §8). */
export function errorText(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : "";
  return reason ? `${SHOP_TEXTS.error} ${reason}` : SHOP_TEXTS.error;
}
