import { listedStock } from "@domain/catalog";
import type { CardProduct, ProductListResponse, ShopListItem } from "@domain/contracts/catalog";
import { BASE_OPTION_ID, WAREHOUSE_SHOP_ID } from "@domain/constants";
import { shopStockKey } from "@domain/options";

/** The pickup shops holding at least `amount` of one option of a product; never the warehouse. */
export function shopsHolding(product: CardProduct, optionId: string, amount = 1): ShopListItem[] {
  return product.shop_list.filter(
    (shop) => shop.store_id !== WAREHOUSE_SHOP_ID && (shop.options[shopStockKey(optionId)]?.amount ?? 0) >= amount,
  );
}

/**
 * A list answer's items as the cards read them: each option's stock summed from the item's `stock` for the shop
 * the list was asked for (`stockId`, null for every pickup shop), and the shops holding it named again from the
 * answer's `shops` (the list sends each shop once). A shop the answer does not name (it always does) shows
 * without a name rather than failing.
 */
export function cardsOf(answer: ProductListResponse, stockId: number | null): CardProduct[] {
  return answer.products.map(({ stock, options, ...item }) => ({
    ...item,
    instock: listedStock(stock, String(BASE_OPTION_ID), stockId),
    options:
      options &&
      Object.fromEntries(Object.entries(options).map(([id, option]) => [id, { ...option, instock: listedStock(stock, id, stockId) }])),
    shop_list: Object.entries(stock).map(([id, amounts]) => {
      const shop = answer.shops[id];
      return {
        store_id: Number(id),
        name: shop?.name ?? "",
        path: shop?.path ?? "",
        district: shop?.district ?? "",
        options: Object.fromEntries(Object.entries(amounts).map(([optionId, amount]) => [shopStockKey(optionId), { amount }])),
      };
    }),
  }));
}
