/**
 * Callback data of the bot's inline buttons, built and parsed here only. Telegram hands the string back
 * untouched, so anything may arrive (old buttons, forged data): `parseCallbackData` answers null for what
 * it does not know, and the handlers still check that the order belongs to whoever pressed.
 */
export type CallbackAction = { type: "order:show"; orderId: number } | { type: "orders:list" };

export function callbackData(action: CallbackAction): string {
  switch (action.type) {
    case "order:show":
      return `order:show:${action.orderId}`;
    case "orders:list":
      return "orders:list";
  }
}

const ORDER_SHOW = /^order:show:([1-9]\d{0,14})$/;

export function parseCallbackData(data: string): CallbackAction | null {
  if (data === "orders:list") return { type: "orders:list" };
  const show = ORDER_SHOW.exec(data);
  if (show) return { type: "order:show", orderId: Number(show[1]) };
  return null;
}
