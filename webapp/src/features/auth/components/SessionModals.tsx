import { isInsideTelegram } from "../../../lib/telegram";
import { isAgeConfirmed } from "../ageConfirmation";
import { useSession } from "../hooks/useSession";
import { useLoginModalStore } from "../stores/loginModalStore";
import { useLogoutConfirmStore } from "../stores/logoutConfirmStore";
import { sessionDialogs } from "./sessionDialogsImport";

/**
 * The session's dialogs, mounted once by the shell as soon as their chunk is there (fetched when the browser is
 * idle, or at once when one of them is wanted: the age gate not yet answered, the login or logout opened).
 */
export function SessionModals() {
  // Read again on every render: the gate asks again whenever the signed-in e-mail changes (AgeGate.tsx).
  useSession();
  const ageAsked = !isAgeConfirmed();
  const loginOpen = useLoginModalStore((state) => state.open) && !isInsideTelegram();
  const logoutOpen = useLogoutConfirmStore((state) => state.open);
  const dialogs = sessionDialogs.use(ageAsked || loginOpen || logoutOpen);
  if (!dialogs) return null;
  return (
    <>
      <dialogs.AgeGate />
      <dialogs.LoginModal />
      <dialogs.LogoutConfirm />
    </>
  );
}
