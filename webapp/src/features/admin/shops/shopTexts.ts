import { CITY_ID } from "@domain/constants";
import { t, type MessageId } from "../../../lib/i18n";

/** Spec §2 /shop/*: the loading text. */
export const SHOP_LOADING: MessageId = "staff.stock.loadingShops";

/** Spec §2 "Shop create/edit form": the region has one option, Koh Samui, city 1 (its name in the reader's language). */
export const REGIONS = [{ id: CITY_ID, name: "staff.shops.region.1" }] as const;

/** 'Error.' and the server's reason (in the reader's language too), the way a failed update or delete is shown (spec §8). */
export function errorText(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : "";
  return reason ? t("staff.shops.errorWith", { reason }) : t("staff.shops.error");
}
