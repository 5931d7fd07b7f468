import { UserIcon } from "../../../components/icons";
import { isInsideTelegram } from "../../../lib/telegram";
import { useSession } from "../hooks/useSession";
import { openLoginModal } from "../stores/loginModalStore";
import { BalanceChip } from "./BalanceChip";
import "./auth.css";

/** The header's corner: the balance chip when signed in, 'Log in' for a visitor in a plain browser. */
export function HeaderSession() {
  const { user, restoring, canLogOut } = useSession();
  if (user) return <BalanceChip user={user} canLogOut={canLogOut} />;
  if (restoring) return <span className="balance-chip__placeholder" aria-label="Checking your session" />;
  // Inside Telegram the launch data signs in; there is nothing to ask.
  if (isInsideTelegram()) return null;
  return (
    <button type="button" className="login-button" onClick={() => openLoginModal()} data-testid="header-login">
      <UserIcon />
      Log in
    </button>
  );
}
