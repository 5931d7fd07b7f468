/**
 * The list answer on a catalogue of a few hundred products stocked at every pickup shop, like the year the
 * store's seed writes: its bytes grow by a card's worth per product, not by a shop's name per product and shop.
 */
import { Value } from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WAREHOUSE_SHOP_ID } from "../../../server/domain/constants";
import { ProductListResponse } from "../../../server/domain/contracts/catalog";
import { makeTestStore, type TestStore } from "../../helpers/app";
import { addCatalogue } from "../../helpers/catalogue";

/** The list of the 500-product year must stay within 300 KB raw (docs/performance.md): 600 bytes a product. */
const BYTES_PER_PRODUCT = 300_000 / 500;

let store: TestStore;
let shopNames: string[];

beforeAll(async () => {
  store = await makeTestStore();
  const shops = await store.db.selectFrom("shops").select(["id", "name"]).where("is_deleted", "=", 0).execute();
  const pickup = shops.filter((shop) => shop.id !== WAREHOUSE_SHOP_ID);
  shopNames = pickup.map((shop) => shop.name);
  await addCatalogue(store.db, { count: 300, shopIds: pickup.map((shop) => shop.id) });
});
afterAll(async () => {
  await store.close();
});

describe("the list answer of a large catalogue", () => {
  it("stays within a card's bytes per product, and names each shop once, never inside a product", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/products", headers: { "accept-encoding": "identity" } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductListResponse;
    expect(Value.Check(ProductListResponse, body)).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(300);

    const perProduct = res.rawPayload.length / body.products.length;
    expect(perProduct, `${Math.round(perProduct)} bytes a product`).toBeLessThanOrEqual(BYTES_PER_PRODUCT);

    expect(shopNames.length).toBeGreaterThanOrEqual(2);
    for (const name of shopNames) {
      expect(res.body.split(JSON.stringify(name)), name).toHaveLength(2);
      for (const product of body.products) expect(JSON.stringify(product)).not.toContain(name);
    }
    // Every generated product is held at every pickup shop, all of them in the answer's `shops`.
    expect(Object.values(body.shops).map((shop) => shop.name).sort()).toEqual([...shopNames].sort());
  });
});
