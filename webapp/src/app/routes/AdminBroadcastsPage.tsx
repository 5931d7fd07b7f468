import { BroadcastScreen } from "../../features/admin/broadcasts/BroadcastScreen";
import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";

/** /admin/broadcasts (admins; the router's RequireAdmin shows everyone else 'Отказано в доступе.'). */
export function AdminBroadcastsPage() {
  // The shops for the "customers of a shop" segment: read here, since one feature does not import another's.
  const shops = useAdminShops();
  return <BroadcastScreen shops={shops.data} />;
}
