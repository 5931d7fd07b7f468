/**
 * What the on-screen keyboard leaves of the screen. On iOS the keyboard covers the page instead of shrinking
 * it, and inside Telegram the client reports the smaller viewport through its `viewportChanged` events
 * (lib/telegram.ts passes them here). The visible part is kept in two CSS variables, `--visible-top` and
 * `--visible-height`, which overlays (modals, sheets) size themselves by, and the focused text field (the
 * courier's phone and address, the login e-mail) is scrolled back into that part whenever it changes.
 */
import { onTelegramViewport } from "./telegram";

const TEXT_FIELD =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, [contenteditable="true"]';
/** Room kept between the field and the keyboard (or the top of the screen). */
const MARGIN_PX = 12;
/** The keyboard slides in for about this long after a field takes the focus. */
const KEYBOARD_ANIMATION_MS = 320;

let telegramHeight: number | null = null;

function visibleArea(): { top: number; height: number } {
  const viewport = window.visualViewport;
  const top = viewport?.offsetTop ?? 0;
  let height = viewport?.height ?? window.innerHeight;
  if (telegramHeight !== null && telegramHeight > 0) height = Math.min(height, telegramHeight);
  return { top, height };
}

function keepFocusedFieldInView(): void {
  const field = document.activeElement;
  if (!(field instanceof HTMLElement) || !field.matches(TEXT_FIELD)) return;
  const { top, height } = visibleArea();
  const rect = field.getBoundingClientRect();
  if (rect.top >= top + MARGIN_PX && rect.bottom <= top + height - MARGIN_PX) return;
  field.scrollIntoView({ block: "center", inline: "nearest" });
}

let lastPublished = "";

function publish(): void {
  const { top, height } = visibleArea();
  const value = `${Math.round(top)}/${Math.round(height)}`;
  if (value !== lastPublished) {
    lastPublished = value;
    const root = document.documentElement.style;
    root.setProperty("--visible-top", `${Math.round(top)}px`);
    root.setProperty("--visible-height", `${Math.round(height)}px`);
  }
  keepFocusedFieldInView();
}

/** Once at start (main.tsx). */
export function startViewport(): void {
  window.visualViewport?.addEventListener("resize", publish);
  window.visualViewport?.addEventListener("scroll", publish);
  onTelegramViewport((height) => {
    telegramHeight = height;
    publish();
  });
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement && event.target.matches(TEXT_FIELD)) setTimeout(keepFocusedFieldInView, KEYBOARD_ANIMATION_MS);
  });
  publish();
}
