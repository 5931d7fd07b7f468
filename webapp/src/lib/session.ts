import { create } from "zustand";

/**
 * The session token: the one place it is read and written. Browser storage keeps it across reloads (spec §3
 * "Browser storage keys": token); this store lets screens re-render when it changes. Who the token belongs
 * to is server data and lives in the query cache (features/auth `me` query), never here.
 */
const TOKEN_KEY = "token";
/** An older name for the same thing; nothing writes it any more, log-out still clears it (spec §4 Logout). */
const LEGACY_TOKEN_KEY = "userToken";

interface SessionTokenState {
  token: string | null;
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    // Storage can be blocked (private mode, some webviews): behave as signed out.
    return null;
  }
}

export const useSessionTokenStore = create<SessionTokenState>()(() => ({ token: readStoredToken() }));

export function storedToken(): string | null {
  return useSessionTokenStore.getState().token;
}

export function keepToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Blocked storage: the session lasts as long as the page.
  }
  useSessionTokenStore.setState({ token });
}

export function dropToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  useSessionTokenStore.setState({ token: null });
}

/** The token the server last confirmed (GET /api/me answered a user for it) during this page's life. */
let confirmedToken: string | null = null;

export function confirmToken(token: string | null): void {
  confirmedToken = token;
}

const sessionLostHandlers = new Set<(lost: { wasConfirmed: boolean }) => void>();

/** What to do when the session dies while the app is open (features/auth opens the sign-in). */
export function onSessionLost(handler: (lost: { wasConfirmed: boolean }) => void): () => void {
  sessionLostHandlers.add(handler);
  return () => sessionLostHandlers.delete(handler);
}

/**
 * The server said `token` is dead (401 on a call that carried it). The token goes, unless a newer sign-in
 * replaced it meanwhile, and the sign-in is offered again, once per lost token.
 */
export function sessionLost(token: string): void {
  if (storedToken() !== token) return;
  const wasConfirmed = confirmedToken === token;
  confirmedToken = null;
  dropToken();
  for (const handler of sessionLostHandlers) handler({ wasConfirmed });
}

const signOutResets = new Set<() => void>();

/**
 * Client state that belongs to the signed-in person (chosen shop, active-order flag, wishlist …) registers
 * its reset here, so log-out clears it without the session knowing every feature.
 */
export function onSignOut(reset: () => void): void {
  signOutResets.add(reset);
}

/** Log-out (spec §4 Logout): the token goes, and with it everything registered through onSignOut. */
export function signOut(): void {
  dropToken();
  for (const reset of signOutResets) reset();
}

// Signing in or out in another tab of the same browser applies here too.
window.addEventListener("storage", (event) => {
  if (event.key === TOKEN_KEY || event.key === null) useSessionTokenStore.setState({ token: readStoredToken() });
});
