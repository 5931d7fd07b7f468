/** The session token in browser storage (spec §3 "Browser storage keys"); sign-in writes it. */
const TOKEN_KEY = "token";

export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be blocked (private mode, some webviews): behave as signed out.
    return null;
  }
}
