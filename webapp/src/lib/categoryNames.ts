/** The category names in the language in effect, by id (lib/labels.ts tells why they are translated here). */
import { ALL_TAG, HOT_DEAL_TAG } from "@domain/catalog";
import { t, type MessageId } from "./i18n";

const CATEGORY_IDS: Record<number, MessageId> = {
  [ALL_TAG]: "category.all",
  [HOT_DEAL_TAG]: "category.hot",
  1: "category.1",
  2: "category.2",
  3: "category.3",
  4: "category.4",
  5: "category.5",
};

/** A category's (or a home tag's: All 0, Hot deal -1) name; null for an id the store does not have. */
export function categoryName(id: number): string | null {
  const message = CATEGORY_IDS[id];
  return message ? t(message) : null;
}
