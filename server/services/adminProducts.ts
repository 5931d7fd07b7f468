/**
 * The admin's product use cases (issue 12): list every product, create and update one from the spec's
 * multipart form, activate, disable, soft-delete, manage its images and options. Each change is one unit of
 * work (db/unitOfWork.ts); the form's stock goes through the shelf (db/repositories/shelf.ts) like every
 * other stock change. Pictures are checked and encoded before the unit and written outside it (a unit does
 * database work only): a refused request writes nothing to disk, and a failed unit leaves no file behind.
 */
import type { DB } from "../../db/connection";
import type { Executor } from "../../db/executor";
import { lockRows } from "../../db/locks";
import {
  deleteImageRow,
  discardNewProduct,
  findOption,
  findProductRow,
  insertImages,
  listImageRows,
  selectAdminProductNames,
  selectAdminProducts,
  countAdminProducts,
  selectImagesOf,
  selectOptionsOf,
  selectStockOf,
  setImagePosition,
  updateOption,
  updateProductRow,
  type AdminProductFilter,
  type AdminProductRow,
} from "../../db/repositories/adminProducts";
import { insertExtraOption, insertProduct } from "../../db/repositories/products";
import { putOnShelf, shelfAmount, takeFromShelf, type ShelfChange } from "../../db/repositories/shelf";
import { unitOfWorkOf } from "../../db/unitOfWork";
import {
  assertImageRemovable,
  assertOptionDeletable,
  assertSameImages,
  orderImageFields,
  parseProductForm,
  productSearchPattern,
  requireAnImage,
  type ProductDraft,
} from "../domain/adminProducts";
import { parseCategoryFilter } from "../domain/catalog";
import { BASE_OPTION_ID, WAREHOUSE_SHOP_ID } from "../domain/constants";
import {
  ADMIN_PRODUCT_TEXTS,
  type AdminProduct,
  type AdminProductImage,
  type AdminProductListQuery,
  type AdminProductOption,
  type CreateOptionBody,
  type OptionSaleBody,
} from "../domain/contracts/adminProducts";
import { checkSale, type SaleColumns } from "../domain/sale";
import {
  parseSearchQuery,
  prepareQuery,
  rankBySearch,
  readSearchCursor,
  searchCursorOf,
  searchEntryOf,
  searchScore,
} from "../domain/search";
import { PAGE_DEFAULT } from "../domain/contracts/paging";
import { ConflictError, NotFoundError } from "../domain/errors";
import { keyPageOf, readKeyCursor } from "../domain/paging";
import type { ImageStore, PreparedProductImage } from "./images";
import { liveShop } from "./stock";

export interface AdminProductsDeps {
  db: DB;
  images: ImageStore;
  clock?: () => number;
}

/** A multipart form as server/http/multipart.ts reads it. */
export interface ProductForm {
  fields: Record<string, string>;
  files: Array<{ field: string; buffer: Buffer }>;
}

export type AdminProducts = ReturnType<typeof createAdminProducts>;

/** A page of the bot's /addstock picker, and how many products it pages through. */
export interface PickerPage {
  products: AdminProduct[];
  total: number;
}

/** The admin list's order: by position, then newest (highest id) first. */
const listOrder = (a: { position: number; id: number }, b: { position: number; id: number }) => a.position - b.position || b.id - a.id;

/** The position part of an admin list cursor (1 to 1 000 000, domain/adminProducts.ts), or undefined. */
const positionOfCursor = (part: string) => (/^[0-9]{1,7}$/.test(part) ? Number(part) : undefined);

const flag = (bit: number) => (bit === 1 ? "1" : "0") as "1" | "0";

type ActiveMessage = (typeof ADMIN_PRODUCT_TEXTS)["activated" | "disabled"];

