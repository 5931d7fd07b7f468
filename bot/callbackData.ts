/**
 * Callback data of the bot's inline buttons, built and parsed here only. Telegram hands the string back
 * untouched, so anything may arrive (old buttons, forged data): `parseCallbackData` answers null for what
 * it does not know, and the handlers still check who pressed (an order must be the customer's own; a take
 * goes through the hand-over service, which checks the manager's shop; /addstock asks the sender's role
 * on every step).
 */
export type CallbackAction =
  | { type: "order:show"; orderId: number }
  | { type: "orders:list" }
  /** A manager's Take order under a new-order push. */
  | { type: "staff:take"; orderId: number }
  /** The buttons of /addstock's steps (bot/features/admin/addStock.ts). */
  | { type: "stock:product"; productId: number }
  | { type: "stock:page"; page: number }
  | { type: "stock:option"; optionId: number }
  | { type: "stock:shop"; shopId: number }
  | { type: "stock:confirm" }
  | { type: "stock:cancel" }
  /** 'Stop promotions' under a broadcast, and the opt-in /start offers (issue 25). */
  | { type: "promo:stop" }
  | { type: "promo:on" };

/** Every /addstock button's data starts so. */
const ADD_STOCK_PREFIX = "stock:";

export function callbackData(action: CallbackAction): string {
  switch (action.type) {
    case "order:show":
      return `order:show:${action.orderId}`;
    case "orders:list":
      return "orders:list";
    case "staff:take":
      return `staff:take:${action.orderId}`;
    case "stock:product":
      return `${ADD_STOCK_PREFIX}p:${action.productId}`;
    case "stock:page":
      return `${ADD_STOCK_PREFIX}pg:${action.page}`;
    case "stock:option":
      return `${ADD_STOCK_PREFIX}o:${action.optionId}`;
    case "stock:shop":
      return `${ADD_STOCK_PREFIX}s:${action.shopId}`;
    case "stock:confirm":
      return `${ADD_STOCK_PREFIX}ok`;
    case "stock:cancel":
      return `${ADD_STOCK_PREFIX}cancel`;
    case "promo:stop":
    case "promo:on":
      return action.type;
  }
}

const WITH_ORDER_ID = /^(order:show|staff:take):([1-9]\d{0,14})$/;
/** Products and shops are counted from 1; options and pages from 0. */
const ADD_STOCK_STEP = /^stock:(?:(p|s):([1-9]\d{0,14})|(o|pg):(0|[1-9]\d{0,14}))$/;
const ADD_STOCK_STEP_TYPES = { p: "stock:product", s: "stock:shop", o: "stock:option", pg: "stock:page" } as const;

export function parseCallbackData(data: string): CallbackAction | null {
  if (data === "orders:list") return { type: "orders:list" };
  if (data === "promo:stop" || data === "promo:on") return { type: data };
  if (data === `${ADD_STOCK_PREFIX}ok`) return { type: "stock:confirm" };
  if (data === `${ADD_STOCK_PREFIX}cancel`) return { type: "stock:cancel" };
  const match = WITH_ORDER_ID.exec(data);
  if (match) return { type: match[1] as "order:show" | "staff:take", orderId: Number(match[2]) };
  const step = ADD_STOCK_STEP.exec(data);
  if (step) {
    const [, idKind, id, countKind, count] = step;
    const type = ADD_STOCK_STEP_TYPES[(idKind ?? countKind) as keyof typeof ADD_STOCK_STEP_TYPES];
    const value = Number(id ?? count);
    switch (type) {
      case "stock:product":
        return { type, productId: value };
      case "stock:shop":
        return { type, shopId: value };
      case "stock:option":
        return { type, optionId: value };
      case "stock:page":
        return { type, page: value };
    }
  }
  return null;
}

/** Whether a button belongs to /addstock, known or not: an old or forged one of its buttons is still its to answer. */
export function isAddStockButton(data: string): boolean {
  return data.startsWith(ADD_STOCK_PREFIX);
}
