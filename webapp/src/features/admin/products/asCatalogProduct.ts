import { WAREHOUSE_SHOP_ID } from "@domain/constants";
import type { Product, ProductOption } from "@domain/contracts/catalog";
import { shopStockKey } from "@domain/options";
import { saleShown } from "@domain/sale";
import type { AdminProduct, AdminProductOption } from "./api/types";

/** The options a customer can still get: every option but the base one (0) and the deleted ones. */
export function liveOptions(product: AdminProduct): AdminProductOption[] {
  return product.options.filter((option) => option.is_deleted !== "1");
}

/**
 * An admin product as the catalogue's card reads it, so the admin list shows the very card customers see:
 * extra options keyed by id, the pickup shops' stock as the card's shop list (the warehouse is no pickup shop).
 * The admin list carries no order and wishlist counts (0 here; adminProducts.css hides them on the admin card).
 */
export function asCatalogProduct(product: AdminProduct): Product {
  const options = liveOptions(product);
  const extra = options.filter((option) => option.id !== 0);
  const now = Date.now();
  const shopIds = [...new Set(options.flatMap((option) => option.stock.map((at) => at.shop_id)))].filter((id) => id !== WAREHOUSE_SHOP_ID);
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    full_description: product.full_description,
    per_price: product.per_price,
    ...saleShown(product, now),
    instock: product.options.find((option) => option.id === 0)?.instock ?? 0,
    gift_text: product.gift_text,
    label: product.label,
    price_text: product.price_text,
    hot_deal: product.hot_deal,
    category_id: product.category_id,
    position: product.position,
    in_all_list: product.in_all_list,
    is_inactive: product.is_inactive,
    is_deleted: product.is_deleted,
    step: 1,
    max_amount: null,
    images: product.images,
    options:
      extra.length === 0
        ? null
        : Object.fromEntries(
            extra.map((option): [string, ProductOption] => [
              String(option.id),
              {
                id: option.id,
                product_id: option.product_id,
                per_price: option.per_price,
                ...saleShown(option, now),
                price_text: option.price_text,
                gift_text: option.gift_text,
                instock: option.instock,
                img_index: option.img_index,
              },
            ]),
          ),
    default_option: product.default_option,
    picked_option: product.default_option,
    shop: null,
    shop_list: shopIds.map((shopId) => ({
      store_id: shopId,
      name: "",
      path: "",
      district: "",
      options: Object.fromEntries(
        options.map((option) => [shopStockKey(option.id), { amount: option.stock.find((at) => at.shop_id === shopId)?.amount ?? 0 }]),
      ),
    })),
    stats: { orders: 0, wishlist: 0 },
    created: product.created,
  };
}

/**
 * A product no pickup shop holds (the warehouse is none): customers cannot see it. What its notice's 'Move to a
 * shop' fills in: the option the warehouse holds most of (the default one first), and how many. Null when a pickup
 * shop holds some of a live option, or the product is deleted.
 */
export function unseenByCustomers(product: AdminProduct): { optionId: number; warehouse: number } | null {
  if (product.is_deleted === "1") return null;
  const options = liveOptions(product);
  const atPickupShops = options.some((option) => option.stock.some((at) => at.shop_id !== WAREHOUSE_SHOP_ID && at.amount > 0));
  if (atPickupShops) return null;
  const warehouseOf = (option: AdminProductOption) => option.stock.find((at) => at.shop_id === WAREHOUSE_SHOP_ID)?.amount ?? 0;
  const byDefaultFirst = [...options].sort((a, b) => Number(b.is_default) - Number(a.is_default));
  const held = byDefaultFirst.find((option) => warehouseOf(option) > 0) ?? byDefaultFirst[0];
  return { optionId: held?.id ?? 0, warehouse: held ? warehouseOf(held) : 0 };
}
