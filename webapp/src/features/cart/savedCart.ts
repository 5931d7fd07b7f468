/**
 * The cart saved in Telegram's CloudStorage, as the cart page asks for it (issue 26 "Cart across devices"): the
 * sync itself is a chunk loaded inside Telegram only (app/cloudCartSync.ts, handed in by main.tsx), so this is
 * all the entry holds of it.
 */

type SavedCartCheck = (waitMs: number) => Promise<boolean>;

let check: SavedCartCheck | null = null;

/** main.tsx, inside Telegram: how to read the saved cart again (the sync chunk's `readSavedCartAgain`). */
export function provideSavedCartCheck(provided: SavedCartCheck): void {
  check = provided;
}

/**
 * Reads the saved cart again and takes it when it is newer than this device's. Resolves true when that replaced
 * the cart's lines or shop, false when not (or when Telegram did not answer within `waitMs`); null at once
 * outside Telegram, where there is nothing to read.
 */
export function takeNewerSavedCart(waitMs = 10_000): Promise<boolean> | null {
  return check && check(waitMs).catch(() => false);
}
