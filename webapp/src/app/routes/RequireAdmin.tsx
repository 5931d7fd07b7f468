import type { ReactNode } from "react";
import { LockIcon } from "../../components/icons";
import { useSession } from "../../features/auth/hooks/useSession";
import { PageLoading } from "./PageLoading";

interface RequireAdminProps {
  children: ReactNode;
  /** The admin cabinet also serves shop managers (spec §2: 'MANAGER PAGE'); the admin tools do not. */
  orManager?: boolean;
}

/**
 * Admin pages show everyone else the spec's 'Отказано в доступе.' (access denied). The server checks the role
 * again on every call; this only keeps people from screens they cannot use.
 */
export function RequireAdmin({ children, orManager = false }: RequireAdminProps) {
  const { user, restoring, isAdmin, isManager } = useSession();
  if (restoring) return <PageLoading text="Checking access..." />;
  if (user && (isAdmin || (orManager && isManager))) return children;
  return (
    <section className="page">
      <div className="status-message" data-testid="access-denied">
        <span className="status-message__icon">
          <LockIcon />
        </span>
        <p className="status-message__title">Отказано в доступе.</p>
      </div>
    </section>
  );
}
