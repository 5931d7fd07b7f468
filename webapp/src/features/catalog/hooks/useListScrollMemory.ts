import { useEffect, useRef } from "react";
import { paths } from "../../../lib/paths";

/** Where the customer was in the listing, kept for the whole visit (spec §2: remembered before opening a product). */
let listScrollY = 0;

/** Keeps the listing's scroll position and puts it back once the list is there again. */
export function useListScrollMemory(listShown: boolean): void {
  const restored = useRef(false);

  useEffect(() => {
    if (!listShown || restored.current) return;
    restored.current = true;
    if (listScrollY > 0) window.scrollTo(0, listScrollY);
  }, [listShown]);

  useEffect(() => {
    const remember = () => {
      // Leaving the page scrolls too (the next page starts at its top): that is not the listing's position.
      if (window.location.pathname === paths.home) listScrollY = window.scrollY;
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);
}
