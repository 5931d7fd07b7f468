import { onSignOut } from "../../lib/session";

/** Spec §4 Age gate: asked until browser storage holds this key; log-out removes it. */
const AGE_CONFIRMED_KEY = "year_confirm_fr";

export function isAgeConfirmed(): boolean {
  try {
    return localStorage.getItem(AGE_CONFIRMED_KEY) !== null;
  } catch {
    return false;
  }
}

export function confirmAge(): void {
  try {
    localStorage.setItem(AGE_CONFIRMED_KEY, "1");
  } catch {
    // Blocked storage: the gate asks again next time, which is the safe side.
  }
}

onSignOut(() => {
  try {
    localStorage.removeItem(AGE_CONFIRMED_KEY);
  } catch {
    // Nothing stored.
  }
});
