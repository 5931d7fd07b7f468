/**
 * The customer catalogue: listing, product page and shops. Everything is built from one snapshot of the
 * database per catalogue version (a counter moved by triggers on every change a customer can see), so the
 * 15-second polls of every open app cost one tiny read while nothing changes.
 *
 * The version itself is read at most once a second (`VERSION_FRESH_MS`) while no unit of this process has
 * committed: a change made here shows at once, a change made by another process (the bot, another
 * instance, the admin CLI) within a second, far inside a poll. The 304 poll then costs nothing but its
 * headers (docs/decisions.md, "The catalogue's version").
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import {
  readCatalogVersion,
  selectActiveProducts,
  selectExtraOptions,
  selectImages,
  selectLiveShops,
  selectPositiveStock,
  selectProductStats,
  type ActiveProductRow,
  type LiveShopRow,
} from "../../db/repositories/catalog";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { compareListingOrder, isListedFor, isPickupShop, parseCategoryFilter, type CategoryFilter } from "../domain/catalog";
import { BASE_OPTION_ID, WAREHOUSE_SHOP_ID } from "../domain/constants";
import type {
  ListOption,
  ListShop,
  ListStock,
  Product,
  ProductImage,
  ProductListItem,
  ProductListQuery,
  ProductListResponse,
  ProductOption,
  Shop,
  ShopListItem,
} from "../domain/contracts/catalog";
import { NotFoundError, ValidationError } from "../domain/errors";
import { shopStockKey } from "../domain/options";
import {
  SEARCH_PAGE_SIZE,
  corpusSearch,
  parseSearchQuery,
  prepareQuery,
  rankBySearch,
  readSearchCursor,
  searchCorpusOf,
  searchCursorOf,
  searchEntryOf,
  type SearchCorpus,
} from "../domain/search";
import { nextSaleEnd, saleShown, type SaleColumns } from "../domain/sale";

export interface CatalogDeps {
  db: DB;
  /** Milliseconds since the epoch: when a sale ends, prices change without a database change. */
  clock?: () => number;
}

interface ProductSource {
  row: ActiveProductRow;
  /** The sale columns as stored; what customers see of them depends on the clock (server/domain/sale.ts). */
  options: (Omit<ProductOption, "instock" | "sale_price" | "sale_ends_at"> & SaleColumns)[];
  images: ProductImage[];
  /** shop id → option id → amount (positive only). */
  stock: Map<number, Map<number, number>>;
  stats: { orders: number; wishlist: number };
}

interface Snapshot {
  version: number;
  products: Map<number, ProductSource>;
  pickupShops: Map<number, LiveShopRow>;
  shops: { shops: Shop[] };
  /** The moment the answers' sale prices are for, and the next sale end after it: passing that is a new version. */
  pricedAt: number;
  nextSaleEnd: number;
  /** Built answers, kept for the life of this version: the same object for the same question, which
   *  lets the HTTP layer serialise each one once. */
  answers: Map<string, unknown>;
  /** Each product's texts prepared for search, made on this version's first search (or kept from the version
   *  before when no product's texts changed). */
  search?: SearchCorpus<number>;
  /** The last search pages answered on this version and prices (`SEARCH_ANSWERS_KEPT`, least recently asked
   *  dropped first): the same object for the same question, so it is ranked, serialised and compressed once. */
  searches: Map<string, ProductListResponse>;
  /** Each product's list item (`listItemOf`), made once per version and prices: the same in every scope. */
  items: Map<number, ProductListItem>;
  /** The products each scope (tab and shop) lists, in listing order, worked out once per version and prices. */
  scopes: Map<string, ProductSource[]>;
}

/** Search pages kept per catalogue version and prices: a page is about 35 KB raw and 6 KB compressed, so at most ~20 MB. */
export const SEARCH_ANSWERS_KEPT = 200;

export type Catalog = ReturnType<typeof createCatalog>;

