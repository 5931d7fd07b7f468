/**
 * Hostile pictures over real HTTP (issue 12 "Images", "Bad input"): the product upload is the store's only
 * file upload. Every bad file gets a clear 4xx with a message, no product is made or changed, and not one
 * file appears under DATA_DIR/uploads, also when a good picture travels beside the bad one.
 */
import { readFileSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_TEXTS } from "../../../server/domain/images";
import { loadConfig } from "../../../server/config";
import { appOn, makeTempDir, makeTestStore, productIdsByName, UNLIMITED, type TestStore } from "../../helpers/app";
import { multipartBody, type MultipartFilePart } from "../../helpers/multipart";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

const ADMIN_TG = 1000;
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures", name));

let store: TestStore;
let admin: { token: string };
let bomb: Buffer;

const FIELDS = {
  name: "Hostile Haze",
  description: "Test product",
  per_price: "500",
  cost_price: "300",
  instock: "5",
  gift_text: "no gift",
  label: "Sativa",
  price_text: "1 g",
  hot_deal: "0",
  category_id: "1",
};

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG) } });
  admin = await signInCustomer(store.app, ADMIN_TG, "Boss");
  // 400 megapixels of white: 1.2 MB as a PNG, ~1.6 GB once decoded.
  bomb = await sharp({ create: { width: 20000, height: 20000, channels: 3, background: "#ffffff" }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);

afterAll(() => store.close());

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

const uploads = () => filesUnder(join(store.dataDir, "uploads"));
const productCount = async () => Object.keys(await productIdsByName(store.db)).length;

async function upload(files: MultipartFilePart[], method: "POST" | "PUT" = "POST", url = "/api/admin/products") {
  const { payload, headers } = multipartBody(FIELDS, files);
  return store.app.inject({ method, url, headers: { ...headers, ...bearer(admin.token) }, payload });
}

/** The request is refused with the status and message given, and nothing was made or written. */
async function expectRefused(files: MultipartFilePart[], status: number, message: string) {
  const before = { products: await productCount(), files: await uploads() };
  const res = await upload(files);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await productCount()).toBe(before.products);
  expect(await uploads()).toEqual(before.files);
  return res;
}

