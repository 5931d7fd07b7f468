import { BroadcastScreen } from "../../features/admin/broadcasts/BroadcastScreen";

/** /admin/broadcasts (admins; the router's RequireAdmin shows everyone else 'Отказано в доступе.'). */
export function AdminBroadcastsPage() {
  return <BroadcastScreen />;
}