/** How long a version read stays good while this process commits nothing. */
export const VERSION_FRESH_MS = 1000;

export function createCatalog({ db, clock = Date.now }: CatalogDeps) {
  let snapshot: Snapshot | null = null;
  let building: Promise<Snapshot> | null = null;
  /** When the snapshot's version was last read from the database, and the commit count then. */
  let checked = { at: -Infinity, commits: -1 };

  const units = unitOfWorkOf(db).named("catalog");

  async function current(): Promise<Snapshot> {
    const now = performance.now();
    const commits = units.commits();
    if (snapshot && commits === checked.commits && now - checked.at < VERSION_FRESH_MS) return repriced(snapshot);
    const version = await units.read("version", readCatalogVersion);
    checked = { at: now, commits };
    if (snapshot?.version === version) return repriced(snapshot);
    // One build at a time; a poll that arrives meanwhile waits for it rather than building again.
    building ??= units.read("snapshot", (tx) => build(tx, version, clock())).finally(() => {
      building = null;
    });
    const built = await building;
    if (!snapshot || built.version >= snapshot.version) snapshot = built;
    return built;
  }

  /**
   * The snapshot with its sale prices as of now: once a sale's end has passed, the same rows answer afresh (new
   * bodies, so new ETags) without reading the database again.
   */
  function repriced(snap: Snapshot): Snapshot {
    const at = clock();
    if (at < snap.nextSaleEnd) return snap;
    snapshot = {
      ...snap,
      pricedAt: at,
      nextSaleEnd: nextSaleEndOf(snap.products.values(), at),
      answers: new Map(),
      searches: new Map(),
      scopes: new Map(),
      items: new Map(),
    };
    return snapshot;
  }

  /**
   * The version's search corpus: the one before when every product's name, label and description are the same
   * (an order moves the version by its stock, and folding every text again would cost each first search after
   * it), else made afresh.
   */
  let lastCorpus: SearchCorpus<number> | null = null;
  function corpusOf(snap: Snapshot): SearchCorpus<number> {
    if (snap.search) return snap.search;
    const texts = (row: ActiveProductRow) => `${row.name}\u0000${row.label ?? ""}\u0000${row.description ?? ""}`;
    const same =
      lastCorpus !== null &&
      lastCorpus.entries.size === snap.products.size &&
      [...snap.products].every(([id, source]) => lastTexts.get(id) === texts(source.row));
    if (!same) {
      lastCorpus = searchCorpusOf(new Map([...snap.products].map(([id, source]) => [id, searchEntryOf([source.row])])));
      lastTexts = new Map([...snap.products].map(([id, source]) => [id, texts(source.row)]));
    }
    snap.search = lastCorpus!;
    return snap.search;
  }
  let lastTexts = new Map<number, string>();

  function remember<T>(snap: Snapshot, key: string, make: () => T): T {
    if (!snap.answers.has(key)) snap.answers.set(key, make());
    return snap.answers.get(key) as T;
  }

  /** The scope of stock figures: one pickup shop, or null for all of them. stock_id 1 (the default) is all. */
  function shopScope(snap: Snapshot, stockId: number | undefined): number | null {
    if (stockId === undefined || stockId === WAREHOUSE_SHOP_ID) return null;
    if (!snap.pickupShops.has(stockId)) throw new NotFoundError("Shop", "Shop {id} not found", { id: stockId });
    return stockId;
  }

  return {
    /**
     * The listed catalogue (without `q`), or one page of a search (with it). A list item's shops are named once,
     * in the answer's `shops`.
     */
    async listProducts(query: ProductListQuery): Promise<ProductListResponse> {
      const filter = parseCategoryFilter(query.category);
      const q = parseSearchQuery(query.q);
      const snap = await current();
      const shopId = shopScope(snap, query.stock_id);
      if (q === null) {
        if (query.cursor !== undefined) throw badCursor();
        const key = `list:${JSON.stringify(filter)}:${shopId}`;
        return remember(snap, key, () => listAnswer(snap, listFor(snap, filter, shopId), null));
      }
      // A search scope's All is every product a tab lists: `in_all_list` 0 hides a product from the All tab's
      // browsing only, and a customer who types its name is looking for it.
      const scope = `${JSON.stringify(filter)}:${shopId}:${q}`;
      const offset = query.cursor === undefined ? 0 : readSearchCursor(query.cursor, scope);
      const key = `${offset}:${scope}`;
      const kept = snap.searches.get(key);
      if (kept) {
        // Asked again: now the most recent.
        snap.searches.delete(key);
        snap.searches.set(key, kept);
        return kept;
      }
      const found = searchFor(snap, corpusOf(snap), q, filter, shopId);
      const page = found.slice(offset, offset + SEARCH_PAGE_SIZE);
      const next = offset + SEARCH_PAGE_SIZE < found.length ? searchCursorOf(scope, offset + SEARCH_PAGE_SIZE) : null;
      const answer = listAnswer(snap, page, next);
      snap.searches.set(key, answer);
      if (snap.searches.size > SEARCH_ANSWERS_KEPT) snap.searches.delete(snap.searches.keys().next().value!);
      return answer;
    },

    async getProduct(id: number, stockId?: number): Promise<{ product: Product }> {
      const snap = await current();
      const shopId = shopScope(snap, stockId);
      const source = snap.products.get(id);
      if (!source) throw new NotFoundError("Product", "Product {id} not found", { id });
      return remember(snap, `product:${id}:${shopId}`, () => ({ product: toProduct(snap, source, shopId) }));
    },

    async listShops(): Promise<{ shops: Shop[] }> {
      return (await current()).shops;
    },
  };
}

