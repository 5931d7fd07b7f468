/**
 * The mini-app's CSS naming rule (docs/webapp.md "Styles"), checked over every stylesheet of webapp/src. A
 * stylesheet travels with the chunk that imports it and stays in the page once loaded, so a rule of one feature
 * must never match another's markup (issue 21: the staff chunk's `.shop-row` restyled the cart's shop picker).
 *
 * Classes are BEM-named: a block, `block__element`, `block--modifier`. Each block has one home:
 * - the shared layer (`app/theme.css` and `components/`) holds the blocks every screen uses (`button`, `card`,
 *   `pill`, `modal`, `product-card` …); within it, a block is styled on its own in one file only;
 * - a feature (`features/<area>`, `features/admin/<area>`) or `app/` (its shell and pages) owns the blocks only
 *   its stylesheets name. Every selector of a feature's or app's stylesheet names one of its own blocks: another's
 *   block (a shared one, or a feature's that a page composes) only inside its own, e.g. `.shop-page .page__title`.
 * So two features can never style the same class, and no feature can restyle a shared block everywhere.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SRC = "webapp/src";

/** Stylesheets by path from the repository's root. */
type Sheets = ReadonlyMap<string, string>;

function readSheets(): Sheets {
  const files = readdirSync(join(ROOT, SRC), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".css"));
  return new Map(files.map((file) => [`${SRC}/${file}`, readFileSync(join(ROOT, SRC, file), "utf8")]));
}

/** "shared", "app" or the feature (`features/cart`, `features/admin/shops` …). */
function areaOf(path: string): string {
  const feature = /^webapp\/src\/(features\/(?:admin\/[^/]+|[^/]+))\//.exec(path)?.[1];
  if (feature) return feature;
  if (path === `${SRC}/app/theme.css` || path.startsWith(`${SRC}/components/`)) return "shared";
  return "app";
}

/** Every selector of a stylesheet (at-rules' preludes and keyframe steps left out). */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  for (const [, prelude] of css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{};]+)\{/g)) {
    const text = prelude!.trim();
    if (text.startsWith("@") || /^(from|to|[\d.]+%)(\s*,\s*(from|to|[\d.]+%))*$/.test(text)) continue;
    selectors.push(...text.split(",").map((selector) => selector.trim()));
  }
  return selectors;
}

/** The blocks a selector names (attribute values left out: `[href$=".pdf"]` names no class). */
function blocksOf(selector: string): string[] {
  const classes = [...selector.replace(/\[[^\]]*\]/g, "").matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map(([, name]) => name!);
  return [...new Set(classes.map((name) => name.split(/__|--/)[0]!))];
}

function cssNameProblems(sheets: Sheets): string[] {
  const parsed = [...sheets].map(([path, css]) => ({ path, area: areaOf(path), selectors: selectorsOf(css) }));
  const areasNaming = new Map<string, Set<string>>();
  for (const { area, selectors } of parsed) {
    for (const block of selectors.flatMap(blocksOf)) areasNaming.set(block, (areasNaming.get(block) ?? new Set()).add(area));
  }
  // A feature's own block: no other feature and nothing shared names it (app/ may, composing the feature).
  // App's own block: nothing else names it.
  const ownBy = (area: string, block: string) =>
    [...areasNaming.get(block)!].every((naming) => naming === area || (naming === "app" && area !== "shared"));

  const problems: string[] = [];
  const sharedAlone = new Map<string, string>();
  for (const { path, area, selectors } of parsed) {
    for (const selector of selectors) {
      const blocks = blocksOf(selector);
      if (area === "shared") {
        if (blocks.length !== 1) continue;
        const home = sharedAlone.get(blocks[0]!);
        if (home && home !== path) problems.push(`${path}: "${selector}" styles .${blocks[0]}, whose home is ${home}`);
        else sharedAlone.set(blocks[0]!, path);
        continue;
      }
      if (!blocks.some((block) => ownBy(area, block))) {
        const others = blocks.map((block) => `.${block} (named by ${[...areasNaming.get(block)!].join(", ")})`);
        problems.push(`${path}: "${selector}" names no block of its own ${area}: ${others.join(", ") || "no class at all"}`);
      }
    }
  }
  return problems;
}

