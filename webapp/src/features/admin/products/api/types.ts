/** The admin product shapes, from the server's contracts (types only: no TypeBox in the bundle). */
export type {
  AdminProduct,
  AdminProductImage,
  AdminProductListResponse,
  AdminProductOneResponse,
  AdminProductOption,
  AdminProductResponse,
  AdminOptionResponse,
} from "@domain/contracts/adminProducts";
export type { AddStockResponse, MoveStockResponse, StockHistoryEntry, StockHistoryResponse } from "@domain/contracts/adminStock";
export type { AdminShop } from "@domain/contracts/adminShops";

/** One option's stock change at a shop (Add stock, Move to shop). */
export interface StockChange {
  product_id: number;
  option_id: number;
  amount: number;
}
