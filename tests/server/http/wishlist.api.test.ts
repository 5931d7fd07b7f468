import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTestStore, productIdsByName, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let products: Record<string, number>;

beforeEach(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN, ADMIN_TELEGRAM_IDS: "555" } });
  products = await productIdsByName(store.db);
});
afterEach(async () => {
  await store.close();
});

const call = (method: "GET" | "PUT" | "DELETE", url: string, token?: string) =>
  store.app.inject({ method, url, headers: token ? bearer(token) : {} });

describe("the wishlist", () => {
  it("keeps each customer's own list, newest first, and counts in the product stats", async () => {
    const alice = await signInCustomer(store.app, 7001, "Alice");
    const bob = await signInCustomer(store.app, 7002, "Bob");
    const added = await call("PUT", `/api/wishlist/${products["Blue Dream"]}`, alice.token);
    expect(added.statusCode).toBe(200);
    await call("PUT", `/api/wishlist/${products["Coconut Space Brownie"]}`, alice.token);
    await call("PUT", `/api/wishlist/${products["Coconut Space Brownie"]}`, alice.token); // twice is once

    const list = (await call("GET", "/api/wishlist", alice.token)).json();
    expect(list.product_ids).toEqual([products["Coconut Space Brownie"], products["Blue Dream"]]);
    expect(list.products.map((p: { name: string }) => p.name)).toEqual(["Coconut Space Brownie", "Blue Dream"]);
    expect((await call("GET", "/api/wishlist", bob.token)).json().product_ids).toEqual([]);

    const blueDream = (await call("GET", `/api/products/${products["Blue Dream"]}`)).json().product;
    expect(blueDream.stats.wishlist).toBe(1);

    const removed = await call("DELETE", `/api/wishlist/${products["Blue Dream"]}`, alice.token);
    expect(removed.json().product_ids).toEqual([products["Coconut Space Brownie"]]);
    expect((await call("DELETE", `/api/wishlist/${products["Blue Dream"]}`, alice.token)).statusCode).toBe(200);
  });

  it("drops a product taken off sale from the list", async () => {
    const alice = await signInCustomer(store.app, 7003);
    await call("PUT", `/api/wishlist/${products["Gelato #41"]}`, alice.token);
    await store.db.updateTable("products").set({ is_inactive: 1 }).where("id", "=", products["Gelato #41"]!).execute();
    expect((await call("GET", "/api/wishlist", alice.token)).json()).toEqual({ product_ids: [], products: [] });
  });

  it("refuses visitors (401), admins (403), unknown and inactive products (404), changing nothing", async () => {
    expect((await call("GET", "/api/wishlist")).statusCode).toBe(401);
    expect((await call("PUT", `/api/wishlist/${products["Blue Dream"]}`)).statusCode).toBe(401);

    const admin = await signInCustomer(store.app, 555, "Admin");
    const denied = await call("PUT", `/api/wishlist/${products["Blue Dream"]}`, admin.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "FORBIDDEN", message: "Admins have no wishlist." });

    const alice = await signInCustomer(store.app, 7004);
    for (const id of [99999, products["Wedding Cake"], products["Old Season Sampler"]]) {
      const res = await call("PUT", `/api/wishlist/${id}`, alice.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("PRODUCT_NOT_FOUND");
    }
    expect((await call("PUT", "/api/wishlist/abc", alice.token)).statusCode).toBe(400);
    expect(await store.db.selectFrom("wishlist").selectAll().execute()).toEqual([]);
  });
});
