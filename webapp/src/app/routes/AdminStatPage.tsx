import { t } from "../../lib/i18n";
import { useAdminShops } from "../../features/admin/shops/api/useAdminShops";
import { StatsScreen } from "../../features/admin/stats/components/StatsScreen";

/** /admin/stat (admins; the router's RequireAdmin shows everyone else 'Отказано в доступе.'). */
export function AdminStatPage() {
  // The shop filter lists every shop that can sell: never the warehouse; a deleted shop keeps its history.
  const shops = useAdminShops();
  const choices = (shops.data ?? [])
    .filter((shop) => !shop.is_warehouse)
    .map((shop) => ({ id: shop.id, name: shop.is_deleted ? t("staff.shops.deletedName", { name: shop.name }) : shop.name }));
  return <StatsScreen shops={choices} />;
}
