import type { QueryClient } from "@tanstack/react-query";

/** Query keys of the shop management screens' server data. */
export const ADMIN_SHOPS_KEY = ["admin", "shops"] as const;
export const adminShopKey = (id: number) => ["admin", "shop", id] as const;

/**
 * A shop was created, changed or deleted: the management list and that shop are asked again, and so is what
 * customers see of shops (the pickers, the product pages' shop lists) and the session (a shop admin e-mail
 * can make the signed-in user an owner).
 */
export function shopsChanged(queryClient: QueryClient, id?: number): void {
  void queryClient.invalidateQueries({ queryKey: ADMIN_SHOPS_KEY });
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: adminShopKey(id) });
  void queryClient.invalidateQueries({ queryKey: ["shops"] });
  void queryClient.invalidateQueries({ queryKey: ["products"] });
  void queryClient.invalidateQueries({ queryKey: ["product"] });
  void queryClient.invalidateQueries({ queryKey: ["me"] });
}
