import { Link } from "wouter";
import type { OrderStatus } from "@domain/orders";
import { ListIcon, ShieldIcon, UserIcon } from "../../components/icons";
import { paths } from "../../lib/paths";
import { displayName, useSession } from "../../features/auth/hooks/useSession";
import { AdminCabinetButtons } from "../../features/admin/products/components/AdminCabinetButtons";
import { OrderSection } from "../../features/handover/components/OrderSection";
import { ScanQrButton } from "../../features/handover/components/ScanQrButton";
import { SalesIcon } from "../../features/handover/components/staffIcons";
import "./pages.css";

/** Spec §2 /admin-cabinet: the order sections, in this order, each grouped by date. */
const SECTIONS: readonly { status: OrderStatus; title: string }[] = [
  { status: "N", title: "AWAITING ORDERS" },
  { status: "P", title: "PENDING ORDERS" },
  { status: "W", title: "ORDERS IN PROCESS" },
  { status: "S", title: "COMPLETED ORDERS" },
  { status: "C", title: "CANCELED ORDERS" },
];

const ROLE_NAMES = { owner: "Owner", manager: "Manager" } as const;

/** /admin-cabinet for admins and shop staff (spec §2): who they are, Scan QR, the staff lists and the order sections. */
export function AdminCabinetPage() {
  const { user, isAdmin } = useSession();
  if (!user) return null;
  const roles = isAdmin ? "Administrator · every shop" : user.shops.map((shop) => `${ROLE_NAMES[shop.role]} · ${shop.name}`).join(", ");
  return (
    <section className="page staff-cabinet">
      <h1 className="page__title" data-testid="admin-title">
        {isAdmin ? "ADMIN PAGE" : "MANAGER PAGE"}
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

      <nav className="staff-links" aria-label="Staff lists">
        <Link href={paths.storeOrders} className="staff-links__link" data-testid="link-store-orders">
          <ListIcon />
          Store orders
        </Link>
        <Link href={paths.sales} className="staff-links__link" data-testid="link-sales">
          <SalesIcon />
          All sales
        </Link>
        <Link href={paths.managerSales} className="staff-links__link" data-testid="link-manager-sales">
          <UserIcon />
          My sales
        </Link>
      </nav>

      {SECTIONS.map((section) => (
        // Spec §4: 'take order' is the managers'; admins see new orders without it.
        <OrderSection key={section.status} status={section.status} title={section.title} canTake={!isAdmin} />
      ))}
    </section>
  );
}
