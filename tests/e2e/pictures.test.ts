/**
 * Product pictures in Chromium at a phone's size (issue 16): only the first screen's first pictures load at
 * once (the very first with fetchpriority="high"), every other picture is lazy, decoded off the main thread and
 * sized; a gallery fetches a slide's picture when it is about to be shown, never the whole gallery; and
 * scrolling the home page loads every card's picture, every time (also when the list comes back with its
 * scroll position).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowserStore } from "../helpers/browserStore";

const web = useBrowserStore((smtpUrl) => ({ SMTP_URL: smtpUrl }));

/** Cards whose first picture is on a 390×844 screen at once (webapp ProductList FIRST_SCREEN_CARDS). */
const FIRST_SCREEN_CARDS = 2;

interface PictureFacts {
  card: number;
  productId: string;
  src: string;
  alt: string;
  loading: string | null;
  fetchpriority: string | null;
  decoding: string | null;
  width: string | null;
  height: string | null;
  /** The gallery shows this one now. */
  shown: boolean;
  loaded: boolean;
}

/** Every picture of every card's gallery, in page order, with what the browser knows of it. */
function cardPictures(page: Page): Promise<PictureFacts[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="product-card"]')].flatMap((card, cardIndex) => {
      const track = card.querySelector<HTMLElement>(".gallery__track");
      const slides = track ? [...track.children] : [];
      const width = track?.clientWidth ?? 0;
      const shownSlide = track && width > 0 ? Math.round(track.scrollLeft / width) : 0;
      return slides.flatMap((slide, index) =>
        slide instanceof HTMLImageElement
          ? [
              {
                card: cardIndex,
                productId: card.getAttribute("data-product-id") ?? "",
                src: slide.getAttribute("src") ?? "",
                alt: slide.alt,
                loading: slide.getAttribute("loading"),
                fetchpriority: slide.getAttribute("fetchpriority"),
                decoding: slide.getAttribute("decoding"),
                width: slide.getAttribute("width"),
                height: slide.getAttribute("height"),
                shown: index === shownSlide,
                loaded: slide.complete && slide.naturalWidth > 0,
              },
            ]
          : [],
      );
    }),
  );
}

/** The picture each card shows now: loaded or not, or "none" when the shown slide has no picture at all. */
function shownPictures(page: Page): Promise<{ productId: string; inView: boolean; state: "loaded" | "loading" | "none" }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="product-card"]')].map((card) => {
      const track = card.querySelector<HTMLElement>(".gallery__track");
      const width = track?.clientWidth ?? 0;
      const slide = track && width > 0 ? track.children[Math.round(track.scrollLeft / width)] : track?.children[0];
      const box = (track ?? card).getBoundingClientRect();
      const state = slide instanceof HTMLImageElement ? (slide.complete && slide.naturalWidth > 0 ? "loaded" : "loading") : "none";
      return { productId: card.getAttribute("data-product-id") ?? "", inView: box.bottom > 0 && box.top < window.innerHeight, state };
    }),
  );
}

/** Picture requests the page made (paths under /assets/product/). */
function recordPictureRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/assets/product/") && request.method() === "GET") requested.push(path);
  });
  return requested;
}

async function openHome(): Promise<{ page: Page; requested: string[] }> {
  const page = await web.newPage();
  const requested = recordPictureRequests(page);
  await page.goto(web.store.url);
  await page.getByTestId("product-card").first().waitFor();
  await expect.poll(async () => (await shownPictures(page))[0]?.state).toBe("loaded");
  return { page, requested };
}

/** Scrolls down a screen at a time; at each stop, every card in view shows its picture, loaded. */
async function scrollThroughList(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top < height; top += 600) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await expect
      .poll(async () => (await shownPictures(page)).filter((card) => card.inView && card.state !== "loaded"), { timeout: 15_000 })
      .toEqual([]);
  }
}