/** Markup by path: the mini-app's .tsx files. */
function readMarkup(): Sheets {
  const files = readdirSync(join(ROOT, SRC), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".tsx"));
  return new Map(files.map((file) => [`${SRC}/${file}`, readFileSync(join(ROOT, SRC, file), "utf8")]));
}

/**
 * A feature's markup wears no block that only app/'s stylesheets style: app's sheet travels with app's chunk, so
 * the feature's screen would be styled only while that chunk happens to be loaded (the cabinet's boxes were such a
 * block, worn by the staff's 'All sales'). Shared blocks live in components/; a feature's in the feature.
 */
function markupProblems(sheets: Sheets, markup: Sheets): string[] {
  const homes = new Map<string, Set<string>>();
  for (const [path, css] of sheets) {
    for (const block of selectorsOf(css).flatMap(blocksOf)) homes.set(block, (homes.get(block) ?? new Set()).add(areaOf(path)));
  }
  const problems: string[] = [];
  for (const [path, source] of markup) {
    const area = areaOf(path);
    if (!area.startsWith("features/")) continue;
    const worn = [...source.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)].flatMap(([, plain, template]) =>
      (plain ?? template ?? "").replace(/\$\{[^}]*\}/g, " ").split(/\s+/).filter(Boolean),
    );
    for (const block of new Set(worn.map((name) => name.split(/__|--/)[0]!))) {
      const styledBy = homes.get(block);
      if (styledBy && [...styledBy].every((home) => home === "app")) problems.push(`${path} wears .${block}, styled only by app/`);
    }
  }
  return problems;
}

describe("the CSS naming rule", () => {
  it("keeps features' markup off app/'s blocks", () => {
    const problems = markupProblems(readSheets(), readMarkup());
    expect(problems).toEqual([]);
    const broken = markupProblems(
      new Map([["webapp/src/app/routes/pages.css", ".cabinet-box { gap: 1px; }"]]),
      new Map([["webapp/src/features/handover/components/AllSalesBox.tsx", '<a className="cabinet-box card">']]),
    );
    expect(broken).toEqual(["webapp/src/features/handover/components/AllSalesBox.tsx wears .cabinet-box, styled only by app/"]);
  });

  it("holds in webapp/src", () => {
    const sheets = readSheets();
    expect(sheets.size).toBeGreaterThan(20);
    expect(cssNameProblems(sheets)).toEqual([]);
  });

  it("is broken by two features styling one block, a feature restyling a shared block, or two homes of a shared block", () => {
    const sheets: Sheets = new Map([
      ["webapp/src/app/theme.css", ":root { --bg: #000; }\n.button { color: red; }\n.page__title { margin: 0; }"],
      ["webapp/src/components/Card.css", ".card { padding: 1px; }\n@media (min-width: 400px) { .card__body { gap: 2px; } }"],
      ["webapp/src/components/Other.css", ".card--wide { width: 100%; }"],
      ["webapp/src/features/shops/components/ShopRow.css", ".shop-row { gap: 1px; }\n.shop-row__name { font-weight: 700; }"],
      ["webapp/src/features/admin/shops/components/shops.css", ".shop-page .page__title { margin: 0; }\n.shop-row { gap: 2px; }"],
      [
        "webapp/src/features/cart/components/Cart.css",
        ".cart-line .button, .cart-line__more { color: blue; }\n.button--cart { color: green; }",
      ],
      ["webapp/src/features/catalog/components/Tags.css", "@keyframes pop { from { opacity: 0; } 50% { opacity: 1; } }\nh1 { margin: 0; }"],
      ["webapp/src/app/storefront/storefront.css", ".buy-row .cart-line { flex: 1; }\n.card__title { margin: 0; }"],
    ]);
    expect(cssNameProblems(sheets).map((problem) => problem.split(" names ")[0]!.split(" styles ")[0])).toEqual([
      'webapp/src/components/Other.css: ".card--wide"',
      'webapp/src/features/shops/components/ShopRow.css: ".shop-row"',
      'webapp/src/features/shops/components/ShopRow.css: ".shop-row__name"',
      'webapp/src/features/admin/shops/components/shops.css: ".shop-row"',
      'webapp/src/features/cart/components/Cart.css: ".button--cart"',
      'webapp/src/features/catalog/components/Tags.css: "h1"',
      'webapp/src/app/storefront/storefront.css: ".card__title"',
    ]);
  });
});
