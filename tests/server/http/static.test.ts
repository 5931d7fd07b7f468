import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, makeTestStore, type TestStore } from "../../helpers/app";

let store: TestStore;

beforeAll(async () => {
  // A built mini-app as Vite lays it out: index.html and hashed files under static/.
  const webappDir = await makeTempDir("webapp-dist-");
  await mkdir(join(webappDir, "static"), { recursive: true });
  await writeFile(join(webappDir, "index.html"), "<!doctype html><title>Store</title><div id=root></div>");
  await writeFile(join(webappDir, "static", "index-AbC123.js"), "console.log('app')");
  await writeFile(join(webappDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await writeFile(join(webappDir, "manifest.webmanifest"), JSON.stringify({ name: "Koh Samui Store", start_url: "/" }));
  await mkdir(join(webappDir, ".vite"), { recursive: true });
  await writeFile(join(webappDir, ".vite", "manifest.json"), "{}");
  store = await makeTestStore({ webappDir, images: true });
});
afterAll(async () => {
  await store.close();
});

describe("serving the mini-app", () => {
  it("serves hashed assets with a year-long immutable cache", async () => {
    const res = await store.app.inject({ method: "GET", url: "/static/index-AbC123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("has index.html, the manifest and other unhashed files revalidated on every use", async () => {
    for (const url of ["/index.html", "/manifest.webmanifest", "/favicon.svg"]) {
      const res = await store.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    expect((await store.app.inject({ method: "GET", url: "/manifest.webmanifest" })).headers["content-type"]).toMatch(
      /^application\/manifest\+json/,
    );
  });

  it.each(["/", "/products/3", "/order/12?first=Y", "/cabinet", "/some-reflink"])("answers the page %s with index.html", async (url) => {
    const res = await store.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain('<div id=root>');
  });

  it("answers a missing file with a 404, not the app", async () => {
    for (const url of [
      "/static/missing-123.js",
      "/assets/product/1/missing.webp",
      "/robots.txt",
      "/static",
      "/static/",
      "/assets",
      "/assets/",
      "/.vite/manifest.json",
    ]) {
      const res = await store.app.inject({ method: "GET", url });
      // A folder of uploads is 403 (no listing), anything else missing 404.
      expect(res.statusCode, url).toBe(url.endsWith("/") && url.startsWith("/assets") ? 403 : 404);
      expect(res.body).not.toContain("<div id=root>");
    }
  });

  it("keeps unknown /api paths JSON even with a webapp present", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/unknown", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("NOT_FOUND");
  });

  it("serves product images at assets/product/{productId}/{filename} with long caching", async () => {
    const { products } = (await store.app.inject({ method: "GET", url: "/api/products" })).json();
    const image = products[0].images[0];
    const res = await store.app.inject({ method: "GET", url: `/assets/product/${products[0].id}/${image.filename}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    expect(res.headers["cache-control"]).toMatch(/max-age=\d{6,}/);
    // Its own validator: a revisit after the cache time costs a bodyless 304.
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await store.app.inject({
      method: "GET",
      url: `/assets/product/${products[0].id}/${image.filename}`,
      headers: { "if-none-match": res.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("serves the shop logos and the licence", async () => {
    const { shops } = (await store.app.inject({ method: "GET", url: "/api/shops" })).json();
    expect((await store.app.inject({ method: "GET", url: shops[0].path })).statusCode).toBe(200);
    expect((await store.app.inject({ method: "GET", url: "/assets/documents/licence.webp" })).statusCode).toBe(200);
  });
});
