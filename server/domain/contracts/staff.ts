/**
 * Shapes of the hand-over (spec §3 "Order" with its staff fields, §7 manager calls): what shop staff and
 * admins read and send. The customer's shape (contracts/orders.ts) is the base; staff see cost prices, who
 * handles the order, the customer's masked e-mail and bonus balance, and what they may do next.
 */
import { Type, type Static } from "typebox";
import { Nullable, OneOf } from "./schema";
import { Id } from "./ids";
import { Order, OrderLine } from "./orders";
import { KeyPaging, NextKeyCursor, Paging } from "./paging";
import { Text } from "./text";


export const StaffOrderLine = Type.Object({ ...OrderLine.properties, cost_price: Type.Integer() });

/** The spec's manager_data: the manager's Telegram profile (or e-mail) as staff see it. */
export const ManagerData = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  username: Nullable(Type.String()),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  photo_url: Nullable(Type.String()),
});

export const HandoverActions = Type.Object({
  take: Type.Boolean(),
  finish: Type.Boolean(),
  statuses: Type.Boolean(),
  map: Type.Boolean(),
  contact: Type.Boolean(),
  discount: Type.Boolean(),
  cancel: Type.Boolean(),
});

export const StaffOrder = Type.Object({
  ...Order.properties,
  products: Type.Array(StaffOrderLine),
  total_cost_price: Type.Integer(),
  paid_with_bonus: Type.Boolean(),
  /** Who holds the order (W) or handed it over (S); null while nobody took it. */
  manager_data: Nullable(ManagerData),
  /** The spec's manager_desc: the responsible person's name, e-mail and picture. */
  manager_desc: Nullable(Type.Object({ name: Type.String(), email: Nullable(Type.String()), path: Type.String() })),
  /** The customer's e-mail masked (first 6 characters, stars, last 5); never the whole address. */
  user_data: Type.Object({ email: Nullable(Type.String()) }),
  user_firstname: Nullable(Type.String()),
  user_photourl: Nullable(Type.String()),
  /** The customer's bonus balance in Baht: bonus is offered when it covers `discounted_price`. */
  partner_balance: Type.Integer(),
  /** What the caller may do to this order now (the server's own rules). */
  actions: HandoverActions,
});
export type StaffOrder = Static<typeof StaffOrder>;

const StatusFilter = Type.Union([Type.Literal("P"), Type.Literal("N"), Type.Literal("W"), Type.Literal("S"), Type.Literal("C")]);

export const StaffOrdersQuery = Type.Object({
  status: Type.Optional(StatusFilter),
  shop_id: Type.Optional(Id()),
  ...Paging,
});
export type StaffOrdersQuery = Static<typeof StaffOrdersQuery>;

export const StaffOrderListResponse = Type.Object({ orders: Type.Array(StaffOrder), next_cursor: Nullable(Type.Integer()) });
export type StaffOrderListResponse = Static<typeof StaffOrderListResponse>;

export const StaffOrderResponse = Type.Object({ order: StaffOrder });
export type StaffOrderResponse = Static<typeof StaffOrderResponse>;

export const StaffOrderQuery = Type.Object({ sig: Type.Optional(Type.String({ maxLength: 64 })) });

export const StatusesBody = Type.Object({
  payment_status: Type.Union([Type.Literal("P"), Type.Literal("S")]),
  delivery_status: Type.Union([Type.Literal("P"), Type.Literal("A"), Type.Literal("S")]),
});
export type StatusesBody = Static<typeof StatusesBody>;

export const MapBody = Type.Object({ map: Text({ maxLength: 4000, multiLine: true }) });

export const FinishBody = Type.Object({ by: Type.Union([Type.Literal("cash"), Type.Literal("bonus")]) });
export type FinishBody = Static<typeof FinishBody>;

export const ContactResponse = Type.Object({ ok: Type.Boolean() });

/** A whole number 0–100; sent as a number or as typed text, anything else is 'Некорректное число'. */
export const DiscountBody = Type.Object({ percent: Type.Union([Type.Number(), Text({ maxLength: 20 })]) });

export const SalesQuery = Type.Object({
  filter: Type.Optional(Type.Union([Type.Literal("new"), Type.Literal("done")])),
  /** Only the caller's own sales (orders they took or handed over): `/list/manager/sales`. */
  mine: Type.Optional(Type.Boolean()),
  shop_id: Type.Optional(Id()),
  ...Paging,
});
export type SalesQuery = Static<typeof SalesQuery>;

export const SalesCounts = Type.Object({ new: Type.Integer(), done: Type.Integer() });
export type SalesCounts = Static<typeof SalesCounts>;

export const SalesResponse = Type.Object({ orders: Type.Array(StaffOrder), counts: SalesCounts, next_cursor: Nullable(Type.Integer()) });
export type SalesResponse = Static<typeof SalesResponse>;

/** The cabinet's 'All sales' box: the shop's and the caller's own open and done orders. */
export const SalesSummaryResponse = Type.Object({ shop: SalesCounts, mine: SalesCounts });
export type SalesSummaryResponse = Static<typeof SalesSummaryResponse>;

// Staff grants (admin only)

export const StaffMember = Type.Object({
  user_id: Type.Integer(),
  role: OneOf(["owner", "manager"]),
  email: Nullable(Type.String()),
  telegram_id: Nullable(Type.Integer()),
  name: Type.String(),
  created: Type.String(),
});
export type StaffMember = Static<typeof StaffMember>;

/** A page of a shop's staff: owners first, then by user id (grants and revokes answer the first page). */
export const StaffListResponse = Type.Object({ staff: Type.Array(StaffMember), next_cursor: NextKeyCursor });

export const StaffListQuery = Type.Object({ ...KeyPaging });
export type StaffListQuery = Static<typeof StaffListQuery>;
export type StaffListResponse = Static<typeof StaffListResponse>;

export const GrantStaffBody = Type.Object({
  email: Type.Optional(Text({ minLength: 3, maxLength: 254 })),
  telegram_id: Type.Optional(Type.Integer({ minimum: 1 })),
  role: Type.Union([Type.Literal("owner"), Type.Literal("manager")]),
});
export type GrantStaffBody = Static<typeof GrantStaffBody>;

export const ShopParams = Type.Object({ id: Id() });
export const StaffMemberParams = Type.Object({ id: Id(), userId: Id() });
