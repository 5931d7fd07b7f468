import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestStore, type TestStore } from "../../helpers/app";

let store: TestStore;

beforeAll(async () => {
  store = await makeTestStore({ seed: false });
  // A route that fails the way a bug would, to see what a caller gets.
  store.app.get("/api/test-failure", { config: { access: "public" } }, async () => {
    throw new Error("secret stack detail");
  });
  store.app.post("/api/test-echo", { config: { access: "public" } }, async (request) => ({ got: request.body }));
});
afterAll(async () => {
  await store.close();
});

describe("the API's error shape", () => {
  it("answers GET /api/health", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
  });

  it("answers an unknown /api path with a JSON 404, never HTML", async () => {
    for (const url of ["/api/nope", "/api/products/1/nothing", "/api"]) {
      const res = await store.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: "NOT_FOUND", message: expect.stringContaining("not found") });
    }
  });

  it("hides the details of a 500 and keeps serving", async () => {
    const res = await store.app.inject({ method: "GET", url: "/api/test-failure" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "INTERNAL_ERROR", message: "Something went wrong on our side. Please try again later." });
    expect(res.body).not.toContain("secret");
    expect((await store.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("refuses an id past what the database stores with a 400, on either engine, instead of a 500", async () => {
    for (const url of ["/api/products/3000000000", "/api/orders/3000000000", "/api/orders?cursor=3000000000"]) {
      const res = await store.app.inject({ method: "GET", url });
      // /api/orders wants a session: 401 comes first there, and never a 500.
      expect([400, 401]).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json()).toEqual({ error: "VALIDATION_ERROR", message: expect.stringMatching(/2147483647/) });
    }
    const product = await store.app.inject({ method: "GET", url: "/api/products/3000000000" });
    expect(product.statusCode).toBe(400);
  });

  it("answers malformed JSON with a 400 in the same shape", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/test-echo",
      headers: { "content-type": "application/json" },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it("answers a huge body with a 413 in the same shape", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/api/test-echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ text: "x".repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual(expect.any(String));
  });
});
