import type { ReactNode } from "react";
import { ACCESS_DENIED } from "@domain/errors";
import { LockIcon } from "../../components/icons";
import { useSession } from "../../features/auth/hooks/useSession";
import { PageLoading } from "./PageLoading";

interface RequireAdminProps {
  children: ReactNode;
  /** Staff screens (the cabinet's 'MANAGER PAGE', store orders, sales) also serve shop owners and managers. */
  orStaff?: boolean;
}

/**
 * Admin pages show everyone else the spec's 'Отказано в доступе.' (access denied). The server checks the role
 * again on every call; this only keeps people from screens they cannot use.
 */
export function RequireAdmin({ children, orStaff = false }: RequireAdminProps) {
  const { user, restoring, isAdmin, isStaff } = useSession();
  if (restoring) return <PageLoading text="Checking access..." />;
  if (user && (isAdmin || (orStaff && isStaff))) return children;
  return (
    <section className="page">
      <div className="status-message" data-testid="access-denied">
        <span className="status-message__icon">
          <LockIcon />
        </span>
        <p className="status-message__title">{ACCESS_DENIED}</p>
      </div>
    </section>
  );
}
