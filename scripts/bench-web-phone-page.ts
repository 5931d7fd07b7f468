/**
 * What bench-web-phone.ts runs inside the page, from the first byte of the document on (an init script). Plain
 * JavaScript in a string: a function compiled by tsx could name helpers the page does not have.
 */

/** A scroll to the end of home's list, as the page script measures it. */
export interface ScrollRun {
  reached: boolean;
  ms: number;
  longTasks: number;
  longestTaskMs: number;
  p95FrameMs: number;
  cards: number;
}

declare global {
  interface Window {
    __bench: {
      firstCard(limitMs: number): Promise<number | null>;
      nextListPaint(limitMs: number): Promise<number | null>;
      resetLongTasks(): void;
      longestTask(): number;
      settle(quietMs: number, limitMs: number): Promise<void>;
      scrollToEnd(limitMs: number): Promise<ScrollRun>;
      searchResults(limitMs: number): Promise<{ ms: number | null; cards: number }>;
      keysDone(): void;
    };
  }
}

export const HOME_CARD_SCRIPT = `(() => {
  const longTasks = [];
  let since = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  // A card is a link to /products/{id} with a name; the first such link of a card is its name.
  const cardLinks = () => {
    const out = [];
    for (const a of document.querySelectorAll("a[href]")) {
      const path = new URL(a.href, location.href).pathname;
      if (/^\\/products?\\/\\d+$/.test(path) && a.textContent.trim()) out.push(a);
    }
    return out;
  };
  const firstCards = () => {
    const seen = new Set();
    const out = [];
    for (const a of cardLinks()) {
      const path = new URL(a.href, location.href).pathname;
      if (seen.has(path)) continue;
      seen.add(path);
      out.push(a);
    }
    return out;
  };
  const onScreen = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  };
  const signature = () => firstCards().slice(0, 12).map((a) => new URL(a.href, location.href).pathname).join(" ");
  // The time inside the frame's callback, just before its paint: not the callback's argument, the frame's start,
  // which Chromium takes before a long task that delays the frame (a 2.7 s render would count as 0).
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  let lastTap = null;
  addEventListener("pointerdown", (e) => { lastTap = e.timeStamp; }, true);
  let lastKey = null;
  let keysDone = false;
  addEventListener("keydown", (e) => { lastKey = e.timeStamp; }, true);
  window.__bench = {
    async firstCard(limit) {
      while (performance.now() < limit) {
        const t = await frame();
        const first = firstCards()[0];
        if (first && onScreen(first)) return t;
      }
      return null;
    },
    async nextListPaint(limit) {
      const before = signature();
      lastTap = null;
      const end = performance.now() + limit;
      while (performance.now() < end) {
        const t = await frame();
        if (lastTap === null) continue;
        const first = firstCards()[0];
        if (signature() !== before && first && onScreen(first)) return t - lastTap;
      }
      return null;
    },
    resetLongTasks() { since = performance.now(); },
    longestTask() {
      return longTasks.filter((l) => l.start >= since).reduce((m, l) => Math.max(m, l.duration), 0);
    },
    async settle(quiet, limit) {
      const end = performance.now() + limit;
      while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, 250));
        const last = longTasks.length ? longTasks[longTasks.length - 1] : null;
        const lastEnd = last ? last.start + last.duration : 0;
        if (performance.now() - lastEnd >= quiet) return;
      }
    },
    async scrollToEnd(limit) {
      scrollTo(0, 0);
      await frame();
      const start = performance.now();
      since = start;
      const deltas = [];
      let previous = await frame();
      let height = document.documentElement.scrollHeight;
      let grewAt = performance.now();
      let bottomAt = null;
      let reached = false;
      while (performance.now() - start < limit) {
        scrollBy(0, 120);
        const t = await frame();
        deltas.push(t - previous);
        previous = t;
        const h = document.documentElement.scrollHeight;
        if (h !== height) { height = h; grewAt = performance.now(); bottomAt = null; }
        const atBottom = scrollY + innerHeight >= h - 2;
        if (!atBottom) bottomAt = null;
        else if (bottomAt === null) bottomAt = performance.now();
        // The end of a paged or windowed list: at the bottom, and the page stopped growing for 2 s.
        if (atBottom && performance.now() - Math.max(grewAt, bottomAt) >= 2000) { reached = true; break; }
      }
      const ms = (reached ? bottomAt : performance.now()) - start;
      const during = longTasks.filter((l) => l.start >= start);
      deltas.sort((a, b) => a - b);
      return {
        reached,
        ms,
        longTasks: during.length,
        longestTaskMs: during.reduce((m, l) => Math.max(m, l.duration), 0),
        p95FrameMs: deltas.length ? deltas[Math.min(deltas.length - 1, Math.floor(deltas.length * 0.95))] : 0,
        cards: firstCards().length,
      };
    },
    keysDone() { keysDone = true; },
    // The time from the last key to the last change of the list after it (0: the results were already there).
    async searchResults(limit) {
      lastKey = null;
      keysDone = false;
      let current = signature();
      let changedAt = null;
      let end = performance.now() + limit;
      while (performance.now() < end) {
        const t = await frame();
        const s = signature();
        if (s !== current) { current = s; changedAt = t; }
        if (!keysDone || lastKey === null) continue;
        // Settled: 1.5 s after the last key with no change for 1.5 s.
        if (performance.now() - lastKey > 1500 && (changedAt === null || performance.now() - changedAt > 1500)) break;
      }
      if (lastKey === null) return { ms: null, cards: 0 };
      const cards = firstCards().length;
      if (cards === 0) return { ms: null, cards };
      return { ms: changedAt === null || changedAt < lastKey ? 0 : changedAt - lastKey, cards };
    },
  };
})();`;
