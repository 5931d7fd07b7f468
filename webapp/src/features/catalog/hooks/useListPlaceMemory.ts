import { useEffect, type RefObject } from "react";
import type { Virtualizer } from "@tanstack/react-virtual";
import type { CardProduct } from "@domain/contracts/catalog";
import { paths } from "../../../lib/paths";

/**
 * Where the customer was in the listing (spec §2: remembered before opening a product), kept for the whole visit:
 * the card at the screen's top and how far its top stood from the screen's top. Not a scroll offset: back from a
 * product page the cards above may be drawn at other heights than last time (a picture or a font that had not
 * arrived when they were first drawn), and the customer must find the same card where it was.
 */
let remembered: { productId: number; offset: number } | null = null;

/** Keeps the listing's place as it scrolls and puts it back when the listing is drawn again. */
export function useListPlaceMemory(
  virtualizer: Virtualizer<Window, Element>,
  products: CardProduct[],
  list: RefObject<HTMLElement | null>,
): void {
  // A passive effect: it runs after the shell has put the new page at its top (a layout effect), and after the
  // cards drawn at the top have been measured, so the remembered card's position is the one it has now.
  useEffect(() => {
    const place = remembered;
    if (!place) return;
    const index = products.findIndex((product) => product.id === place.productId);
    const card = index < 0 ? undefined : virtualizer.measurementsCache[index];
    if (!card || !list.current) return;
    // The card's place in the list, put under where the list starts in the page now (the virtualizer learns that
    // only after this first drawing, so its own offsets may not count it yet).
    const listTop = list.current.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, listTop + card.start - virtualizer.options.scrollMargin - place.offset);
    // Once, when the listing is drawn: later scrolling is the customer's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const remember = () => {
      // Leaving the page scrolls too (the next page starts at its top): that is not the listing's place.
      if (window.location.pathname !== paths.home) return;
      const card = virtualizer.getVirtualItemForOffset(window.scrollY);
      const product = card && products[card.index];
      remembered = product ? { productId: product.id, offset: card.start - window.scrollY } : null;
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [virtualizer, products]);
}
