import { ShieldIcon } from "../../components/icons";
import { displayName, useSession } from "../../features/auth/hooks/useSession";
import "./pages.css";

/** /admin-cabinet for admins and shop managers (spec §2); its order sections and tools arrive in later issues. */
export function AdminCabinetPage() {
  const { user, isAdmin } = useSession();
  if (!user) return null;
  return (
    <section className="page">
      <h1 className="page__title" data-testid="admin-title">
        {isAdmin ? "ADMIN PAGE" : "MANAGER PAGE"}
      </h1>
      <div className="cabinet-card">
        <span className="cabinet-card__avatar cabinet-card__avatar--staff">
          <ShieldIcon />
        </span>
        <span className="cabinet-card__who">
          <span className="cabinet-card__name" data-testid="admin-name">
            {displayName(user)}
          </span>
          <span className="cabinet-card__sub">{isAdmin ? "Administrator" : "Shop manager"}</span>
        </span>
      </div>
      <p className="page__note">
        {isAdmin ? "Products, shops, orders and statistics tools arrive in a later update." : "Your shop's orders arrive here in a later update."}
      </p>
    </section>
  );
}