function badCursor(): ValidationError {
  return new ValidationError("cursor", "cursor must be the next_cursor of the page before, passed back unchanged");
}

/** The products a tab lists, in listing order. */
function listFor(snap: Snapshot, filter: CategoryFilter, shopId: number | null): ProductSource[] {
  return listedIn(snap, filter, shopId).sort((a, b) => compareListingOrder(a.row, b.row));
}

/** The products the search finds inside the tab's scope (All: every tab's), best match first, then listing order. */
function searchFor(
  snap: Snapshot,
  corpus: SearchCorpus<number>,
  q: string,
  filter: CategoryFilter,
  shopId: number | null,
): ProductSource[] {
  const scores = corpusSearch(corpus, prepareQuery(q));
  if (scores.size === 0) return [];
  const scopeFilter: CategoryFilter = filter.kind === "all" ? { kind: "everywhere" } : filter;
  const key = `${JSON.stringify(scopeFilter)}:${shopId}`;
  let scope = snap.scopes.get(key);
  if (!scope) snap.scopes.set(key, (scope = listFor(snap, scopeFilter, shopId)));
  // The scope is in listing order, so ties keep it.
  return rankBySearch(scope, (source) => scores.get(source.row.id) ?? 0, () => 0);
}

function listedIn(snap: Snapshot, filter: CategoryFilter, shopId: number | null): ProductSource[] {
  return [...snap.products.values()]
    .map((source) => ({ source, orderable: orderableStock(snap, source, shopId) }))
    .filter(({ source: { row }, orderable }) =>
      isListedFor(filter, {
        category_id: row.category_id,
        hot_deal: row.hot_deal === 1,
        in_all_list: row.in_all_list === 1,
        is_inactive: row.is_inactive === 1,
        is_deleted: row.is_deleted === 1,
        orderable_stock: orderable,
      }),
    )
    .map(({ source }) => source);
}

/** A list answer: the items, and every shop their stock names, once. */
function listAnswer(snap: Snapshot, sources: ProductSource[], nextCursor: string | null): ProductListResponse {
  const shops: Record<string, ListShop> = {};
  const products = sources.map((source) => {
    const item = listItemOf(snap, source);
    for (const id of Object.keys(item.stock)) {
      const shop = snap.pickupShops.get(Number(id))!;
      shops[id] ??= { store_id: shop.id, name: shop.name, path: shopLogoPath(shop), district: shop.district };
    }
    return item;
  });
  return { products, shops, next_cursor: nextCursor };
}

