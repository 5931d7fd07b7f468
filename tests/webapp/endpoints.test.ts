/**
 * Every endpoint through one client and one hook file (docs/webapp.md "Query layer"): a call to the API
 * (`apiRequest`, or `apiCall` for a file) is made only in a feature's `api/` folder, each file there calls one
 * endpoint (one method and path; a hook may read it in pages or pick one item of it), and no two files call the
 * same endpoint, so one query key serves every screen that shows its data. Read from webapp/src's sources.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SRC = "webapp/src";
/** The client itself. */
const CLIENT = `${SRC}/lib/api.ts`;

type Sources = ReadonlyMap<string, string>;

function readSources(): Sources {
  const files = readdirSync(join(ROOT, SRC), { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
  return new Map(files.map((file) => [`${SRC}/${file}`, readFileSync(join(ROOT, SRC, file), "utf8")]));
}

/** The text of a call's arguments, from just after its opening parenthesis to its closing one. */
function argumentsFrom(source: string, open: number): string {
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    if (source[at] === "(") depth++;
    else if (source[at] === ")" && --depth === 0) return source.slice(open + 1, at);
  }
  return source.slice(open + 1);
}

/** "POST /api/orders/:id/ton/quote" for each call of the client in a source; "?" for a path that is not written out. */
function endpointsOf(source: string): string[] {
  const endpoints: string[] = [];
  for (const call of source.matchAll(/\bapi(?:Request|Call)\s*(?:<[^()]*?>)?\(/g)) {
    const args = argumentsFrom(source, call.index + call[0].length - 1);
    const path = /^\s*(["'`])(\/api[^"'`]*)\1/.exec(args)?.[2]?.replace(/\$\{[^}]*\}/g, ":param") ?? "?";
    const method = /\bmethod:\s*"([A-Z]+)"/.exec(args)?.[1] ?? "GET";
    endpoints.push(`${method} ${path}`);
  }
  return endpoints;
}

function endpointProblems(sources: Sources): string[] {
  const problems: string[] = [];
  const filesOf = new Map<string, string[]>();
  for (const [path, source] of sources) {
    if (path === CLIENT) continue;
    const endpoints = [...new Set(endpointsOf(source))];
    if (endpoints.length === 0) continue;
    if (!/^webapp\/src\/features\/(admin\/)?[^/]+\/api\/[^/]+\.tsx?$/.test(path)) {
      problems.push(`${path} calls ${endpoints.join(", ")}: calls belong in a hook file under the feature's api/`);
    }
    if (endpoints.length > 1)
      problems.push(`${path} calls ${endpoints.length} endpoints (${endpoints.join(", ")}): one hook file per endpoint`);
    for (const endpoint of endpoints) {
      if (endpoint.endsWith(" ?")) problems.push(`${path}: a call whose path is not written out (${endpoint})`);
      filesOf.set(endpoint, [...(filesOf.get(endpoint) ?? []), path]);
    }
  }
  for (const [endpoint, files] of filesOf) {
    if (files.length > 1) problems.push(`${endpoint} is called from ${files.join(" and ")}: one hook, one query key`);
  }
  return problems;
}

describe("one client, one hook file per endpoint", () => {
  it("holds in webapp/src", () => {
    const sources = readSources();
    expect([...sources.values()].flatMap(endpointsOf).length).toBeGreaterThan(40);
    expect(endpointProblems(sources)).toEqual([]);
  });

  it("is broken by a call outside api/, a file of two endpoints, or one endpoint in two files", () => {
    const sources: Sources = new Map([
      [
        "webapp/src/features/ton/TonPay.tsx",
        'const quote = await apiRequest<TonQuote>(`/api/orders/${order.id}/ton/quote`, { method: "POST" });',
      ],
      [
        "webapp/src/features/admin/products/api/useStock.ts",
        'apiRequest<X>("/api/admin/stock", { method: "POST", body: change });\n' +
          'apiRequest<Y>("/api/admin/stock/move", { method: "POST", body });',
      ],
      ["webapp/src/features/admin/shops/api/useAdminShops.ts", 'apiRequest<AdminShopListResponse>("/api/admin/shops", { signal })'],
      ["webapp/src/features/admin/products/api/useShops.ts", 'apiRequest<AdminShopListResponse>("/api/admin/shops", { signal })'],
      [
        "webapp/src/features/orders/api/useOrder.ts",
        "apiRequest<OrderResponse>(`/api/orders/${id}`, { signal }).then((answer) => answer.order)",
      ],
    ]);
    expect(endpointProblems(sources)).toEqual([
      "webapp/src/features/ton/TonPay.tsx calls POST /api/orders/:param/ton/quote: calls belong in a hook file under the feature's api/",
      "webapp/src/features/admin/products/api/useStock.ts calls 2 endpoints " +
        "(POST /api/admin/stock, POST /api/admin/stock/move): one hook file per endpoint",
      "GET /api/admin/shops is called from webapp/src/features/admin/shops/api/useAdminShops.ts " +
        "and webapp/src/features/admin/products/api/useShops.ts: one hook, one query key",
    ]);
  });
});
