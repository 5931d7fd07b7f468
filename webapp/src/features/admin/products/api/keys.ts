import type { QueryClient } from "@tanstack/react-query";
import { t } from "../../../../lib/i18n";
import { showAlert } from "../../../../lib/telegramActions";

/** Query keys of the admin product screens; everything under ADMIN_PRODUCTS_KEY goes stale on a change. */
const ADMIN_PRODUCTS_KEY = ["admin", "products"] as const;
export const adminProductsKey = (category: number, search: string) => ["admin", "products", { category, search }] as const;
export const adminProductKey = (id: number) => ["admin", "products", "one", id] as const;
export const stockHistoryKey = (productId: number) => ["admin", "products", "stock-history", productId] as const;

/**
 * A product changed: the admin lists and the customer's catalogue (home list, product pages, wishlist) are
 * asked again, so this phone sees at once what customers see within one poll.
 */
export function productChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY });
  void queryClient.invalidateQueries({ queryKey: ["products"] });
  void queryClient.invalidateQueries({ queryKey: ["product"] });
  void queryClient.invalidateQueries({ queryKey: ["wishlist"] });
}

/** Spec §7: a failed upload or update of the product form shows the server's text as an alert (not a banner). */
export const alertInstead = {
  quietIf: (error: unknown) => {
    void showAlert(error instanceof Error ? error.message : t("staff.somethingWrong"));
    return true;
  },
};
