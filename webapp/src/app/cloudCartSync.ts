/**
 * Cart across devices (issue 26): inside Telegram the cart's lines and the chosen shop follow the person to every
 * device through Telegram's CloudStorage. At start the saved cart is read once and replaces this device's when
 * it is newer (lib/cloudCart.ts `cloudCartWins`); after that every change is saved, debounced. Loaded by main.tsx
 * with a dynamic import inside Telegram only, so neither the browser nor the entry carries it; it is handed the
 * stores rather than importing them (a lazy chunk importing the entry's stores splits it, docs/webapp.md "Chunks").
 */
import type { useCartStore } from "../features/cart/stores/cartStore";
import type { useChosenShopStore } from "../features/shops/stores/chosenShopStore";
import { CLOUD_CART_KEYS, cloudCartValues, cloudCartWins, parseCloudCart, type CloudCart } from "../lib/cloudCart";
import { canUseCloudStorage, readCloudValues, writeCloudValue } from "../lib/telegramCloudStorage";

/** When this device's cart or shop last changed (or took the saved cart), for the next start's comparison. */
const CHANGED_AT_KEY = "cart_changed_at";
/** Changes in a burst (the amount picker's taps) make one save. */
const SAVE_DELAY_MS = 800;

function readChangedAt(): number | null {
  try {
    const stored = Number(localStorage.getItem(CHANGED_AT_KEY));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function writeChangedAt(time: number): void {
  try {
    localStorage.setItem(CHANGED_AT_KEY, String(time));
  } catch {
    // Blocked storage: the next start compares as if nothing was recorded.
  }
}

type CartStore = typeof useCartStore;
type ShopStore = typeof useChosenShopStore;

let cartStore: CartStore;
let shopStore: ShopStore;
let started = false;
let changedAt: number | null = null;
/** Set while the saved cart is put into the stores, so that is not taken for a change of the person's. */
let restoring = false;
/** The start's read is done: saves may go out (before it, a save could overwrite the cart being read). */
let restored = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let dirty = false;
let saving: Promise<void> | null = null;

function localCart(): CloudCart {
  return {
    savedAt: changedAt ?? Date.now(),
    shop: shopStore.getState().chosenShopId,
    lines: cartStore.getState().lines.map(({ id, picked_option, amount }) => ({ id, picked_option, amount })),
  };
}

/**
 * Writes the cart as it is now: the continuation values first, the head last (a reader checks they match).
 * False when Telegram refused or did not answer a value.
 */
async function save(): Promise<boolean> {
  dirty = false;
  const { values, trimmed } = cloudCartValues(localCart());
  if (trimmed > 0) console.warn(`The cart's last ${trimmed} lines do not fit Telegram's CloudStorage and stay on this device`);
  for (const [key, value] of values) {
    if (!(await writeCloudValue(key, value))) return false;
  }
  return true;
}

/** Saves now unless a save is under way (then once more after it, with what the cart is by then). */
function flush(): void {
  clearTimeout(timer);
  if (!restored || !dirty || saving) return;
  saving = save().then((saved) => {
    saving = null;
    // A change made meanwhile is saved next. A refused save is still to do, but waits for the next change or
    // the app being hidden rather than trying again and again.
    const changedMeanwhile = dirty;
    if (!saved) dirty = true;
    if (changedMeanwhile) schedule();
  });
}

function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(flush, SAVE_DELAY_MS);
}

function changed(): void {
  if (restoring) return;
  changedAt = Date.now();
  writeChangedAt(changedAt);
  dirty = true;
  schedule();
}

function restore(cloud: CloudCart): void {
  restoring = true;
  try {
    cartStore.setState({ lines: cloud.lines });
    if (cloud.shop === null) shopStore.getState().clearShop();
    else shopStore.getState().chooseShop(cloud.shop);
  } finally {
    restoring = false;
  }
  changedAt = cloud.savedAt;
  writeChangedAt(cloud.savedAt);
}

/** Once at start, inside Telegram (6.9+): reads the saved cart, takes it when it wins, then saves every change. */
export async function startCloudCart(cart: CartStore, shop: ShopStore): Promise<void> {
  if (started || !canUseCloudStorage()) return;
  started = true;
  cartStore = cart;
  shopStore = shop;
  changedAt = readChangedAt();
  // Changes made while Telegram answers count (the person's cart is then the newer one).
  cartStore.subscribe((state, previous) => {
    if (state.lines !== previous.lines) changed();
  });
  shopStore.subscribe((state, previous) => {
    if (state.chosenShopId !== previous.chosenShopId) changed();
  });
  const values = await readCloudValues([...CLOUD_CART_KEYS]);
  const cloud = values ? parseCloudCart(values) : null;
  if (cloudCartWins({ lines: cartStore.getState().lines, changedAt }, cloud)) restore(cloud!);
  restored = true;
  flush();
  // Telegram may close the app within the delay (an order placed, then closed): what is pending goes at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
}
