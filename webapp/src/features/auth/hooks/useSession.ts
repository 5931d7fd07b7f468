import type { SessionUser } from "@domain/contracts/auth";
import { useSessionTokenStore } from "../../../lib/session";
import { useMe } from "../api/useMe";
import { useTelegramSignInStore } from "../stores/telegramSignInStore";

export interface Session {
  /** Signed in and known; null for a visitor (and while a stored session is being checked). */
  user: SessionUser | null;
  /** A stored token or Telegram's launch data is being checked: not a visitor yet, not signed in yet. */
  restoring: boolean;
  isAdmin: boolean;
  /** Staff of a shop: sees the manager cabinet. */
  isManager: boolean;
  /** Spec §4 Logout "applies only to e-mail auth": Telegram sessions follow the messenger account. */
  canLogOut: boolean;
}

/** The signed-in user and what they may do, derived from the `me` query; the token decides whether it counts. */
export function useSession(): Session {
  const token = useSessionTokenStore((state) => state.token);
  const telegramSigningIn = useTelegramSignInStore((state) => state.signingIn);
  const me = useMe();
  const user = token === null ? null : (me.data ?? null);
  return {
    user,
    restoring: telegramSigningIn || (token !== null && me.isPending),
    isAdmin: user?.isAdmin === true,
    isManager: user?.managerData != null,
    canLogOut: user?.authType === "EMAIL",
  };
}

/** How the user is greeted: the name from Telegram, else the e-mail. */
export function displayName(user: SessionUser): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return name || user.email || (user.username ? `@${user.username}` : "Customer");
}
