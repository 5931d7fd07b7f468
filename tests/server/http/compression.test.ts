/**
 * Compression over real HTTP, against the real mini-app build: every file of webapp/dist in brotli, gzip or
 * raw as the client asks, byte for byte; the catalogue compressed once per catalogue version with an ETag
 * per encoding; other JSON answers compressed on the way; and bad input (odd Accept-Encoding, Range, paths
 * that climb out of the build folder, a missing compressed copy) answered with the right bytes or a 4xx.
 *
 * The build is copied to a temporary folder first, so a rebuild of webapp/dist while this file runs (Vite
 * empties the folder) cannot pull files from under it; what is served is still exactly what Vite wrote.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, makeTestStore, productIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

/** The build the tests serve (tests/setup/buildWebapp.ts builds into WEBAPP_DIR when it is set). */
const BUILD = process.env.WEBAPP_DIR ? resolve(process.env.WEBAPP_DIR) : fileURLToPath(new URL("../../../webapp/dist", import.meta.url));
/** What the build compresses (webapp/vite.config.ts); pictures and fonts are served as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|map|txt|xml|ico|wasm)$/;
const SECRET = "a file outside every served folder";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let base: { host: string; port: number };

/** A raw HTTP request: the path goes on the wire exactly as given (fetch would resolve `..` and `%2e`). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ ...base, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (a: Answer): Buffer =>
  a.headers["content-encoding"] === "br"
    ? brotliDecompressSync(a.body)
    : a.headers["content-encoding"] === "gzip"
      ? gunzipSync(a.body)
      : a.body;

const varies = (a: Answer) => expect(String(a.headers.vary).toLowerCase().split(/\s*,\s*/)).toContain("accept-encoding");

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"));
}

let store: TestStore;
let webappDir: string;
let outside: string;
/** Every file Vite wrote (not the compressed copies), as paths relative to the build folder. */
let assets: string[];
let indexHtml: Buffer;

