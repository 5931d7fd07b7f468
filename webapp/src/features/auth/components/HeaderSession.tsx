import { UserIcon } from "../../../components/icons";
import type { ReactNode } from "react";
import { t } from "../../../lib/i18n";
import { isInsideTelegram } from "../../../lib/telegram";
import { useSession } from "../hooks/useSession";
import { openLoginModal } from "../stores/loginModalStore";
import { BalanceChip } from "./BalanceChip";
import "./auth.css";

/**
 * The header's corner: the balance chip when signed in (with `menuExtra` under its menu), 'Log in' for a visitor
 * in a plain browser.
 */
export function HeaderSession({ menuExtra }: { menuExtra?: ReactNode }) {
  const { user, restoring, canLogOut } = useSession();
  if (user) return <BalanceChip user={user} canLogOut={canLogOut} extra={menuExtra} />;
  if (restoring) return <span className="balance-chip__placeholder" aria-label={t("auth.checkingSession")} />;
  // Inside Telegram the launch data signs in; there is nothing to ask.
  if (isInsideTelegram()) return null;
  return (
    <button type="button" className="login-button" onClick={() => openLoginModal()} data-testid="header-login">
      <UserIcon />
      {t("auth.login")}
    </button>
  );
}
