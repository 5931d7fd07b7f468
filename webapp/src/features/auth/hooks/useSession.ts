import type { SessionUser } from "@domain/contracts/auth";
import { t } from "../../../lib/i18n";
import { useSessionTokenStore } from "../../../lib/session";
import { useMe } from "../api/useMe";
import { useTelegramSignInStore } from "../stores/telegramSignInStore";

export interface Session {
  /** Signed in and known; null for a visitor (and while a stored session is being checked). */
  user: SessionUser | null;
  /** A stored token or Telegram's launch data is being checked: not a visitor yet, not signed in yet. */
  restoring: boolean;
  isAdmin: boolean;
  /** Works for a shop (its owner or one of its managers): sees the manager cabinet and the shop's orders. */
  isManager: boolean;
  /** An admin or a shop's staff: the staff screens (hand-over, store orders, sales) are theirs. */
  isStaff: boolean;
  /** Spec §4 Logout "applies only to e-mail auth": Telegram sessions follow the messenger account. */
  canLogOut: boolean;
}

/** The signed-in user and what they may do, derived from the `me` query; the token decides whether it counts. */
export function useSession(): Session {
  const token = useSessionTokenStore((state) => state.token);
  const telegramSigningIn = useTelegramSignInStore((state) => state.signingIn);
  const me = useMe();
  const user = token === null ? null : (me.data ?? null);
  const isAdmin = user?.isAdmin === true;
  // Owners are staff as much as managers: the shops list names both (managerData only the managed shop).
  const isManager = (user?.shops.length ?? 0) > 0;
  return {
    user,
    restoring: telegramSigningIn || (token !== null && me.isPending),
    isAdmin,
    isManager,
    isStaff: isAdmin || isManager,
    canLogOut: user?.authType === "EMAIL",
  };
}

/** How the user is greeted: the name from Telegram, else the e-mail. */
export function displayName(user: SessionUser): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return name || user.email || (user.username ? `@${user.username}` : t("auth.customer"));
}
