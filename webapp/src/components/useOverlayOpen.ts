import { useEffect, useRef, type RefObject } from "react";

/** What Tab can reach. */
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), ' +
  'iframe, [tabindex]:not([tabindex="-1"])';
/** What an overlay focuses when it opens, unless a control in it took focus itself (React's autoFocus). */
const FIELD = 'input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled)';

/** The overlays open now, the latest last: only it answers the keyboard (a modal over a sheet). */
const openOverlays: HTMLElement[] = [];

const shown = (element: HTMLElement) => element.getClientRects().length > 0;

function focusables(overlay: HTMLElement, selector = FOCUSABLE): HTMLElement[] {
  return [...overlay.querySelectorAll<HTMLElement>(selector)].filter(shown);
}

/**
 * Focus back where it was before the overlay opened; when that control is gone, disabled or hidden (the order it
 * belonged to was placed, the sign-in replaced the login button) the page's main content takes it, so the next Tab
 * starts from the page rather than from the top of the document.
 */
function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected && shown(opener)) {
    opener.focus({ preventScroll: true });
    if (document.activeElement === opener) return;
  }
  document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
}

/**
 * While an overlay (modal, bottom sheet) is open: the page behind does not scroll; focus moves into it (its
 * primary control takes it with React's `autoFocus`, even one arriving later, such as the shop picker's shops; else
 * its first field, else the overlay itself), Tab and Shift-Tab go round inside it, Escape closes it when it can be
 * closed (`onClose` given), and when it closes focus goes back to the control that opened it.
 */
export function useOverlayOpen(open: boolean, onClose: (() => void) | undefined, overlayRef: RefObject<HTMLElement | null>): void {
  // The opener is taken as the overlay starts to open, before anything in it (a field's autoFocus) takes focus.
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open) opener.current = document.activeElement;
  }
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const overlay = overlayRef.current;
    if (!open || !overlay) return;
    openOverlays.push(overlay);
    const onTop = () => openOverlays.at(-1) === overlay;

    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    if (!overlay.contains(document.activeElement)) (focusables(overlay, FIELD)[0] ?? overlay).focus();

    const onKey = (event: KeyboardEvent) => {
      if (!onTop() || event.defaultPrevented) return;
      if (event.key === "Escape") {
        if (close.current) {
          event.preventDefault();
          close.current();
        }
        return;
      }
      if (event.key !== "Tab") return;
      const reachable = focusables(overlay);
      const first = reachable[0];
      const last = reachable.at(-1);
      const active = document.activeElement;
      const outside = !overlay.contains(active) || active === overlay;
      if (!first || !last) {
        event.preventDefault();
        overlay.focus({ preventScroll: true });
      } else if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that lands behind the overlay anyway (Tab out of a radio group, a script) is brought back in.
    const onFocusIn = (event: FocusEvent) => {
      if (onTop() && !overlay.contains(event.target as Node)) (focusables(overlay)[0] ?? overlay).focus();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);

    return () => {
      openOverlays.splice(openOverlays.indexOf(overlay), 1);
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      // Only when focus was in the overlay (or went with it): a click elsewhere that closed it keeps its own.
      const active = document.activeElement;
      if (!active || active === document.body || overlay.contains(active)) returnFocus(opener.current);
    };
  }, [open, overlayRef]);
}