beforeAll(async () => {
  if (!existsSync(join(BUILD, "index.html"))) throw new Error(`${BUILD} is not built (run npm run build)`);
  // <tmp>/secret.txt beside <tmp>/dist: what a climbing path would reach.
  outside = await makeTempDir("webapp-copy-");
  webappDir = join(outside, "dist");
  await cp(BUILD, webappDir, { recursive: true });
  await writeFile(join(outside, "secret.txt"), SECRET);
  await writeFile(join(outside, "secret.txt.br"), SECRET);
  assets = (await listFiles(webappDir)).filter((f) => !/\.(br|gz)$/.test(f));
  indexHtml = await readFile(join(webappDir, "index.html"));

  store = await makeTestStore({ webappDir, images: true, env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  await writeFile(join(store.dataDir, "secret.txt"), SECRET);
  await store.app.listen({ host: "127.0.0.1", port: 0 });
  base = { host: "127.0.0.1", port: (store.app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  await store?.close();
  if (outside) await rm(outside, { recursive: true, force: true });
});

describe("the build's compressed copies", () => {
  it("has a brotli and a gzip copy of every compressible file, each decompressing to the file", async () => {
    const compressible = assets.filter((f) => COMPRESSIBLE.test(f));
    expect(compressible).toContain("index.html");
    expect(compressible.some((f) => f.startsWith("static/") && f.endsWith(".js"))).toBe(true);
    expect(compressible.some((f) => f.startsWith("static/") && f.endsWith(".css"))).toBe(true);
    for (const file of compressible) {
      const raw = await readFile(join(webappDir, file));
      expect(brotliDecompressSync(await readFile(join(webappDir, `${file}.br`))).equals(raw), `${file}.br`).toBe(true);
      expect(gunzipSync(await readFile(join(webappDir, `${file}.gz`))).equals(raw), `${file}.gz`).toBe(true);
    }
  });
});

describe("serving the build", () => {
  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["deflate, gzip", "gzip"],
  ])("sends every file with Accept-Encoding: %s as %s, exactly the file once decoded", async (acceptEncoding, expected) => {
    for (const file of assets) {
      const raw = await readFile(join(webappDir, file));
      const plain = await get(`/${file}`);
      const answer = await get(`/${file}`, { "accept-encoding": acceptEncoding });
      expect(answer.status, file).toBe(200);
      expect(answer.headers["content-type"], file).toBe(plain.headers["content-type"]);
      expect(answer.headers["cache-control"], file).toBe(file.startsWith("static/") ? "public, max-age=31536000, immutable" : "no-cache");
      varies(answer);
      if (COMPRESSIBLE.test(file)) {
        expect(answer.headers["content-encoding"], file).toBe(expected);
        const copy = await readFile(join(webappDir, `${file}${expected === "br" ? ".br" : ".gz"}`));
        expect(answer.body.equals(copy), file).toBe(true);
        expect(Number(answer.headers["content-length"]), file).toBe(copy.length);
      } else {
        expect(answer.headers["content-encoding"], file).toBeUndefined();
      }
      expect(decode(answer).equals(raw), file).toBe(true);
    }
  });

  it("sends every file raw to a client that asks for no encoding", async () => {
    for (const file of assets) {
      const raw = await readFile(join(webappDir, file));
      const answer = await get(`/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers["content-encoding"], file).toBeUndefined();
      expect(Number(answer.headers["content-length"]), file).toBe(raw.length);
      expect(answer.body.equals(raw), file).toBe(true);
      varies(answer);
    }
  });

  it("gives the right types to the app's files", async () => {
    const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
    const css = assets.find((f) => f.startsWith("static/") && f.endsWith(".css"))!;
    expect((await get(`/${js}`, { "accept-encoding": "br" })).headers["content-type"]).toMatch(
      /^(text|application)\/javascript; charset=utf-8$/,
    );
    expect((await get(`/${css}`, { "accept-encoding": "gzip" })).headers["content-type"]).toBe("text/css; charset=utf-8");
    expect((await get("/index.html", { "accept-encoding": "br" })).headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it.each(["/", "/products/3", "/order/12?first=Y", "/cabinet"])(
    "answers the page %s with index.html, compressed as asked",
    async (url) => {
      for (const [acceptEncoding, expected] of [
        ["br", "br"],
        ["gzip", "gzip"],
        ["", undefined],
      ] as const) {
        const answer = await get(url, acceptEncoding ? { "accept-encoding": acceptEncoding } : {});
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(answer.headers["cache-control"]).toBe("no-cache");
        expect(answer.headers["content-encoding"]).toBe(expected);
        varies(answer);
        expect(decode(answer).equals(indexHtml)).toBe(true);
      }
    },
  );

  it("answers HEAD with the headers of the representation and no body", async () => {
    const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
    const answer = await get(`/${js}`, { "accept-encoding": "br" }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBe((await readFile(join(webappDir, `${js}.br`))).length);
    expect(answer.body.length).toBe(0);
  });

  it("revalidates each representation with its own ETag", async () => {
    const js = `/${assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!}`;
    const br = await get(js, { "accept-encoding": "br" });
    const gz = await get(js, { "accept-encoding": "gzip" });
    const raw = await get(js);
    const tags = [br.headers.etag, gz.headers.etag, raw.headers.etag];
    expect(new Set(tags).size).toBe(3);
    for (const [headers, etag] of [
      [{ "accept-encoding": "br" }, br.headers.etag],
      [{ "accept-encoding": "gzip" }, gz.headers.etag],
      [{}, raw.headers.etag],
    ] as const) {
      const again = await get(js, { ...headers, "if-none-match": etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    // The raw file's ETag does not stand for the brotli bytes.
    expect((await get(js, { "accept-encoding": "br", "if-none-match": raw.headers.etag! })).status).toBe(200);
  });
});

describe("the catalogue's JSON", () => {
  it("is compressed as asked, with an ETag per encoding, and decodes to exactly the raw answer", async () => {
    const raw = await get("/api/products");
    expect(raw.status).toBe(200);
    expect(raw.body.length).toBeGreaterThan(1024);
    expect(raw.headers["content-encoding"]).toBeUndefined();
    varies(raw);
    const etag = raw.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const [acceptEncoding, expected, suffix] of [
      ["br", "br", "-br"],
      ["gzip", "gzip", "-gz"],
      ["gzip, deflate, br", "br", "-br"],
      ["identity", undefined, ""],
    ] as const) {
      const answer = await get("/api/products", { "accept-encoding": acceptEncoding });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers["content-encoding"]).toBe(expected);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.etag).toBe(`${etag.slice(0, -1)}${suffix}"`);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      varies(answer);
      // Decoded once it is the JSON itself: nothing compressed it a second time.
      expect(decode(answer).equals(raw.body)).toBe(true);
      if (expected) expect(answer.body.length).toBeLessThan(raw.body.length / 3);
    }
  });

  it("keeps the same compressed bytes for a catalogue version, and new ones after a change", async () => {
    const first = await get("/api/products", { "accept-encoding": "br" });
    for (let i = 0; i < 3; i++) {
      const again = await get("/api/products", { "accept-encoding": "br" });
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.body.equals(first.body)).toBe(true);
    }
    const gz = await get("/api/products", { "accept-encoding": "gzip" });
    expect((await get("/api/products", { "accept-encoding": "gzip" })).body.equals(gz.body)).toBe(true);

    const ids = await productIdsByName(store.db);
    await store.db
      .updateTable("products")
      .set({ description: "Changed while the test ran" })
      .where("id", "=", ids["Blue Dream"]!)
      .execute();

    const changed = await get("/api/products", { "accept-encoding": "br" });
    const changedRaw = await get("/api/products");
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.headers.etag).toBe(`${changedRaw.headers.etag!.slice(0, -1)}-br"`);
    expect(decode(changed).equals(changedRaw.body)).toBe(true);
    expect(changedRaw.body.toString()).toContain("Changed while the test ran");
    const changedGz = await get("/api/products", { "accept-encoding": "gzip" });
    expect(changedGz.body.equals(gz.body)).toBe(false);
    expect(decode(changedGz).equals(changedRaw.body)).toBe(true);
    // And stable again for the new version.
    expect((await get("/api/products", { "accept-encoding": "br" })).body.equals(changed.body)).toBe(true);
  });

  it("answers a poll with 304 in every encoding, matching the representation the poller would get", async () => {
    for (const acceptEncoding of ["br", "gzip", ""]) {
      const headers: Record<string, string> = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
      const first = await get("/api/products", headers);
      const poll = await get("/api/products", { ...headers, "if-none-match": first.headers.etag! });
      expect(poll.status).toBe(304);
      expect(poll.body.length).toBe(0);
      expect(poll.headers.etag).toBe(first.headers.etag);
      expect(poll.headers["content-encoding"]).toBeUndefined();
      varies(poll);
      expect((await get("/api/products", { ...headers, "if-none-match": `W/${first.headers.etag}` })).status).toBe(304);
    }
    // A tag of another encoding names other bytes: the answer is the full representation asked for.
    const raw = await get("/api/products");
    const br = await get("/api/products", { "accept-encoding": "br", "if-none-match": raw.headers.etag! });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const plain = await get("/api/products", { "if-none-match": br.headers.etag! });
    expect(plain.status).toBe(200);
    expect(plain.body.equals(raw.body)).toBe(true);
  });

  it("compresses a product page the same way", async () => {
    const ids = await productIdsByName(store.db);
    const raw = await get(`/api/products/${ids["Blue Dream"]}`);
    expect(raw.body.length).toBeGreaterThan(1024);
    const br = await get(`/api/products/${ids["Blue Dream"]}`, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(decode(br).equals(raw.body)).toBe(true);
    expect((await get(`/api/products/${ids["Blue Dream"]}`, { "accept-encoding": "br", "if-none-match": br.headers.etag! })).status).toBe(
      304,
    );
  });
});

describe("other JSON answers", () => {
  it("compresses an answer over 1 KB on the way (@fastify/compress)", async () => {
    const { token } = await signInCustomer(store.app, 9101, "Wishful");
    const ids = await productIdsByName(store.db);
    for (const id of Object.values(ids).slice(0, 6))
      await store.app.inject({ method: "PUT", url: `/api/wishlist/${id}`, headers: bearer(token) });
    const raw = await get("/api/wishlist", bearer(token));
    expect(raw.status).toBe(200);
    expect(raw.body.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const answer = await get("/api/wishlist", { ...bearer(token), "accept-encoding": encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      varies(answer);
      expect(JSON.parse(decode(answer).toString())).toEqual(JSON.parse(raw.body.toString()));
    }
  });

  it("leaves an answer under 1 KB raw", async () => {
    const answer = await get("/api/health", { "accept-encoding": "br, gzip" });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(() => JSON.parse(answer.body.toString())).not.toThrow();
  });
});

describe("bad input", () => {
  const GARBAGE = [
    "identity",
    "garbage",
    "br;q=0, gzip;q=0",
    ";;;,,, ;q=",
    "br;q=abc",
    "gzip;q=-1",
    "compress, zstd;q=x",
    "\u00ff\u00fe",
    "x".repeat(4000),
    ",",
    "identity;q=0",
  ];

  it.each(GARBAGE.map((g) => [g.length > 40 ? `${g.slice(0, 10)}… (${g.length} characters)` : JSON.stringify(g), g]))(
    "sends raw bytes for Accept-Encoding %s",
    async (_name, acceptEncoding) => {
      const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
      for (const [url, expected] of [
        [`/${js}`, await readFile(join(webappDir, js))],
        ["/", indexHtml],
        ["/products/3", indexHtml],
        ["/api/products", (await get("/api/products")).body],
      ] as const) {
        const answer = await get(url, { "accept-encoding": acceptEncoding });
        expect(answer.status, url).toBe(200);
        expect(answer.headers["content-encoding"], url).toBeUndefined();
        expect(answer.body.equals(expected), url).toBe(true);
      }
    },
  );

  it("reads * as any encoding and still sends bytes that decode to the file", async () => {
    const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
    for (const url of [`/${js}`, "/", "/api/products"]) {
      const raw = await get(url);
      for (const acceptEncoding of ["*", "br;q=0, *", "x-gzip"]) {
        const answer = await get(url, { "accept-encoding": acceptEncoding });
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"]).not.toBe("br");
        expect(decode(answer).equals(raw.body)).toBe(true);
      }
    }
  });

  describe("a Range request", () => {
    let js: string;
    let raw: Buffer;
    let br: Buffer;
    beforeAll(async () => {
      js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
      raw = await readFile(join(webappDir, js));
      br = await readFile(join(webappDir, `${js}.br`));
    });

    it("gets the range of the raw file when no encoding is accepted", async () => {
      const answer = await get(`/${js}`, { range: "bytes=10-109" });
      expect(answer.status).toBe(206);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers["content-range"]).toBe(`bytes 10-109/${raw.length}`);
      expect(answer.body.equals(raw.subarray(10, 110))).toBe(true);
      const tail = await get(`/${js}`, { range: "bytes=-50", "accept-encoding": "identity" });
      expect(tail.status).toBe(206);
      expect(tail.body.equals(raw.subarray(raw.length - 50))).toBe(true);
    });

    it("gets the range of the brotli bytes, labelled brotli, when brotli is sent", async () => {
      const answer = await get(`/${js}`, { range: "bytes=10-109", "accept-encoding": "br" });
      expect(answer.status).toBe(206);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers["content-range"]).toBe(`bytes 10-109/${br.length}`);
      expect(answer.body.equals(br.subarray(10, 110))).toBe(true);
      // Resumed to the end, the pieces make the whole compressed file, which decodes to the file.
      const rest = await get(`/${js}`, { range: `bytes=${answer.body.length + 10}-`, "accept-encoding": "br" });
      expect(rest.status).toBe(206);
      expect(brotliDecompressSync(Buffer.concat([br.subarray(0, 10), answer.body, rest.body])).equals(raw)).toBe(true);
    });

    it("gets the whole file for ranges it does not serve, and a 416 for one it cannot", async () => {
      for (const range of ["bytes=0-1,5-6", "pages=1-2"]) {
        const answer = await get(`/${js}`, { range, "accept-encoding": "gzip" });
        expect(answer.status, range).toBe(200);
        expect(answer.headers["content-range"], range).toBeUndefined();
        expect(decode(answer).equals(raw), range).toBe(true);
      }
      // A range that cannot be read, or starts past the end: 416, a JSON error, nothing of the file.
      for (const range of [`bytes=${raw.length * 10}-`, "bytes=abc", "bytes=5-2"]) {
        const answer = await get(`/${js}`, { range, "accept-encoding": "br" });
        expect(answer.status, range).toBe(416);
        expect(answer.headers["content-encoding"], range).toBeUndefined();
        // It says how long the representation (here the brotli copy) is, so the client can ask again.
        if (range.startsWith("bytes=" + String(raw.length * 10))) expect(answer.headers["content-range"], range).toMatch(/^bytes \*\/\d+$/);
        expect(JSON.parse(answer.body.toString()).message, range).toMatch(/range/i);
      }
    });

    it("never cuts a JSON answer: the whole representation with 200", async () => {
      const full = await get("/api/products", { "accept-encoding": "br" });
      const answer = await get("/api/products", { "accept-encoding": "br", range: "bytes=0-99" });
      expect(answer.status).toBe(200);
      expect(answer.body.equals(full.body)).toBe(true);
    });

    it("cuts a picture from its raw bytes", async () => {
      const { products } = JSON.parse((await get("/api/products")).body.toString());
      const url = `/assets/product/${products[0].id}/${products[0].images[0].filename}`;
      const whole = await get(url);
      const answer = await get(url, { range: "bytes=0-11", "accept-encoding": "br, gzip" });
      expect(answer.status).toBe(206);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.equals(whole.body.subarray(0, 12))).toBe(true);
    });
  });

  const CLIMBING = [
    "/../secret.txt",
    "/static/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/%2e%2e/secret.txt",
    "/static/%2e%2e/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/..%2Fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/static%2f..%2f..%2fsecret.txt",
    "/static/..%2f..%2fsecret.txt",
    "/..%5csecret.txt",
    "/..\\secret.txt",
    "/static/..\\..\\secret.txt",
    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/assets/../secret.txt",
    "/assets/%2e%2e/secret.txt",
    "/assets/..%2fsecret.txt",
    "/assets/product/%2e%2e/%2e%2e/secret.txt",
    "/assets/product/..%2f..%2fsecret.txt",
    "/%2e%2e",
    "/static/%2e%2e",
    "/%00",
    "/static/%E0%A4%A",
  ];

  it.each(CLIMBING)("never leaves the served folders for %s", async (path) => {
    for (const headers of [{}, { "accept-encoding": "br" }, { "accept-encoding": "gzip" }] as Record<string, string>[]) {
      const answer = await get(path, headers);
      // 404 for a climbing path (400 for one that does not decode), whatever encoding is asked.
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body.toString(), path).not.toContain(SECRET);
      expect(answer.body.toString(), path).not.toContain("root:");
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
    }
    // The server is still there.
    expect((await get("/api/health")).status).toBe(200);
  });

  it("answers an encoded slash to a real file with the file or a 4xx, never something else", async () => {
    const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
    const raw = await readFile(join(webappDir, js));
    for (const path of [`/${js.replace("/", "%2F")}`, `/${js.replace("/", "%2f")}`, `/static/%2F${js.slice("static/".length)}`]) {
      for (const headers of [{}, { "accept-encoding": "br" }] as Record<string, string>[]) {
        const answer = await get(path, headers);
        if (answer.status === 200) expect(decode(answer).equals(raw), path).toBe(true);
        else expect([400, 403, 404], path).toContain(answer.status);
      }
    }
  });

  it("answers folders and the compressed copies' own names sensibly", async () => {
    for (const path of ["/static", "/static/"]) {
      expect((await get(path, { "accept-encoding": "br" })).status, path).toBe(404);
    }
    // A .br file asked for by name is a file of the build like any other: its own bytes, not decoded.
    const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
    const named = await get(`/${js}.br`, { "accept-encoding": "br" });
    expect(named.status).toBe(200);
    expect(named.headers["content-encoding"]).toBeUndefined();
    expect(named.body.equals(await readFile(join(webappDir, `${js}.br`)))).toBe(true);
  });
});

