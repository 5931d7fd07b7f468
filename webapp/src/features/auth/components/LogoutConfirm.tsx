import { useLocation } from "wouter";
import { Modal } from "../../../components/Modal";
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
    <Modal active={open && canLogOut} onClose={closeLogoutConfirm} title="Log out" className="auth-modal">
      <p className="logout-confirm__text" data-testid="logout-question">
        You are sure you want to log out from account: {user?.email}?
      </p>
      <div className="auth-actions">
        <button type="button" className="button button--ghost" onClick={closeLogoutConfirm} data-testid="logout-no">
          NO
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={onLogout}
          disabled={logout.isPending}
          data-testid="logout-yes"
        >
          {logout.isPending && <span className="button__spinner" aria-hidden="true" />}
          Logout
        </button>
      </div>
    </Modal>
  );
}
