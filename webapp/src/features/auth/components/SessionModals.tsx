import { AgeGate } from "./AgeGate";
import { LoginModal } from "./LoginModal";
import { LogoutConfirm } from "./LogoutConfirm";

/** The session's dialogs, mounted once by the shell. */
export function SessionModals() {
  return (
    <>
      <AgeGate />
      <LoginModal />
      <LogoutConfirm />
    </>
  );
}
