import { Link } from "wouter";
import type { OrderStatus } from "@domain/orders";
import { UserIcon } from "../../components/icons";
import { ListIcon, ShieldIcon } from "../../components/moreIcons";
import { t, type MessageId } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { displayName, useSession } from "../../features/auth/hooks/useSession";
import { AdminCabinetButtons } from "../../features/admin/products/components/AdminCabinetButtons";
import { ExportOrdersButton } from "../../features/admin/orderExport/ExportOrdersButton";
import { OrderSection } from "../../features/handover/components/OrderSection";
import { ScanQrButton } from "../../features/handover/components/ScanQrButton";
import { SalesIcon } from "../../features/handover/components/staffIcons";
import "./pages.css";

/** Spec §2 /admin-cabinet: the order sections, in this order, each grouped by date. */
const SECTIONS: readonly { status: OrderStatus; title: MessageId }[] = [
  { status: "N", title: "staff.cabinet.section.N" },
  { status: "P", title: "staff.cabinet.section.P" },
  { status: "W", title: "staff.cabinet.section.W" },
  { status: "S", title: "staff.cabinet.section.S" },
  { status: "C", title: "staff.cabinet.section.C" },
];

const ROLE_NAMES = { owner: "staff.role.owner", manager: "staff.role.manager" } as const satisfies Record<string, MessageId>;

/** /admin-cabinet for admins and shop staff (spec §2): who they are, Scan QR, the staff lists and the order sections. */
export function AdminCabinetPage() {
  const { user, isAdmin } = useSession();
  if (!user) return null;
  const roles = isAdmin
    ? t("staff.role.admin")
    : user.shops.map((shop) => t("staff.role.at", { role: t(ROLE_NAMES[shop.role]), shop: shop.name })).join(", ");
  return (
    <section className="page staff-cabinet">
      <h1 className="page__title" data-testid="admin-title">
        {isAdmin ? t("staff.cabinet.admin") : t("staff.cabinet.manager")}
      </h1>
      <div className="cabinet-card card">
        <span className="cabinet-card__avatar cabinet-card__avatar--staff">
          <ShieldIcon />
        </span>
        <span className="cabinet-card__who">
          <span className="cabinet-card__name" data-testid="admin-name">
            {displayName(user)}
          </span>
          <span className="cabinet-card__sub">{roles}</span>
        </span>
      </div>

      <ScanQrButton />

      {isAdmin && <AdminCabinetButtons canSetHomeIcon={user.canSetHomeIcon} />}
      {isAdmin && (
        <Link href={paths.adminPromos} className="button button--ghost" data-testid="link-promos">
          {t("staff.promos.title")}
        </Link>
      )}
      {isAdmin && <ExportOrdersButton />}
      {isAdmin && (
        <Link href={paths.adminBroadcasts} className="button button--ghost" data-testid="link-broadcasts">
          {t("staff.broadcast.link")}
        </Link>
      )}

      <nav className="staff-links" aria-label={t("staff.cabinet.lists")}>
        <Link href={paths.storeOrders} className="staff-links__link" data-testid="link-store-orders">
          <ListIcon />
          {t("staff.storeOrders")}
        </Link>
        <Link href={paths.sales} className="staff-links__link" data-testid="link-sales">
          <SalesIcon />
          {t("staff.sales.all")}
        </Link>
        <Link href={paths.managerSales} className="staff-links__link" data-testid="link-manager-sales">
          <UserIcon />
          {t("staff.sales.mine")}
        </Link>
      </nav>

      {SECTIONS.map((section) => (
        // Spec §4: 'take order' is the managers'; admins see new orders without it.
        <OrderSection key={section.status} status={section.status} title={t(section.title)} canTake={!isAdmin} />
      ))}
    </section>
  );
}
