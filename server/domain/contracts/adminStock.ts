/** Admin stock (issue 12): add stock to a shop, move it from the warehouse, and read a product's audit trail. */
import { Type, type Static } from "typebox";
import { Nullable, OneOf } from "./schema";
import { Id, OptionId } from "./ids";
import { NextCursor, Paging } from "./paging";


export const AddStockBody = Type.Object({
  product_id: Id(),
  /** '0' is the base option. */
  option_id: OptionId(),
  /** Default 1, the central warehouse. */
  shop_id: Type.Optional(Id()),
  /** A whole number from 1 to 100 000. */
  amount: Type.Integer(),
});
export type AddStockBody = Static<typeof AddStockBody>;

/** What the shelf holds now, and the spec's 'You've added N products.' */
export const AddStockResponse = Type.Object({ instock: Type.Integer(), message: Type.String() });
export type AddStockResponse = Static<typeof AddStockResponse>;

export const MoveStockBody = Type.Object({
  product_id: Id(),
  option_id: OptionId(),
  /** A pickup shop (not 1). */
  to_shop_id: Id(),
  amount: Type.Integer(),
});
export type MoveStockBody = Static<typeof MoveStockBody>;

/** The warehouse's shelf and the pickup shop's shelf after the move. */
export const MoveStockResponse = Type.Object({ warehouse: Type.Integer(), instock: Type.Integer(), message: Type.String() });
export type MoveStockResponse = Static<typeof MoveStockResponse>;

export const StockHistoryQuery = Type.Object({ product_id: Id(), ...Paging });
export type StockHistoryQuery = Static<typeof StockHistoryQuery>;

export const StockHistoryEntry = Type.Object({
  id: Type.Integer(),
  /** ISO time (UTC). */
  created: Type.String(),
  shop_id: Type.Integer(),
  shop_name: Type.String(),
  product_id: Type.Integer(),
  option_id: Type.Integer(),
  price_text: Type.String(),
  /** + onto the shelf, − off it. */
  delta: Type.Integer(),
  /** The shelf after this change. */
  amount_after: Type.Integer(),
  /** added (an admin), moved (warehouse → shop), sold (an order took it), returned (a canceled or expired order). */
  reason: OneOf(["added", "moved", "sold", "returned"]),
  /** The order that sold or returned it. */
  order_id: Nullable(Type.Integer()),
  /** Who made the change (the admin, or the customer of the order); null for the clock (a hold expiring). */
  who: Nullable(Type.Object({ user_id: Type.Integer(), name: Type.String(), email: Nullable(Type.String()) })),
});
export type StockHistoryEntry = Static<typeof StockHistoryEntry>;

export const StockHistoryResponse = Type.Object({ entries: Type.Array(StockHistoryEntry), next_cursor: NextCursor });
export type StockHistoryResponse = Static<typeof StockHistoryResponse>;

export const LowStockResponse = Type.Object({
  threshold: Type.Integer(),
  shelves: Type.Array(
    Type.Object({
      shop_id: Type.Integer(),
      shop_name: Type.String(),
      product_id: Type.Integer(),
      product_name: Type.String(),
      option_id: Type.Integer(),
      price_text: Type.String(),
      amount: Type.Integer(),
    }),
  ),
});
export type LowStockResponse = Static<typeof LowStockResponse>;
