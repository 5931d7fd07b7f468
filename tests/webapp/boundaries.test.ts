/**
 * The mini-app's import boundaries (docs/webapp.md "Structure"), read from the import statements of every file
 * under webapp/src (TypeScript's own pre-processor finds static, re-exported and dynamic imports):
 * - a feature (`features/<area>`, or `features/admin/<area>`) imports no other feature: what two features share
 *   lives in `components/` or `lib/`, and `app/` composes features;
 * - `components/` and `lib/` import no feature and nothing of `app/`; features import nothing of `app/`;
 * - of the server, the mini-app imports `@domain` (server/domain, through the alias) and nothing else, and of
 *   `@domain/contracts` types only (TypeBox stays out of the bundle).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SRC = "webapp/src";

/** Source files by path from the repository's root. */
type Sources = ReadonlyMap<string, string>;

function readSources(): Sources {
  const files = readdirSync(join(ROOT, SRC), { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
  return new Map(files.map((file) => [`${SRC}/${file}`, readFileSync(join(ROOT, SRC, file), "utf8")]));
}

/** `features/cart`, `features/admin/shops` …; null outside features/. */
function featureOf(path: string): string | null {
  return /^webapp\/src\/features\/(admin\/[^/]+|[^/]+)\//.exec(path)?.[1] ?? null;
}

function layerOf(path: string): "app" | "components" | "lib" | "feature" | "other" {
  if (featureOf(path)) return "feature";
  const top = /^webapp\/src\/([^/]+)\//.exec(path)?.[1];
  return top === "app" || top === "components" || top === "lib" ? top : "other";
}

/** Type-only imports (`import type`, `export type`) of a specifier, which leave nothing in the bundle. */
function valueImports(source: string): Set<string> {
  const file = ts.createSourceFile("file.tsx", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const values = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) values.add(statement.moduleSpecifier.text);
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    ) {
      values.add(statement.moduleSpecifier.text);
    }
  }
  return values;
}

/** Every import of every file that crosses a boundary, as "file → specifier: why". */
function boundaryProblems(sources: Sources): string[] {
  const problems: string[] = [];
  for (const [path, source] of sources) {
    const imports = ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName);
    const values = valueImports(source);
    for (const specifier of imports) {
      const say = (why: string) => problems.push(`${path} → ${specifier}: ${why}`);
      if (specifier === "@domain" || specifier.startsWith("@domain/")) {
        if (specifier.startsWith("@domain/contracts") && values.has(specifier)) say("contracts are imported as types only");
        continue;
      }
      if (!specifier.startsWith(".")) {
        if (/^(server|db|bot|scripts)(\/|$)/.test(specifier)) say("the mini-app imports nothing of the server but @domain");
        continue;
      }
      const target = relative(ROOT, resolve(ROOT, dirname(path), specifier)).split("\\").join("/");
      // A package's own file (the Telegram SDK's plain script, TON Connect's browser build) is a package.
      if (target.startsWith("node_modules/")) continue;
      if (!target.startsWith(`${SRC}/`)) {
        say("the mini-app imports nothing outside webapp/src but @domain (the server's rules, through the alias)");
        continue;
      }
      const [from, to] = [featureOf(path), featureOf(target)];
      if (from && to && from !== to) say(`features do not import each other (${from} imports ${to}): share it through components/ or lib/`);
      const [fromLayer, toLayer] = [layerOf(path), layerOf(target)];
      if ((fromLayer === "components" || fromLayer === "lib") && (toLayer === "feature" || toLayer === "app")) {
        say(`${fromLayer}/ is shared by every feature: it imports no feature and nothing of app/`);
      }
      if (fromLayer === "feature" && toLayer === "app") say("app/ composes features, not the other way round");
    }
  }
  return problems;
}

describe("the mini-app's import boundaries", () => {
  it("hold in webapp/src", () => {
    const sources = readSources();
    expect(sources.size).toBeGreaterThan(100);
    expect(boundaryProblems(sources)).toEqual([]);
  });

  it("are broken by a feature importing another, shared code importing a feature, or the server beyond @domain", () => {
    const sources: Sources = new Map([
      ["webapp/src/features/admin/shops/api/useCreateShop.ts", 'import { sendForm } from "../../products/api/sendForm";'],
      ["webapp/src/features/admin/shops/api/useAdminShop.ts", 'import { shopsChanged } from "./adminShopKeys";'],
      ["webapp/src/features/orders/components/Pending.tsx", 'const Ton = lazy(() => import("../../ton/TonPay"));'],
      ["webapp/src/features/cart/stores/cartStore.ts", 'export { useShops } from "../../shops/api/useShops";'],
      ["webapp/src/components/Card.tsx", 'import { Price } from "../features/catalog/components/Price";'],
      ["webapp/src/lib/theme.ts", 'import { Shell } from "../app/shell/Shell";'],
      ["webapp/src/features/catalog/x.ts", 'import { paths } from "../../app/routes/pages";'],
      ["webapp/src/lib/shops.ts", 'import { shops } from "../../../server/services/shops";'],
      ["webapp/src/lib/db.ts", 'import { db } from "db/connection";'],
      ["webapp/src/lib/ok.ts", 'import { formatBaht } from "@domain/format";\nimport type { Order } from "@domain/contracts/orders";'],
      ["webapp/src/lib/typebox.ts", 'import { Order } from "@domain/contracts/orders";'],
      ["webapp/src/app/routes/CartPage.tsx", 'import { useShops } from "../../features/shops/api/useShops";'],
    ]);
    const problems = boundaryProblems(sources);
    expect(problems.map((problem) => problem.split(" → ")[0])).toEqual([
      "webapp/src/features/admin/shops/api/useCreateShop.ts",
      "webapp/src/features/orders/components/Pending.tsx",
      "webapp/src/features/cart/stores/cartStore.ts",
      "webapp/src/components/Card.tsx",
      "webapp/src/lib/theme.ts",
      "webapp/src/features/catalog/x.ts",
      "webapp/src/lib/shops.ts",
      "webapp/src/lib/db.ts",
      "webapp/src/lib/typebox.ts",
    ]);
  });
});
