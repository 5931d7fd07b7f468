/**
 * What a screen in another language must not do (issue 24): push anything wider than its box at 360 px, or
 * draw a character no font has (a "tofu" box). Both read from the page as Chromium laid it out.
 */
import { existsSync } from "node:fs";
import type { Page } from "playwright-core";

/** Debian's Thai fonts: without them Chromium draws Thai as boxes (the CI script installs them). */
export function requireThaiFonts(): void {
  if (!existsSync("/usr/share/fonts/truetype/tlwg")) {
    throw new Error("Thai fonts are missing: apt-get install -y fonts-thai-tlwg (.ci/run installs them)");
  }
}

export interface Overflow {
  /** tag.class of the element, and its text (the start of it). */
  element: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Every visible element whose content is wider than its box (`scrollWidth > clientWidth`), except boxes made to
 * scroll sideways (overflow-x auto or scroll: a row of chips, a table), form fields (a long value scrolls inside
 * its field by design) and elements without text. The page itself counts too.
 *
 * An element counts when something a person sees sticks out of it or is cut at its edge: its text (including
 * text cut off with an ellipsis), a picture or a field, or a box with a background or border. What is there on
 * purpose and unseen or placed over the edge does not: an absolutely positioned badge on an icon (checked as an
 * element of its own), a transparent hit area widened by a pseudo-element or a negative margin, and text for
 * screen readers only (a 1 px box clipped away with `clip-path: inset(50%)`, such as a struck price's name).
 */
export function overflowingElements(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: { element: string; text: string; scrollWidth: number; clientWidth: number }[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      found.push({ element: "page", text: "", scrollWidth: root.scrollWidth, clientWidth: root.clientWidth });
    }
    const REPLACED = new Set(["IMG", "SVG", "VIDEO", "CANVAS", "IFRAME", "INPUT", "TEXTAREA", "SELECT"]);
    const seen = (node: Element): boolean => {
      if (REPLACED.has(node.tagName.toUpperCase())) return true;
      const style = getComputedStyle(node);
      const background = style.backgroundColor !== "rgba(0, 0, 0, 0)" && style.backgroundColor !== "transparent";
      const border = parseFloat(style.borderLeftWidth) > 0 || parseFloat(style.borderRightWidth) > 0;
      return background || border || style.backgroundImage !== "none";
    };
    /** Whether text, a picture or a painted box in the element's flow reaches past its content and padding box. */
    const sticksOut = (el: HTMLElement): boolean => {
      const rect = el.getBoundingClientRect();
      const left = rect.left + el.clientLeft - 1;
      const right = rect.left + el.clientLeft + el.clientWidth + 1;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
        acceptNode(node) {
          if (node instanceof Element) {
            const position = getComputedStyle(node).position;
            if (position === "absolute" || position === "fixed") return NodeFilter.FILTER_REJECT;
          }
          return NodeFilter.FILTER_ACCEPT;
        },
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let rects: DOMRectList;
        if (node instanceof Element) {
          if (!seen(node)) continue;
          rects = node.getClientRects();
        } else {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects = range.getClientRects();
        }
        for (const box of Array.from(rects)) {
          if (box.width > 0 && (box.right > right || box.left < left)) return true;
        }
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      if (el.clientWidth === 0 || el.getClientRects().length === 0) continue;
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) continue;
      if ((el.textContent ?? "").trim() === "") continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
      if (style.visibility === "hidden") continue;
      if (style.clipPath === "inset(50%)") continue;
      if (el.scrollWidth > el.clientWidth + 1 && sticksOut(el)) {
        const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
        found.push({
          element: `${el.tagName.toLowerCase()}${cls}`,
          text: (el.textContent ?? "").trim().slice(0, 80),
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        });
      }
    }
    return found;
  });
}

/**
 * Characters of the page's visible text that Chromium draws as a missing-glyph box in the font of their element:
 * each is drawn on a canvas in that font and compared with a code point no font has.
 */
export function missingGlyphs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 48;
    canvas.height = 48;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    const draw = (text: string, font: string) => {
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = font;
      ctx.fillStyle = "#000";
      ctx.fillText(text, 8, 34);
      return Array.from(ctx.getImageData(0, 0, 48, 48).data).join(",");
    };
    const tofuOf = new Map<string, string>();
    const missing = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.getClientRects().length === 0) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const font = `24px ${style.fontFamily}`;
      let tofu = tofuOf.get(font);
      if (tofu === undefined) {
        tofu = draw("\u{10FFFD}", font);
        tofuOf.set(font, tofu);
      }
      for (const ch of new Set(Array.from(node.textContent ?? ""))) {
        if (/\s/u.test(ch) || missing.has(ch)) continue;
        if (draw(ch, font) === tofu) missing.add(ch);
      }
    }
    return [...missing];
  });
}

/**
 * The drop-downs whose chosen text is wider than the room inside them (the page's other checks leave form fields
 * out, since a typed value scrolls inside its field): a closed select cuts its text, so a person sees "Ожидает о".
 * Measured with the select's own font; each entry is the cut text.
 */
export function clippedSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d")!;
    return Array.from(document.querySelectorAll("select"))
      .filter((select) => select.getClientRects().length > 0 && select.selectedIndex >= 0)
      .filter((select) => {
        const style = getComputedStyle(select);
        context.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(select.options[select.selectedIndex]!.text).width > room + 1;
      })
      .map((select) => select.options[select.selectedIndex]!.text);
  });
}
