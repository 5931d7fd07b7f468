import type { ReactNode } from "react";
import { ACCESS_DENIED } from "@domain/errors";
import { LockIcon } from "../../components/moreIcons";
import { currentLocale, t } from "../../lib/i18n";
import { useSession } from "../../features/auth/hooks/useSession";
import { PageLoading } from "./PageLoading";

interface RequireAdminProps {
  children: ReactNode;
  /** Staff screens (the cabinet's 'MANAGER PAGE', store orders, sales) also serve shop owners and managers. */
  orStaff?: boolean;
}

/**
 * Admin pages show everyone else the spec's 'Отказано в доступе.' (access denied; in Thai, Thai). The server
 * checks the role again on every call; this only keeps people from screens they cannot use. Its texts are in the
 * `app` messages: a customer who lands here never downloads the staff ones. In English the text is the spec's
 * constant itself; written as `t` alone, this module (in the entry and the staff chunk both) made Rolldown split
 * React's JSX runtime out of the entry (docs/webapp.md "Chunks"; checked by tests/e2e/handover.test.ts).
 */
export function RequireAdmin({ children, orStaff = false }: RequireAdminProps) {
  const { user, restoring, isAdmin, isStaff } = useSession();
  if (restoring) return <PageLoading text={t("staffGate.checking")} />;
  if (user && (isAdmin || (orStaff && isStaff))) return children;
  return (
    <section className="page">
      <div className="status-message" data-testid="access-denied">
        <span className="status-message__icon">
          <LockIcon />
        </span>
        <p className="status-message__title">{currentLocale() === "en" ? ACCESS_DENIED : t("staffGate.denied")}</p>
      </div>
    </section>
  );
}
