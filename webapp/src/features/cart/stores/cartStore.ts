import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { DELIVERY_OPTIONS, PAYMENT_OPTIONS } from "@domain/constants";
import type { OrderSettings } from "@domain/orders";
import { notify } from "../../../components/notificationStore";
import { onSignOut } from "../../../lib/session";
import { t } from "../../../lib/i18n";

/** One product option in the cart (spec §3 Cart); `picked_option` '0' is the base product. */
export interface CartLine {
  id: number;
  picked_option: string;
  amount: number;
}

/** The placement being tried: the same cart sent again (after a lost answer) reuses its Idempotency-Key. */
interface PendingPlacement {
  key: string;
  /** The request body, as sent. */
  request: string;
}

interface CartState {
  lines: CartLine[];
  /** Delivery, payment and the courier's phone and address, as the cart page sets them. */
  settings: OrderSettings;
  placement: PendingPlacement | null;
}

/** Spec §4: a new cart starts with payment and delivery 1 (cash, self-pickup). */
const NEW_CART_SETTINGS: OrderSettings = {
  delivery_option: DELIVERY_OPTIONS.selfPickup,
  payment_option: PAYMENT_OPTIONS.cash,
  phone: "",
  delivery_address: "",
  delivery_address_link: "",
};

/** The cart survives reloads and app restarts: it lives in browser storage until an order is placed. */
export const useCartStore = create<CartState>()(
  persist((): CartState => ({ lines: [], settings: NEW_CART_SETTINGS, placement: null }), {
    name: "cart",
    storage: createJSONStorage(() => localStorage),
    version: 2,
    // Version 1 kept the lines only.
    migrate: (stored) => ({ settings: NEW_CART_SETTINGS, placement: null, ...(stored as Partial<CartState>) }) as CartState,
  }),
);

/** What the cart badge counts: one per line, whatever its amount. */
export const selectCartCount = (state: CartState): number => state.lines.length;

const sameLine = (id: number, option: string) => (line: CartLine) => line.id === id && line.picked_option === option;

export function isInCart(lines: CartLine[], id: number, option: string): boolean {
  return lines.some(sameLine(id, option));
}

export function addToCart(id: number, option: string, amount: number): void {
  const { lines } = useCartStore.getState();
  if (isInCart(lines, id, option)) {
    changeAmount(id, option, amount);
    return;
  }
  useCartStore.setState({ lines: [...lines, { id, picked_option: option, amount }] });
  notify(t("cart.added"), "S");
}

/** Spec §8 'Product not in Cart': changing or removing a line the cart does not have. */
export function removeFromCart(id: number, option: string): boolean {
  const { lines } = useCartStore.getState();
  if (!isInCart(lines, id, option)) {
    notify(t("cart.notInCart"), "W");
    return false;
  }
  useCartStore.setState({ lines: lines.filter((line) => !sameLine(id, option)(line)) });
  notify(t("cart.removed"), "N");
  return true;
}

export function changeAmount(id: number, option: string, amount: number): boolean {
  const { lines } = useCartStore.getState();
  if (!isInCart(lines, id, option)) {
    notify(t("cart.notInCart"), "W");
    return false;
  }
  useCartStore.setState({ lines: lines.map((line) => (sameLine(id, option)(line) ? { ...line, amount } : line)) });
  return true;
}

/** An order's lines put back in the cart ('Order again'): a line the cart holds already keeps the larger amount. */
export function putBackInCart(back: readonly CartLine[]): void {
  const { lines } = useCartStore.getState();
  const larger = (line: CartLine) => Math.max(line.amount, back.find(sameLine(line.id, line.picked_option))?.amount ?? 0);
  const added = back.filter((line) => !isInCart(lines, line.id, line.picked_option));
  useCartStore.setState({ lines: [...lines.map((line) => ({ ...line, amount: larger(line) })), ...added] });
}

/** The cart page's delivery, payment, phone and address choices. */
export function changeSettings(change: Partial<OrderSettings>): void {
  useCartStore.setState((state) => ({ settings: { ...state.settings, ...change } }));
}

/**
 * The Idempotency-Key for sending `request`: the key of the last try when it was this very cart (its answer
 * may have been lost on the way, and the server then answers with the order it already made), else a new one.
 */
export function placementKeyFor(request: string): string {
  const { placement } = useCartStore.getState();
  if (placement?.request === request) return placement.key;
  const key = newPlacementKey();
  useCartStore.setState({ placement: { key, request } });
  return key;
}

/** The order is placed: a new, empty cart with the new-cart options; the courier's phone and address stay. */
export function emptyCartAfterPlacing(): void {
  useCartStore.setState((state) => ({
    lines: [],
    placement: null,
    settings: { ...state.settings, delivery_option: NEW_CART_SETTINGS.delivery_option, payment_option: NEW_CART_SETTINGS.payment_option },
  }));
}

/** 128 random bits as hex; crypto.randomUUID is missing on plain-http pages, getRandomValues is not. */
function newPlacementKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The phone and address belong to the person signing out; the products may stay for whoever shops next.
onSignOut(() =>
  useCartStore.setState((state) => ({ settings: { ...state.settings, phone: "", delivery_address: "", delivery_address_link: "" } })),
);
