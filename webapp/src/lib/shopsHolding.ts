import type { CardProduct, ProductListResponse, ShopListItem } from "@domain/contracts/catalog";
import { WAREHOUSE_SHOP_ID } from "@domain/constants";
import { shopStockKey } from "@domain/options";

/** The pickup shops holding at least `amount` of one option of a product; never the warehouse. */
export function shopsHolding(product: CardProduct, optionId: string, amount = 1): ShopListItem[] {
  return product.shop_list.filter(
    (shop) => shop.store_id !== WAREHOUSE_SHOP_ID && (shop.options[shopStockKey(optionId)]?.amount ?? 0) >= amount,
  );
}

/**
 * A list answer's items with their shops named again from the answer's `shops` (the list sends each shop once):
 * what the cards read. A shop the answer does not name (it always does) shows without a name rather than failing.
 */
export function cardsOf(answer: ProductListResponse): CardProduct[] {
  return answer.products.map((item) => ({
    ...item,
    shop_list: item.shop_list.map(({ store_id, options }) => {
      const shop = answer.shops[String(store_id)];
      return { store_id, name: shop?.name ?? "", path: shop?.path ?? "", district: shop?.district ?? "", options };
    }),
  }));
}