describe("a missing compressed copy", () => {
  let other: TestStore;
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir("webapp-missing-");
    await cp(webappDir, dir, { recursive: true });
    other = await makeTestStore({ webappDir: dir });
    await other.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await other?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("falls back to the other copy, then to the file itself", async () => {
    const saved = base;
    base = { host: "127.0.0.1", port: (other.app.server.address() as AddressInfo).port };
    try {
      const js = assets.find((f) => f.startsWith("static/") && f.endsWith(".js"))!;
      const css = assets.find((f) => f.startsWith("static/") && f.endsWith(".css"))!;
      const rawJs = await readFile(join(dir, js));
      const rawCss = await readFile(join(dir, css));
      await rm(join(dir, `${js}.br`));
      await rm(join(dir, `${css}.br`));
      await rm(join(dir, `${css}.gz`));
      await rm(join(dir, "index.html.br"));
      await rm(join(dir, "index.html.gz"));

      const both = await get(`/${js}`, { "accept-encoding": "br, gzip" });
      expect(both.headers["content-encoding"]).toBe("gzip");
      expect(decode(both).equals(rawJs)).toBe(true);
      const brOnly = await get(`/${js}`, { "accept-encoding": "br" });
      expect(brOnly.status).toBe(200);
      expect(brOnly.headers["content-encoding"]).toBeUndefined();
      expect(brOnly.body.equals(rawJs)).toBe(true);

      const cssAnswer = await get(`/${css}`, { "accept-encoding": "br, gzip" });
      expect(cssAnswer.status).toBe(200);
      expect(cssAnswer.headers["content-encoding"]).toBeUndefined();
      expect(cssAnswer.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(cssAnswer.body.equals(rawCss)).toBe(true);

      for (const url of ["/", "/index.html", "/products/3"]) {
        const page = await get(url, { "accept-encoding": "br, gzip" });
        expect(page.status, url).toBe(200);
        expect(page.headers["content-encoding"], url).toBeUndefined();
        expect(page.headers["content-type"], url).toBe("text/html; charset=utf-8");
        expect(page.body.equals(indexHtml), url).toBe(true);
      }
      // A copy left without its file does not make the file appear.
      await mkdir(join(dir, "static"), { recursive: true });
      await writeFile(join(dir, "static", "ghost-123.js.br"), Buffer.from("not really brotli"));
      expect((await get("/static/ghost-123.js")).status).toBe(404);
    } finally {
      base = saved;
    }
  });
});
