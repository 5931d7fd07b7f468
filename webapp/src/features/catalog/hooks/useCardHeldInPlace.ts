import { useCallback, useLayoutEffect, useRef } from "react";

/** The card of a product in the list on screen. */
function cardOf(productId: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.product-list [data-product-id="${productId}"]`);
}

/**
 * Keeps a product's card where it stands on the screen while the list is replaced under it. Choosing a shop from a
 * card narrows the home list to that shop's products: cards above it go, and without this the page would jump (to
 * its top, or to whatever card now sits at the old height) instead of leaving the customer at the card they used.
 * `hold(productId)` measures the card now; once the next list is on screen (`list` changed and `settled`, i.e. not
 * the previous list shown while the new one loads), the page scrolls that card back to the same height.
 */
export function useCardHeldInPlace(list: unknown, settled: boolean): (productId: number) => void {
  const held = useRef<{ productId: number; top: number } | null>(null);

  useLayoutEffect(() => {
    if (!held.current || !settled || list === undefined) return;
    const { productId, top } = held.current;
    held.current = null;
    const card = cardOf(productId);
    if (card) window.scrollBy(0, card.getBoundingClientRect().top - top);
  }, [list, settled]);

  // The same function every render: the home list's memoised cards are handed it and stay as they are.
  return useCallback((productId) => {
    const card = cardOf(productId);
    held.current = card ? { productId, top: card.getBoundingClientRect().top } : null;
  }, []);
}
