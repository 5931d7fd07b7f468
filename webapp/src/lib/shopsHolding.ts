import type { Product, ShopListItem } from "@domain/contracts/catalog";
import { WAREHOUSE_SHOP_ID } from "@domain/constants";
import { shopStockKey } from "@domain/options";

/** The pickup shops holding at least `amount` of one option of a product; never the warehouse. */
export function shopsHolding(product: Product, optionId: string, amount = 1): ShopListItem[] {
  return product.shop_list.filter(
    (shop) => shop.store_id !== WAREHOUSE_SHOP_ID && (shop.options[shopStockKey(optionId)]?.amount ?? 0) >= amount,
  );
}
