import type { SessionUser } from "@domain/contracts/auth";

/** The cabinet's two views (spec §2 "Cabinet"): the customer's own, and the shop's. */
export type CabinetView = "personal" | "store";

/** Whether the store view shows the user's shop: shop admins always, the allow-listed accounts on Store. */
export function showsOwnShop(user: SessionUser, view: CabinetView): boolean {
  const ownsShop = user.store_id !== null;
  return ownsShop && (user.isAllowlisted ? view === "store" : true);
}