/**
 * A product's list item, made once per version and prices and shared by the list and every search page that holds
 * it (a search page is then 30 references, not 30 copies).
 */
function listItemOf(snap: Snapshot, source: ProductSource): ProductListItem {
  let item = snap.items.get(source.row.id);
  if (!item) {
    item = toListItem(snap, source);
    snap.items.set(source.row.id, item);
  }
  return item;
}

/**
 * A card's product: the same for every scope (the card sums `stock` for its own), so only which products are
 * listed depends on the shop asked for.
 */
function toListItem(snap: Snapshot, source: ProductSource): ProductListItem {
  const { row } = source;
  const options =
    source.options.length === 0
      ? null
      : Object.fromEntries(
          source.options.map((o): [string, ListOption] => [
            String(o.id),
            {
              per_price: o.per_price,
              ...saleShown(o, snap.pricedAt),
              price_text: o.price_text,
              gift_text: o.gift_text,
              img_index: o.img_index,
            },
          ]),
        );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    per_price: row.per_price,
    ...saleShown(row, snap.pricedAt),
    gift_text: row.gift_text,
    label: row.label,
    price_text: row.price_text,
    hot_deal: row.hot_deal === 1 ? "1" : "0",
    category_id: row.category_id,
    images: source.images.map(({ id, filename, card_filename }) => ({ id, filename, card_filename })),
    options,
    default_option: defaultOptionOf(source),
    stats: source.stats,
    stock: stockMapOf(snap, source),
  };
}

/** shop id → live option id → amount, over the pickup shops holding any; the warehouse never appears. */
function stockMapOf(snap: Snapshot, source: ProductSource): ListStock {
  const live = liveOptionIdsOf(source);
  const stock: ListStock = {};
  for (const shop of snap.pickupShops.values()) {
    const held = [...(source.stock.get(shop.id) ?? [])].filter(([optionId]) => live.has(optionId));
    if (held.length > 0) stock[String(shop.id)] = Object.fromEntries(held.map(([optionId, amount]) => [String(optionId), amount]));
  }
  return stock;
}

function liveOptionIdsOf(source: ProductSource): Set<number> {
  return new Set([BASE_OPTION_ID, ...source.options.map((o) => o.id)]);
}

function defaultOptionOf(source: ProductSource): string {
  const id = source.row.default_option_id;
  return liveOptionIdsOf(source).has(id) ? String(id) : String(BASE_OPTION_ID);
}

function scopeShops(snap: Snapshot, shopId: number | null): number[] {
  return shopId === null ? [...snap.pickupShops.keys()] : [shopId];
}

function optionStock(snap: Snapshot, source: ProductSource, optionId: number, shopId: number | null): number {
  let total = 0;
  for (const shop of scopeShops(snap, shopId)) total += source.stock.get(shop)?.get(optionId) ?? 0;
  return total;
}

/** What can really be ordered: the base option and every live extra option, in the scope's shops. */
function orderableStock(snap: Snapshot, source: ProductSource, shopId: number | null): number {
  const optionIds = [BASE_OPTION_ID, ...source.options.map((o) => o.id)];
  return optionIds.reduce((sum, optionId) => sum + optionStock(snap, source, optionId, shopId), 0);
}

