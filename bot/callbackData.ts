/**
 * Callback data of the bot's inline buttons, built and parsed here only. Telegram hands the string back
 * untouched, so anything may arrive (old buttons, forged data): `parseCallbackData` answers null for what
 * it does not know, and the handlers still check who pressed (an order must be the customer's own; a take
 * goes through the hand-over service, which checks the manager's shop).
 */
export type CallbackAction =
  | { type: "order:show"; orderId: number }
  | { type: "orders:list" }
  /** A manager's Take order under a new-order push. */
  | { type: "staff:take"; orderId: number };

export function callbackData(action: CallbackAction): string {
  switch (action.type) {
    case "order:show":
      return `order:show:${action.orderId}`;
    case "orders:list":
      return "orders:list";
    case "staff:take":
      return `staff:take:${action.orderId}`;
  }
}

const WITH_ORDER_ID = /^(order:show|staff:take):([1-9]\d{0,14})$/;

export function parseCallbackData(data: string): CallbackAction | null {
  if (data === "orders:list") return { type: "orders:list" };
  const match = WITH_ORDER_ID.exec(data);
  if (match) return { type: match[1] as "order:show" | "staff:take", orderId: Number(match[2]) };
  return null;
}