describe("pictures of the home list", () => {
  it("loads the first screen's first pictures at once, the first one first, and every other one lazily, sized", async () => {
    const { page, requested } = await openHome();
    const pictures = await cardPictures(page);
    expect(pictures.length).toBeGreaterThan(FIRST_SCREEN_CARDS);

    const eager = pictures.filter((picture) => picture.loading !== "lazy");
    expect(eager.map((picture) => picture.card)).toEqual([...Array(FIRST_SCREEN_CARDS).keys()]);
    for (const picture of eager) {
      expect(picture.loading).toBe("eager");
      expect(picture.shown).toBe(true);
    }
    const high = pictures.filter((picture) => picture.fetchpriority === "high");
    expect(high).toHaveLength(1);
    expect(high[0]!.card).toBe(0);

    for (const picture of pictures.filter((p) => p.loading === "lazy")) {
      expect(picture.decoding, picture.src).toBe("async");
      expect(picture.fetchpriority, picture.src).toBeNull();
    }
    for (const picture of pictures) {
      expect(Number(picture.width), picture.src).toBeGreaterThan(0);
      expect(Number(picture.height), picture.src).toBeGreaterThan(0);
    }

    // Not whole galleries: before anyone touches a gallery, only each card's first picture is asked for.
    const firstPictures = new Set(pictures.filter((picture) => picture.shown).map((picture) => picture.src));
    expect(requested.length).toBeGreaterThan(0);
    for (const path of requested) expect(firstPictures, `${path} was fetched before its slide was near`).toContain(path);
  });

  it("loads every card's picture as the list is scrolled, every time", async () => {
    for (let time = 1; time <= 2; time++) {
      const { page } = await openHome();
      await scrollThroughList(page);
      const shown = await shownPictures(page);
      expect(shown.filter((card) => card.state !== "loaded")).toEqual([]);
      // The first picture of each card, as its card shows it.
      const first = (await cardPictures(page)).filter((picture) => picture.shown);
      expect(first).toHaveLength(shown.length);
      for (const picture of first) expect(picture.loaded, picture.src).toBe(true);
      await web.context.close();
    }
  });

  it("shows loaded pictures when the list comes back scrolled to where it was", async () => {
    const { page } = await openHome();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByTestId("product-card").last();
    await last.getByText("More details").click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.goBack();
    await page.getByTestId("product-card").last().waitFor();
    await expect
      .poll(async () => (await shownPictures(page)).filter((card) => card.inView && card.state !== "loaded"), { timeout: 15_000 })
      .toEqual([]);
    expect((await shownPictures(page)).some((card) => card.inView)).toBe(true);
    await scrollThroughList(page);
  });
});

describe("a gallery's slides", () => {
  it("fetch a slide's picture when it is about to be shown, not before", async () => {
    const { page, requested } = await openHome();
    const card = page.getByTestId("product-card").first();
    const productId = (await card.getAttribute("data-product-id"))!;
    const ofProduct = () => [...new Set(requested.filter((path) => path.startsWith(`/assets/product/${productId}/`)))];
    const dots = card.getByRole("button", { name: /^Show photo \d+$/ });
    expect(await dots.count()).toBeGreaterThan(1);
    expect(ofProduct()).toHaveLength(1);

    await dots.nth(1).click();
    await expect.poll(async () => card.getByTestId("gallery").getAttribute("data-current")).toBe("1");
    await expect
      .poll(() =>
        card.evaluate((element) => {
          const image = element.querySelector<HTMLImageElement>('img[alt$=", photo 2"]');
          return image !== null && image.complete && image.naturalWidth > 0;
        }),
      )
      .toBe(true);
    expect(ofProduct().length).toBeGreaterThan(1);
  });

  it("on the product page, only the first picture and the next one autoplay will show", async () => {
    const page = await web.newPage();
    const requested = recordPictureRequests(page);
    const { products } = (await (await fetch(`${web.store.url}/api/products`)).json()) as { products: { id: number; images: unknown[] }[] };
    const product = products.find((p) => p.images.length > 2)!;
    await page.goto(`${web.store.url}/products/${product.id}`);
    const first = page.getByTestId("gallery").locator('img[fetchpriority="high"]');
    await first.waitFor();
    expect(await first.getAttribute("loading")).toBe("eager");
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const ofProduct = new Set(requested.filter((path) => path.startsWith(`/assets/product/${product.id}/`)));
    expect(ofProduct.size).toBeLessThanOrEqual(2);
    expect(ofProduct.size).toBeLessThan(product.images.length);
  });
});