export function createAdminProducts({ db, images, clock = Date.now }: AdminProductsDeps) {
  const units = unitOfWorkOf(db).named("adminProducts");
  const now = () => new Date(clock()).toISOString();

  /** The products `filter` picks with their options, pictures and shelves, read inside the caller's unit. */
  async function readProducts(tx: Executor, filter: AdminProductFilter) {
    const rows = await selectAdminProducts(tx, filter);
    // Every read is a page, a search or one product: its own ids only.
    const ids = rows.map((r) => r.id);
    const options = await selectOptionsOf(tx, ids);
    const imageRows = await selectImagesOf(tx, ids);
    return { rows, options, imageRows, stock: await selectStockOf(tx, ids) };
  }

  async function load(filter: AdminProductFilter): Promise<AdminProduct[]> {
    return assemble(await units.read("load", (tx) => readProducts(tx, filter)));
  }

  /** The admin's products from what `readProducts` read. */
  function assemble({ rows, options, imageRows, stock }: Awaited<ReturnType<typeof readProducts>>): AdminProduct[] {
    const stockOf = new Map<string, Array<{ shop_id: number; amount: number }>>();
    for (const s of stock) {
      const key = `${s.product_id}:${s.option_id}`;
      (stockOf.get(key) ?? stockOf.set(key, []).get(key)!).push({ shop_id: s.shop_id, amount: s.amount });
    }
    const optionsOf = new Map<number, AdminProductOption[]>();
    for (const o of options) {
      const atShops = stockOf.get(`${o.product_id}:${o.option_id}`) ?? [];
      const list = optionsOf.get(o.product_id) ?? optionsOf.set(o.product_id, []).get(o.product_id)!;
      list.push({
        id: o.option_id,
        product_id: o.product_id,
        per_price: o.per_price,
        cost_price: o.cost_price,
        price_text: o.price_text,
        gift_text: o.gift_text,
        img_index: o.img_index,
        sale_price: o.sale_price,
        sale_ends_at: o.sale_ends_at,
        instock: atShops.reduce((sum, s) => sum + s.amount, 0),
        stock: atShops,
        is_default: false,
        is_deleted: flag(o.is_deleted),
      });
    }
    const imagesOf = new Map<number, AdminProductImage[]>();
    for (const image of imageRows)
      (imagesOf.get(image.product_id) ?? imagesOf.set(image.product_id, []).get(image.product_id)!).push(image);
    return rows.map((row) => present(row, optionsOf.get(row.id) ?? [], imagesOf.get(row.id) ?? []));
  }

  function present(row: AdminProductRow, options: AdminProductOption[], productImages: AdminProductImage[]): AdminProduct {
    const live = options.filter((o) => o.is_deleted === "0");
    const defaultId = live.some((o) => o.id === row.default_option_id) ? row.default_option_id : BASE_OPTION_ID;
    for (const o of options) o.is_default = o.id === defaultId;
    const base = options.find((o) => o.id === BASE_OPTION_ID);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      full_description: row.full_description,
      per_price: base?.per_price ?? 0,
      cost_price: base?.cost_price ?? 0,
      price_text: base?.price_text ?? "",
      gift_text: base?.gift_text ?? "",
      sale_price: base?.sale_price ?? null,
      sale_ends_at: base?.sale_ends_at ?? null,
      label: row.label,
      hot_deal: flag(row.hot_deal),
      category_id: row.category_id,
      position: row.position,
      in_all_list: flag(row.in_all_list),
      is_inactive: flag(row.is_inactive),
      is_deleted: flag(row.is_deleted),
      instock: live.reduce((sum, o) => sum + o.instock, 0),
      default_option: String(defaultId),
      images: productImages,
      options,
      created: row.created_at,
      updated: row.updated_at,
    };
  }

  async function get(productId: number): Promise<AdminProduct> {
    const [product] = await load({ productId });
    if (!product) throw new NotFoundError("Product", "Product {id} not found", { id: productId });
    return product;
  }

  /** A product that may still change: it exists and is not deleted. */
  async function liveProduct(tx: Executor, productId: number) {
    const row = await findProductRow(tx, productId);
    if (!row) throw new NotFoundError("Product", "Product {id} not found", { id: productId });
    if (row.is_deleted === 1) {
      throw new ConflictError("PRODUCT_DELETED", "Product {id} was deleted and can no longer be changed", { id: productId });
    }
    return row;
  }

  /**
   * The live product a unit changes, its row locked first: the rules that read the product's images or
   * options and then write (one image at least, never deleting the default option) see what a unit beside
   * them wrote.
   */
  async function changeable(tx: Executor, productId: number) {
    await lockRows(tx, "products", [productId]);
    return liveProduct(tx, productId);
  }

  /** Checks and encodes every picture of the request before anything is written. */
  async function prepareAll(files: ProductForm["files"]): Promise<PreparedProductImage[]> {
    const prepared: PreparedProductImage[] = [];
    // One at a time: each decode may hold up to 40 megapixels in memory.
    for (const file of orderImageFields(files)) prepared.push(await images.prepareProductImage(file.buffer));
    return prepared;
  }

  const filesOf = (prepared: PreparedProductImage[]) => prepared.flatMap((p) => p.files);

  /**
   * The warehouse shelf of an option becomes `instock`: the difference goes on or off the shelf as an
   * 'added' change (negative when the admin lowers it), in the caller's unit.
   */
  async function setWarehouseStock(tx: Executor, productId: number, optionId: number, instock: number, change: ShelfChange): Promise<void> {
    const shelf = { shop_id: WAREHOUSE_SHOP_ID, product_id: productId, option_id: optionId };
    const delta = instock - (await shelfAmount(tx, shelf));
    if (delta > 0) await putOnShelf(tx, shelf, delta, change);
    // A take is conditional: when another unit took from the shelf since it was read, the form's count is refused, not forced.
    else if (delta < 0 && (await takeFromShelf(tx, shelf, -delta, change)) === null) {
      throw new ConflictError("NOT_ENOUGH_IN_WAREHOUSE", "The central warehouse holds {held} of this option: {asked} cannot be moved.", {
        held: await shelfAmount(tx, shelf),
        asked: -delta,
      });
    }
  }

  async function addImageRows(tx: Executor, productId: number, prepared: PreparedProductImage[], after: number): Promise<void> {
    await insertImages(
      tx,
      productId,
      prepared.map((p, i) => ({ filename: p.filename, card_filename: p.card_filename, position: after + 1 + i })),
    );
  }

  function productColumns(draft: ProductDraft) {
    const columns: Record<string, unknown> = {};
    for (const key of ["name", "description", "full_description", "label", "hot_deal", "category_id", "in_all_list", "position"] as const) {
      if (draft[key] !== undefined) columns[key] = draft[key];
    }
    return columns;
  }

  /**
   * The base option's sale after an update: the one sent, checked against the list price it will have; else the
   * one it has, which a new list price at or below it refuses (the admin sets a new sale or blanks it).
   */
  function saleAfter(current: SaleColumns, listPrice: number, sent: ProductDraft["sale"]): Partial<SaleColumns> {
    if (sent) return checkSale(sent, listPrice, clock());
    if (current.sale_price !== null && current.sale_price >= listPrice) {
      return checkSale({ sale_price: current.sale_price, sale_ends_at: null }, listPrice, clock());
    }
    return {};
  }

  /**
   * One page of the admin's search: every product of the scope ranked by name in one read, then the page's
   * products read whole. The cursor is the next offset, sealed with the scope, the page size and the query.
   */
  async function searchPage(
    scope: AdminProductFilter,
    q: string,
    { category, limit, cursor }: { category: number; limit: number; cursor: string | undefined },
  ): Promise<{ products: AdminProduct[]; next_cursor: string | null }> {
    const sealed = `admin:${category}:${limit}:${q}`;
    const offset = cursor === undefined ? 0 : readSearchCursor(cursor, sealed, limit);
    const query = prepareQuery(q);
    const { found, read } = await units.read("search", async (tx) => {
      const names = await selectAdminProductNames(tx, scope);
      const ranked = rankBySearch(names, (row) => searchScore(query, searchEntryOf([{ name: row.name }])), listOrder);
      const ids = ranked.slice(offset, offset + limit).map((row) => row.id);
      return { found: ranked.length, read: ids.length === 0 ? null : { ids, ...(await readProducts(tx, { productIds: ids })) } };
    });
    const byId = new Map((read ? assemble(read) : []).map((product) => [product.id, product]));
    return {
      products: (read?.ids ?? []).map((id) => byId.get(id)!),
      next_cursor: offset + limit < found ? searchCursorOf(sealed, offset + limit) : null,
    };
  }

  function baseOptionColumns(draft: ProductDraft) {
    const columns: Partial<{ per_price: number; cost_price: number; price_text: string; gift_text: string }> = {};
    if (draft.per_price !== undefined) columns.per_price = draft.per_price;
    if (draft.cost_price !== undefined) columns.cost_price = draft.cost_price;
    if (draft.price_text !== undefined) columns.price_text = draft.price_text;
    if (draft.gift_text !== undefined) columns.gift_text = draft.gift_text;
    return columns;
  }

  return {
    get,

    /**
     * A page of the bot's /addstock picker: products not deleted (inactive ones too) in the list's order, or
     * those whose name holds `q`, `perPage` of them from page `page` (0 first), and how many there are in all.
     */
    async pickerPage({ page, perPage, q }: { page: number; perPage: number; q?: string }): Promise<PickerPage> {
      const namePattern = productSearchPattern(q);
      const filter = { liveOnly: true, ...(namePattern === null ? {} : { namePattern }) };
      // The count and the page in one read (one snapshot): a product added meanwhile cannot make them disagree.
      const { total, read } = await units.read("pickerPage", async (tx) => {
        const total = await countAdminProducts(tx, filter);
        const read = total > page * perPage ? await readProducts(tx, { ...filter, offset: page * perPage, limit: perPage }) : null;
        return { total, read };
      });
      return { products: read ? assemble(read) : [], total };
    },

    /**
     * A page of the admin list: a category (or hot deals, or all), by position, then newest, `limit` rows after
     * `cursor`. With `q`, the products whose name the customer's search rules find (server/domain/search.ts:
     * any case and accents, part of a Thai word, one typo), best match first, then in the list's order.
     */
    async list(query: AdminProductListQuery): Promise<{ products: AdminProduct[]; next_cursor: string | null }> {
      const category = parseCategoryFilter(query.category);
      const limit = query.limit ?? PAGE_DEFAULT;
      const scope = category.kind === "category" ? { categoryId: category.categoryId } : category.kind === "hot" ? { hotOnly: true } : {};
      const q = parseSearchQuery(query.q);
      if (q !== null) return searchPage(scope, q, { category: query.category ?? 0, limit, cursor: query.cursor });
      const after = query.cursor === undefined ? undefined : readKeyCursor(query.cursor, positionOfCursor);
      const rows = await load({
        ...scope,
        ...(after === undefined ? {} : { after: { position: after.part, id: after.id } }),
        limit: limit + 1,
      });
      const page = keyPageOf(rows, limit, (product) => product.position);
      return { products: page.rows, next_cursor: page.next_cursor };
    },

    async create(form: ProductForm, actorUserId: number): Promise<AdminProduct> {
      const draft = parseProductForm(form.fields, "create");
      const sale = checkSale(draft.sale ?? { sale_price: null, sale_ends_at: null }, draft.per_price, clock());
      requireAnImage(form.files.length);
      const prepared = await prepareAll(form.files);
      const at = now();
      const productId = await units.write("create", async (tx) => {
        const id = await insertProduct(
          tx,
          {
            name: draft.name,
            description: draft.description,
            full_description: draft.full_description,
            label: draft.label,
            category_id: draft.category_id,
            hot_deal: draft.hot_deal,
            in_all_list: draft.in_all_list,
            position: draft.position,
            default_option_id: BASE_OPTION_ID,
            created_at: at,
            updated_at: at,
          },
          { per_price: draft.per_price, cost_price: draft.cost_price, price_text: draft.price_text, gift_text: draft.gift_text, ...sale },
        );
        // The shop the form names (the warehouse by default) must exist, stock or not: a wrong id is the caller's to know.
        await liveShop(tx, draft.shop_id);
        await addImageRows(tx, id, prepared, -1);
        if (draft.instock > 0) {
          const shelf = { shop_id: draft.shop_id, product_id: id, option_id: BASE_OPTION_ID };
          await putOnShelf(tx, shelf, draft.instock, { reason: "added", actor_user_id: actorUserId, order_id: null, now: at });
        }
        return id;
      });
      // The folder is named by the new id, so the files follow the commit; when they cannot be written the
      // product is taken back out (the store removes what it wrote).
      try {
        await images.write("product", productId, filesOf(prepared));
      } catch (error) {
        await units.write("discardNew", (tx) => discardNewProduct(tx, productId));
        throw error;
      }
      return get(productId);
    },

    async update(productId: number, form: ProductForm, actorUserId: number): Promise<AdminProduct> {
      const existing = await units.read("current", async (tx) => {
        await liveProduct(tx, productId);
        return listImageRows(tx, productId);
      });
      const draft = parseProductForm(form.fields, "update", productId);
      requireAnImage(existing.length + form.files.length);
      const prepared = await prepareAll(form.files);
      const at = now();
      // New files before the unit: nothing names them until it commits, and they go again if it fails.
      const files = filesOf(prepared);
      await images.write("product", productId, files);
      try {
        await units.write("update", async (tx) => {
          await changeable(tx, productId);
          await updateProductRow(tx, productId, productColumns(draft), at);
          const base = (await findOption(tx, productId, BASE_OPTION_ID))!;
          const sale = saleAfter(base, draft.per_price ?? base.per_price, draft.sale);
          await updateOption(tx, productId, BASE_OPTION_ID, { ...baseOptionColumns(draft), ...sale });
          if (draft.instock !== undefined) {
            // The form's instock is what the warehouse shelf of the base option becomes; the audit row keeps the difference.
            const change = { reason: "added" as const, actor_user_id: actorUserId, order_id: null, now: at };
            await setWarehouseStock(tx, productId, BASE_OPTION_ID, draft.instock, change);
          }
          const current = await listImageRows(tx, productId);
          await addImageRows(tx, productId, prepared, Math.max(-1, ...current.map((i) => i.position)));
        });
      } catch (error) {
        await images.removeFiles(
          "product",
          productId,
          files.map((f) => f.filename),
        );
        throw error;
      }
      return get(productId);
    },

    /** The confirmation is the spec's English; the route says it in the admin's language. */
    async setActive(productId: number, active: boolean): Promise<{ product: AdminProduct; message: ActiveMessage }> {
      await units.write("setActive", async (tx) => {
        await changeable(tx, productId);
        await updateProductRow(tx, productId, { is_inactive: active ? 0 : 1 }, now());
      });
      return { product: await get(productId), message: active ? ADMIN_PRODUCT_TEXTS.activated : ADMIN_PRODUCT_TEXTS.disabled };
    },

    /** Soft: the row stays (orders keep their lines and their history), customers stop seeing it. */
    async remove(productId: number): Promise<AdminProduct> {
      await units.write("remove", async (tx) => {
        const row = await findProductRow(tx, productId);
        if (!row) throw new NotFoundError("Product", "Product {id} not found", { id: productId });
        if (row.is_deleted === 0) await updateProductRow(tx, productId, { is_deleted: 1 }, now());
      });
      return get(productId);
    },

    async removeImage(productId: number, imageId: number): Promise<AdminProduct> {
      const removed = await units.write("removeImage", async (tx) => {
        await changeable(tx, productId);
        const rows = await listImageRows(tx, productId);
        const image = rows.find((r) => r.id === imageId);
        if (!image) throw new NotFoundError("Image", "Image {imageId} of product {productId} not found", { imageId, productId });
        assertImageRemovable(rows.length);
        await deleteImageRow(tx, productId, imageId);
        return image;
      });
      // After the commit: a failed transaction keeps its files.
      await images.removeFiles("product", productId, [removed.filename, removed.card_filename]);
      return get(productId);
    },

    async reorderImages(productId: number, imageIds: number[]): Promise<AdminProduct> {
      await units.write("reorderImages", async (tx) => {
        await changeable(tx, productId);
        const rows = await listImageRows(tx, productId);
        assertSameImages(
          rows.map((r) => r.id),
          imageIds,
        );
        for (const [position, imageId] of imageIds.entries()) await setImagePosition(tx, productId, imageId, position);
      });
      return get(productId);
    },

    async createOption(
      productId: number,
      body: CreateOptionBody,
      actorUserId: number,
    ): Promise<{ option: AdminProductOption; product: AdminProduct }> {
      const optionId = await units.write("createOption", async (tx) => {
        await changeable(tx, productId);
        const id = await insertExtraOption(tx, productId, {
          per_price: body.per_price,
          cost_price: body.cost_price,
          price_text: body.price_text.trim(),
          gift_text: (body.gift_text ?? "").trim(),
          img_index: body.img_index ?? null,
          ...checkSale({ sale_price: body.sale_price ?? null, sale_ends_at: body.sale_ends_at ?? null }, body.per_price, clock()),
        });
        if (body.amount) {
          const shelf = { shop_id: WAREHOUSE_SHOP_ID, product_id: productId, option_id: id };
          await putOnShelf(tx, shelf, body.amount, { reason: "added", actor_user_id: actorUserId, order_id: null, now: now() });
        }
        return id;
      });
      const product = await get(productId);
      return { option: product.options.find((o) => o.id === optionId)!, product };
    },

    /** Sets or ends an option's sale (the base option 0 too); a blank price ends it. */
    async setOptionSale(productId: number, optionId: number, body: OptionSaleBody): Promise<AdminProduct> {
      await units.write("setOptionSale", async (tx) => {
        await changeable(tx, productId);
        const option = await findOption(tx, productId, optionId);
        if (!option || option.is_deleted === 1) {
          throw new NotFoundError("Option", "Product {productId} has no option {optionId}", { productId, optionId });
        }
        const sale = checkSale({ sale_price: body.sale_price ?? null, sale_ends_at: body.sale_ends_at ?? null }, option.per_price, clock());
        await updateOption(tx, productId, optionId, sale);
      });
      return get(productId);
    },

    async deleteOption(productId: number, optionId: number): Promise<AdminProduct> {
      await units.write("deleteOption", async (tx) => {
        const row = await changeable(tx, productId);
        const option = await findOption(tx, productId, optionId);
        if (!option || option.is_deleted === 1) {
          throw new NotFoundError("Option", "Option {optionId} of product {productId} not found", { optionId, productId });
        }
        assertOptionDeletable(optionId, row.default_option_id);
        await updateOption(tx, productId, optionId, { is_deleted: 1 });
      });
      return get(productId);
    },

    async setDefaultOption(productId: number, optionId: number): Promise<AdminProduct> {
      await units.write("setDefaultOption", async (tx) => {
        await changeable(tx, productId);
        const option = await findOption(tx, productId, optionId);
        if (!option || option.is_deleted === 1) {
          throw new NotFoundError("Option", "Option {optionId} of product {productId} not found", { optionId, productId });
        }
        await updateProductRow(tx, productId, { default_option_id: optionId }, now());
      });
      return get(productId);
    },
  };
}
