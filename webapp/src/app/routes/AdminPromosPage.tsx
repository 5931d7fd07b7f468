import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";
import { PromosScreen } from "../../features/admin/promos/components/PromosScreen";

/** /admin/promos (admins; the router's RequireAdmin refuses everyone else): promo codes (issue 25). */
export function AdminPromosPage() {
  // A code may be limited to pickup shops: never the warehouse, never a deleted shop.
  const shops = useAdminShops();
  const choices = (shops.data ?? []).filter((shop) => !shop.is_warehouse && !shop.is_deleted).map(({ id, name }) => ({ id, name }));
  return <PromosScreen shops={choices} />;
}
