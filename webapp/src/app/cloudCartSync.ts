/**
 * Cart across devices (issue 26): inside Telegram the cart's lines and the chosen shop follow the person to every
 * device through Telegram's CloudStorage. The saved cart is read at start, again whenever the app comes back to
 * the foreground, the cart page opens or an order is about to be placed, and each time replaces this device's
 * when it is newer (lib/cloudCart.ts `cloudCartWins`): a cart ordered on the phone must not be ordered a second
 * time from a desktop that stayed open. Every change is saved, debounced. Loaded by main.tsx
 * with a dynamic import inside Telegram only, so neither the browser nor the entry carries it; it is handed the
 * stores rather than importing them (a lazy chunk importing the entry's stores splits it, docs/webapp.md "Chunks").
 */
import type { useCartStore } from "../features/cart/stores/cartStore";
import type { useChosenShopStore } from "../features/shops/stores/chosenShopStore";
import { CLOUD_CART_KEYS, cloudCartValues, cloudCartWins, parseCloudCart, sameCart, type CloudCart } from "../lib/cloudCart";
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
/** The start's read, which every later read waits for. */
let startRead: Promise<void> = Promise.resolve();
/** A read under way: a second reason to read (the cart page opening as the app comes back) shares it. */
let reading: Promise<void> | null = null;
/** How many times a saved cart has replaced this device's with other lines or another shop. */
let replacements = 0;

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
  if (!sameCart(localCart(), cloud)) replacements++;
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
  // The device now holds what is saved: nothing of its own is left to save.
  clearTimeout(timer);
  dirty = false;
}

/** Reads the saved cart and takes it when it wins over this device's (judged when Telegram has answered). */
function takeNewerSavedCart(waitMs?: number): Promise<void> {
  reading ??= readCloudValues([...CLOUD_CART_KEYS], waitMs)
    .then((values) => {
      const cloud = values ? parseCloudCart(values) : null;
      if (cloudCartWins({ lines: cartStore.getState().lines, changedAt }, cloud)) restore(cloud!);
    })
    .finally(() => {
      reading = null;
    });
  return reading;
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
  startRead = takeNewerSavedCart();
  await startRead;
  restored = true;
  flush();
  document.addEventListener("visibilitychange", () => {
    // Telegram may close the app within the delay (an order placed, then closed): what is pending goes at once.
    if (document.visibilityState === "hidden") flush();
    // Back in the foreground: the cart may have been ordered or changed on another device meanwhile.
    else void takeNewerSavedCart();
  });
  window.addEventListener("pagehide", flush);
}

/**
 * Reads the saved cart again (the cart page opened, Place order pressed) and takes it when it wins. True when a
 * saved cart replaced this device's lines or shop since the call (the start's read included): what the person
 * was about to order is not what the cart holds now. False outside Telegram's CloudStorage and when Telegram did
 * not answer within `waitMs`.
 */
export async function readSavedCartAgain(waitMs: number): Promise<boolean> {
  if (!started) return false;
  const before = replacements;
  // A read already under way (the start's, the cart page's) may have longer to wait: this one waits `waitMs` at most.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([startRead.then(() => takeNewerSavedCart(waitMs)), late]);
  clearTimeout(timer);
  return replacements !== before;
}
