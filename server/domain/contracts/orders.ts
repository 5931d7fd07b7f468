/** Order shapes: spec section 3 "Order", as the customer sees it. */
import { Type, type Static } from "typebox";
import { Nullable, OneOf } from "./schema";
import { Id, OptionId } from "./ids";
import { NextCursor, Paging } from "./paging";
import { Text } from "./text";
import { TonPayment } from "./ton";
import { MAX_PHONE_LENGTH } from "../contact";
import { CANCEL_REASONS, MAX_LINE_AMOUNT, MAX_ORDER_LINES } from "../orders";

const Status = OneOf(["P", "N", "W", "S", "C"]);

export const OrderLineInput = Type.Object({
  product_id: Id(),
  option_id: OptionId(),
  amount: Type.Integer({ minimum: 1, maximum: MAX_LINE_AMOUNT }),
});

export const OrderSettingsInput = Type.Object({
  delivery_option: Type.Integer({ minimum: 0, maximum: 2 }),
  payment_option: Type.Integer({ minimum: 0, maximum: 3 }),
  phone: Type.Optional(Text({ maxLength: MAX_PHONE_LENGTH })),
  delivery_address: Type.Optional(Text({ maxLength: 300, multiLine: true })),
  /**
   * A Google Maps link to where the courier goes (https only). One line here; whether it is such a link is the
   * order rule's (`isMapsLink` in normaliseSettings), which says so in words a customer reads: the schema's
   * https pattern would answer with this field's name.
   */
  delivery_address_link: Type.Optional(Text({ maxLength: 500 })),
});
export type OrderSettingsInput = Static<typeof OrderSettingsInput>;

export const PlaceOrderBody = Type.Object({
  shop_id: Id(),
  items: Type.Array(OrderLineInput, { minItems: 1, maxItems: MAX_ORDER_LINES }),
  ...OrderSettingsInput.properties,
  /** A promo code (issue 25), any case; refused with a 409 PROMO_* and nothing placed when it gives nothing. */
  promo_code: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const CartShopsBody = Type.Object({
  items: Type.Array(OrderLineInput, { minItems: 1, maxItems: MAX_ORDER_LINES }),
});
export type CartShopsBody = Static<typeof CartShopsBody>;

export const OrderLine = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  option_id: Type.Integer(),
  product_name: Type.String(),
  /** What each item was sold for, Baht: the sale price while the option's sale ran at placing. */
  per_price: Type.Integer(),
  /** The option's list price at placing, Baht: above per_price when the line was sold at a sale price. */
  list_price: Type.Integer(),
  amount: Type.Integer(),
  price_text: Type.String(),
  /** Image filenames of the product, served at /assets/product/{product_id}/{filename}. */
  images: Type.Array(Type.String()),
});

export const OrderStore = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  address: Type.String(),
  district: Type.String(),
  map_link: Type.String(),
});

export const Order = Type.Object({
  id: Type.Integer(),
  status: Status,
  payment_status: OneOf(["P", "S"]),
  delivery_status: OneOf(["P", "A", "S"]),
  payment_option: Type.Integer(),
  delivery_option: Type.Integer(),
  delivery_address: Type.String(),
  delivery_address_link: Type.String(),
  phone: Type.String(),
  map_html: Type.String(),
  discount_percent: Type.Integer(),
  total_price: Type.Integer(),
  discounted_price: Type.Integer(),
  is_reserved: Type.Integer(),
  created: Type.String(),
  /** ISO end of the pickup hold, or null. */
  hold_until: Nullable(Type.String()),
  /** HH:MM:SS left of the hold, a leading minus once past; null without a hold. */
  remaining_time: Nullable(Type.String()),
  can_cancel: Type.Boolean(),
  /**
   * Why a canceled (C) order was canceled, read from its events: its pickup hold ran out, its customer canceled
   * it, or the shop did; null in every other status (and for a canceled order without its event).
   */
  cancel_reason: Nullable(OneOf(CANCEL_REASONS)),
  store: OrderStore,
  products: Type.Array(OrderLine),
  manager_id: Nullable(Type.Integer()),
  user_data: Type.Object({ email: Nullable(Type.String()), reflink: Type.String() }),
  /** Path of the signed hand-over link the pickup QR encodes: /order/manage/{id}?sig=… */
  manage_path: Type.String(),
  /** Where a crypto payment (payment 3) stands; null for other payments. */
  ton_payment: Nullable(TonPayment),
  /** The promo code the order carries and what it took off `total_price` (Baht); null without one. */
  promo: Nullable(Type.Object({ code: Type.String(), discount: Type.Integer() })),
});
export type Order = Static<typeof Order>;

export const OrderResponse = Type.Object({ order: Order });
export type OrderResponse = Static<typeof OrderResponse>;
export const OrderListResponse = Type.Object({
  orders: Type.Array(Order),
  next_cursor: NextCursor,
  /** Over all the customer's orders, not only this page: all of them, and those done (S). */
  counts: Type.Object({ all: Type.Integer(), done: Type.Integer() }),
});
export const OrderListQuery = Type.Object({ ...Paging });
export type OrderListQuery = Static<typeof OrderListQuery>;
export type OrderListResponse = Static<typeof OrderListResponse>;
export const OrderParams = Type.Object({ id: Id() });

export const CartShopsResponse = Type.Object({
  /** Pickup shops holding every line of the cart in the asked amounts. */
  shops: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), district: Type.String() })),
});
export type CartShopsResponse = Static<typeof CartShopsResponse>;