describe("a hostile image is refused with a clear 4xx and nothing written", () => {
  it("a 0-byte file", async () => {
    await expectRefused([{ field: "file-0", buffer: Buffer.alloc(0) }], 400, IMAGE_TEXTS.empty);
  });

  it("an SVG, also when it claims to be a PNG", async () => {
    await expectRefused(
      [{ field: "file-0", buffer: fixture("script.svg"), filename: "logo.png", contentType: "image/png" }],
      415,
      IMAGE_TEXTS.unsupported,
    );
  });

  it("an executable renamed .jpg", async () => {
    await expectRefused(
      [{ field: "file-0", buffer: fixture("program.jpg"), filename: "program.jpg", contentType: "image/jpeg" }],
      415,
      IMAGE_TEXTS.unsupported,
    );
  });

  it("a GIF", async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#ff0000" } }).gif().toBuffer();
    expect(gif.subarray(0, 3).toString()).toBe("GIF");
    await expectRefused([{ field: "file-0", buffer: gif, filename: "photo.jpg" }], 415, IMAGE_TEXTS.unsupported);
  });

  it.each([
    ["JPEG", "photo.jpg", 0.5],
    ["JPEG", "photo.jpg", 0.95],
    ["PNG", "photo.png", 0.9],
    ["WebP", "photo.webp", 0.9],
  ])("a truncated %s (%s cut at %s)", async (_kind, name, share) => {
    const picture = fixture(name);
    await expectRefused([{ field: "file-0", buffer: picture.subarray(0, Math.floor(picture.length * share)) }], 400, IMAGE_TEXTS.damaged);
  });

  it("a JPEG start followed by something else (a polyglot)", async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html><script>alert(1)</script></html>".repeat(20)),
    ]);
    await expectRefused([{ field: "file-0", buffer: polyglot }], 400, IMAGE_TEXTS.damaged);
  });

  it("a PNG that starts like a JPEG", async () => {
    const png = fixture("photo.png");
    await expectRefused([{ field: "file-0", buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]) }], 400, IMAGE_TEXTS.damaged);
  });

  it("a 20000×20000 pixel PNG, refused from its header without decoding it", async () => {
    const heapBefore = process.memoryUsage().rss;
    const started = Date.now();
    await expectRefused(
      [{ field: "file-0", buffer: bomb, filename: "small.png", contentType: "image/png" }],
      413,
      IMAGE_TEXTS.tooManyPixels,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // Decoding it would need ~1.2 GB; refusing it costs next to nothing.
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it("a 50 MB file: 413 at the 10 MB limit", async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 0x41);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(huge);
    const started = Date.now();
    await expectRefused([{ field: "file-0", buffer: huge }], 413, IMAGE_TEXTS.tooManyBytes);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("eleven files: 413, too many", async () => {
    const png = fixture("photo.png");
    await expectRefused(
      Array.from({ length: 11 }, (_, i) => ({ field: `file-${i}`, buffer: png })),
      413,
      IMAGE_TEXTS.tooManyFiles,
    );
  });

  it("a good picture beside a bad one: neither is written", async () => {
    await expectRefused(
      [
        { field: "file-0", buffer: fixture("photo.jpg") },
        { field: "file-1", buffer: fixture("script.svg"), filename: "b.jpg" },
      ],
      415,
      IMAGE_TEXTS.unsupported,
    );
  });

  it("a file under another field name than file-N", async () => {
    await expectRefused(
      [{ field: "avatar", buffer: fixture("photo.jpg") }],
      400,
      "Unexpected file field 'avatar': send images as file-0, file-1, …",
    );
  });

  it("a text field over 16 KB: 413, nothing made", async () => {
    const before = await productCount();
    const files = await uploads();
    const { payload, headers } = multipartBody({ ...FIELDS, full_description: "x".repeat(17 * 1024) }, [
      { field: "file-0", buffer: fixture("photo.png") },
    ]);
    const res = await store.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...headers, ...bearer(admin.token) },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "FIELD_TOO_LONG", message: IMAGE_TEXTS.fieldTooLong });
    expect(await productCount()).toBe(before);
    expect(await uploads()).toEqual(files);
  });

  it("a JSON body where multipart belongs: 415", async () => {
    const res = await store.app.inject({ method: "POST", url: "/api/admin/products", headers: bearer(admin.token), payload: FIELDS });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: "NOT_MULTIPART", message: IMAGE_TEXTS.notMultipart });
  });

  it("a failure while writing the files rolls the product back and leaves no file", async () => {
    const { next } = await store.db
      .selectFrom("products")
      .select((eb) => eb(eb.fn.max("id"), "+", 1).as("next"))
      .executeTakeFirstOrThrow();
    // A plain file where the product's folder would go: the write fails after the rows were inserted.
    const blocker = join(store.dataDir, "uploads", "product", String(next));
    await mkdir(join(store.dataDir, "uploads", "product"), { recursive: true });
    await writeFile(blocker, "not a folder");
    const before = { products: await productCount(), files: await uploads() };
    const res = await upload([{ field: "file-0", buffer: fixture("photo.jpg") }]);
    expect(res.statusCode).toBe(500);
    expect(await productCount()).toBe(before.products);
    expect(await uploads()).toEqual(before.files);
    await rm(blocker);
  });

  it("a bad picture on update leaves the product and its folder as they were", async () => {
    const created = await upload([{ field: "file-0", buffer: fixture("photo.png"), filename: "a.png", contentType: "image/png" }]);
    expect(created.statusCode, created.body).toBe(201);
    const { product } = created.json();
    const files = await uploads();
    expect(files).toHaveLength(2);
    const { payload, headers } = multipartBody({ name: "Renamed" }, [{ field: "file-0", buffer: fixture("program.jpg") }]);
    const res = await store.app.inject({
      method: "PUT",
      url: `/api/admin/products/${product.id}`,
      headers: { ...headers, ...bearer(admin.token) },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(await uploads()).toEqual(files);
    const row = await store.db.selectFrom("products").select("name").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.name).toBe("Hostile Haze");
  });
});

describe("UPLOADS_DIR", () => {
  it("a picture uploaded through one instance lands in UPLOADS_DIR and another instance sharing it serves it", async () => {
    const shared = await makeTempDir("uploads-shared-");
    const env = { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: String(ADMIN_TG), UPLOADS_DIR: shared };
    const one = await makeTestStore({ env });
    // Another instance: its own DATA_DIR, the same database and the same UPLOADS_DIR.
    const otherDataDir = await makeTempDir();
    const other = await appOn(
      { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: otherDataDir, ...UNLIMITED, ...env }), webappDir: null },
      one.db,
    );
    try {
      expect(one.config.uploadsDir).toBe(shared);
      const { token } = await signInCustomer(one.app, ADMIN_TG, "Boss");
      const { payload, headers } = multipartBody(FIELDS, [{ field: "file-0", buffer: fixture("photo.jpg") }]);
      const created = await one.app.inject({
        method: "POST",
        url: "/api/admin/products",
        headers: { ...headers, ...bearer(token) },
        payload,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { product } = created.json() as { product: { id: number; images: { filename: string }[] } };
      const filename = product.images[0]!.filename;

      expect(await filesUnder(shared)).toContain(join(shared, "product", String(product.id), filename));
      expect(await filesUnder(join(one.dataDir, "uploads"))).toEqual([]);
      const served = await other.inject({ method: "GET", url: `/assets/product/${product.id}/${filename}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    } finally {
      await other.close();
      await one.close();
      await rm(shared, { recursive: true, force: true });
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });
});