function toProduct(snap: Snapshot, source: ProductSource, shopId: number | null): Product {
  const { row } = source;
  const options =
    source.options.length === 0
      ? null
      : Object.fromEntries(
          source.options.map((o) => [
            String(o.id),
            { ...o, ...saleShown(o, snap.pricedAt), instock: optionStock(snap, source, o.id, shopId) },
          ]),
        );
  const defaultOption = defaultOptionOf(source);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    full_description: row.full_description,
    per_price: row.per_price,
    ...saleShown(row, snap.pricedAt),
    instock: optionStock(snap, source, BASE_OPTION_ID, shopId),
    gift_text: row.gift_text,
    label: row.label,
    price_text: row.price_text,
    hot_deal: row.hot_deal === 1 ? "1" : "0",
    category_id: row.category_id,
    position: row.position,
    in_all_list: row.in_all_list === 1 ? "1" : "0",
    is_inactive: "0",
    is_deleted: "0",
    step: row.step,
    max_amount: row.max_amount,
    images: source.images,
    options,
    default_option: defaultOption,
    picked_option: defaultOption,
    shop: shopId,
    shop_list: shopListOf(snap, source),
    stats: source.stats,
    created: row.created_at,
  };
}

/** Pickup shops holding any live option of the product; the warehouse never appears. */
function shopListOf(snap: Snapshot, source: ProductSource): ShopListItem[] {
  return Object.entries(stockMapOf(snap, source)).map(([id, amounts]) => {
    const shop = snap.pickupShops.get(Number(id))!;
    return {
      store_id: shop.id,
      name: shop.name,
      path: shopLogoPath(shop),
      district: shop.district,
      options: Object.fromEntries(Object.entries(amounts).map(([optionId, amount]) => [shopStockKey(optionId), { amount }])),
    };
  });
}

function shopLogoPath(shop: LiveShopRow): string {
  return shop.logo_filename ? `/assets/shop/${shop.id}/${encodeURIComponent(shop.logo_filename)}` : "";
}

/** The next end of a running sale among the products' base and extra options, or Infinity. */
function nextSaleEndOf(products: Iterable<ProductSource>, nowMs: number): number {
  let next = Infinity;
  for (const { row, options } of products) next = Math.min(next, nextSaleEnd([row, ...options], nowMs));
  return next;
}

async function build(tx: Executor, version: number, nowMs: number): Promise<Snapshot> {
  const rows = await selectActiveProducts(tx);
  const options = await selectExtraOptions(tx);
  const images = await selectImages(tx);
  const stock = await selectPositiveStock(tx);
  const shops = await selectLiveShops(tx);
  const stats = await selectProductStats(tx);
  const pickupShops = new Map(shops.filter((s) => isPickupShop(s.id, WAREHOUSE_SHOP_ID)).map((s) => [s.id, s]));
  const products = new Map<number, ProductSource>(
    rows.map((row) => [row.id, { row, options: [], images: [], stock: new Map(), stats: stats.get(row.id) ?? { orders: 0, wishlist: 0 } }]),
  );
  for (const o of options) {
    products.get(o.product_id)?.options.push({
      id: o.option_id,
      product_id: o.product_id,
      per_price: o.per_price,
      sale_price: o.sale_price,
      sale_ends_at: o.sale_ends_at,
      price_text: o.price_text,
      gift_text: o.gift_text,
      img_index: o.img_index,
    });
  }
  for (const image of images) products.get(image.product_id)?.images.push(image);
  for (const s of stock) {
    const source = products.get(s.product_id);
    if (!source) continue;
    const byOption = source.stock.get(s.shop_id) ?? new Map<number, number>();
    byOption.set(s.option_id, s.amount);
    source.stock.set(s.shop_id, byOption);
  }
  return {
    version,
    products,
    pickupShops,
    pricedAt: nowMs,
    nextSaleEnd: nextSaleEndOf(products.values(), nowMs),
    shops: {
      shops: [...pickupShops.values()].map((s) => ({
        id: s.id,
        name: s.name,
        address: s.address,
        district: s.district,
        map_link: s.map_link,
        path: shopLogoPath(s),
        stock_id: s.id,
        city_id: s.city_id,
        accepts_crypto: s.ton_wallet !== null,
      })),
    },
    answers: new Map(),
    searches: new Map(),
    scopes: new Map(),
    items: new Map(),
  };
}
