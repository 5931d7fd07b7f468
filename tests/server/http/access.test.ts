/**
 * Who may call comes first on every route of the API (issue 21): each route the app registered, read from the
 * app itself (so a new route is covered without a line here), called with junk in its path, query and body.
 * Signed out, every route that needs a session answers 401; a signed-in customer on an admin or staff route
 * answers 403; never the schema's complaint (400) nor a success, and nothing in the database changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_DENIED } from "../../../server/domain/errors";
import type { ApiRoute } from "../../../server/http/access";
import { makeTestStore, type TestStore } from "../../helpers/app";
import { bearer, signInCustomer, TEST_BOT_TOKEN } from "../../helpers/session";

let store: TestStore;
let customer: string;

beforeAll(async () => {
  store = await makeTestStore({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  customer = (await signInCustomer(store.app, 9001, "Alice")).token;
});
afterAll(async () => {
  await store.close();
});

/**
 * Every row of every table but the rate limits' counters (PostgreSQL's `rate_limit_counts`): a refused write is
 * still counted against its sender, before its rights are checked, as SQLite's in-memory counters count it.
 */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables = (await store.db.introspection.getTables()).filter((t) => t.name !== "rate_limit_counts");
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables)
    rows[name] = await store.db
      .selectFrom(name as never)
      .selectAll()
      .execute();
  return rows;
}

/** Path parameters that match no rule, and a query string every list would refuse. */
const JUNK_QUERY = "?limit=junk&cursor=-1&category=junk&from=junk&product_id=junk&sig=%00";
const junkUrl = (url: string) => url.replace(/:\w+/g, "junk") + JUNK_QUERY;

/**
 * What comes with a call: nothing (GET, HEAD), else malformed JSON, JSON of the wrong shape, a body over the
 * limit (64 KB) and a type no route reads: a 400, 413 or 415 if anything of it were read before the rights.
 */
function junkBodies(method: string): ({ payload: string; headers: Record<string, string> } | null)[] {
  if (method === "GET" || method === "HEAD") return [null];
  const json = { "content-type": "application/json" };
  return [
    { payload: '{"junk":', headers: json },
    { payload: JSON.stringify({ junk: [1, { a: null }], amount: "x", active: "x", image_ids: "x", percent: -1 }), headers: json },
    { payload: JSON.stringify({ pad: "x".repeat(100_000) }), headers: json },
    { payload: "junk", headers: { "content-type": "text/x-junk" } },
  ];
}

function call(route: ApiRoute, headers: Record<string, string>) {
  return Promise.all(
    junkBodies(route.method).map((body) =>
      store.app.inject({
        method: route.method as "GET",
        url: junkUrl(route.url),
        headers: { ...headers, ...body?.headers },
        ...(body ? { payload: body.payload } : {}),
      }),
    ),
  );
}

const NEEDS_SESSION = new Set(["signed-in", "staff", "manages-shops", "admin"]);
/** Back-office routes: by their path, whatever they declare, a customer may call none of them. */
const backOffice = (route: ApiRoute) =>
  /^\/api\/(admin|staff)\//.test(route.url) || ["staff", "manages-shops", "admin"].includes(route.access);
const routes = () => store.app.apiRoutes;
const named = (route: ApiRoute) => `${route.method} ${route.url}`;

describe("the routes the app registered", () => {
  it("include the back office's, among them those that checked bodies first", () => {
    const names = routes().map(named);
    for (const route of [
      "PUT /api/admin/products/:id/active",
      "PUT /api/admin/products/:id/images/order",
      "POST /api/admin/products/:id/options",
      "PUT /api/admin/products/:id/default-option",
      "POST /api/admin/stock",
      "POST /api/admin/stock/move",
      "PUT /api/staff/orders/:id/statuses",
      "POST /api/staff/orders/:id/ton/confirm",
      "POST /api/admin/promos",
      "PUT /api/admin/promos/:id",
      "POST /api/admin/promos/:id/disable",
    ]) {
      expect(names).toContain(route);
    }
    // The issue counted 39 admin and staff routes; new ones add to them.
    expect(routes().filter((r) => r.method !== "HEAD" && backOffice(r)).length).toBeGreaterThanOrEqual(39);
  });
});

describe("every route that needs a session, signed out", () => {
  const deadToken = "A".repeat(43);
  for (const [who, headers] of [
    ["without a token", {}],
    ["with a dead token", bearer(deadToken)],
  ] as const) {
    it(`answers 401 ${who}, whatever was sent, and changes nothing`, async () => {
      const before = await snapshot();
      const wrong: string[] = [];
      for (const route of routes().filter((r) => NEEDS_SESSION.has(r.access))) {
        for (const res of await call(route, headers)) {
          const body = route.method === "HEAD" ? null : res.json();
          const ok =
            res.statusCode === 401 && (body === null || (body.error === "SIGN_IN_REQUIRED" && body.message === "Please log in first."));
          if (!ok) wrong.push(`${named(route)}: ${res.statusCode} ${res.body}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe("every admin and staff route, called by a customer", () => {
  it("answers 403 'Отказано в доступе.', whatever was sent, and changes nothing", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes().filter(backOffice)) {
      for (const res of await call(route, bearer(customer))) {
        const body = route.method === "HEAD" ? null : res.json();
        const ok = res.statusCode === 403 && (body === null || (body.error === "FORBIDDEN" && body.message === ACCESS_DENIED));
        if (!ok) wrong.push(`${named(route)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("declaring access", () => {
  it("a route under /api that declares none, or an unknown one, stops the start", async () => {
    const fresh = await makeTestStore({ seed: false });
    try {
      expect(() => fresh.app.get("/api/undeclared", async () => ({}))).toThrow(/GET \/api\/undeclared declares no access/);
      expect(() => fresh.app.post("/api/misdeclared", { config: { access: "admins" as "admin" } }, async () => ({}))).toThrow(
        /POST \/api\/misdeclared declares no access/,
      );
      // Outside the API (the mini-app's files, /dev, the webhook) nothing is asked.
      expect(() => fresh.app.get("/elsewhere", async () => ({}))).not.toThrow();
    } finally {
      await fresh.close();
    }
  });
});
