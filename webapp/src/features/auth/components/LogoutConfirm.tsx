import { useLocation } from "wouter";
import { Modal } from "../../../components/Modal";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useLogout } from "../api/useLogout";
import { useSession } from "../hooks/useSession";
import { closeLogoutConfirm, useLogoutConfirmStore } from "../stores/logoutConfirmStore";
import "./auth.css";

/** Spec §4 Logout: asks first, then ends the session and goes home. Only e-mail sessions can log out. */
export function LogoutConfirm() {
  const open = useLogoutConfirmStore((state) => state.open);
  const { user, canLogOut } = useSession();
  const logout = useLogout();
  const [, navigate] = useLocation();

  const onLogout = () => {
    logout.mutate(undefined, { onSuccess: () => navigate(paths.home) });
  };

  return (
    <Modal active={open && canLogOut} onClose={closeLogoutConfirm} title={t("menu.logout")} className="auth-modal">
      <p className="logout-confirm__text" data-testid="logout-question">
        {t("logout.question", { email: user?.email ?? "" })}
      </p>
      <div className="auth-actions">
        <button type="button" className="button button--ghost" onClick={closeLogoutConfirm} autoFocus data-testid="logout-no">
          {t("auth.no")}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={onLogout}
          disabled={logout.isPending}
          data-testid="logout-yes"
        >
          {logout.isPending && <span className="button__spinner" aria-hidden="true" />}
          {t("logout.confirm")}
        </button>
      </div>
    </Modal>
  );
}
