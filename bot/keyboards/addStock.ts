/** Keyboards of /addstock's steps (bot/features/admin/addStock.ts): every step can be canceled. */
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../server/domain/format";
import { callbackData } from "../callbackData";
import { adminTexts } from "../texts";

/** Products per page of the picker. */
export const PRODUCTS_PER_PAGE = 8;

const cancel = callbackData({ type: "stock:cancel" });

/** An option as its button reads: "5 g · 2,000 ฿", or the price alone. */
export const optionLabel = (o: { price_text: string; per_price: number }) =>
  o.price_text ? `${o.price_text} · ${formatAmount(o.per_price)} ฿` : `${formatAmount(o.per_price)} ฿`;

export function cancelKeyboard(): InlineKeyboard {
  return new InlineKeyboard().text(adminTexts.cancelButton, cancel);
}

/** One page of products, one a row, with Back and More between pages. */
export function productKeyboard(list: readonly { id: number; name: string; is_inactive: boolean }[], page: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const product of list.slice(page * PRODUCTS_PER_PAGE, (page + 1) * PRODUCTS_PER_PAGE)) {
    const label = product.is_inactive ? `${product.name} (inactive)` : product.name;
    keyboard.text(label, callbackData({ type: "stock:product", productId: product.id })).row();
  }
  const pages = Math.ceil(list.length / PRODUCTS_PER_PAGE);
  if (page > 0) keyboard.text("« Back", callbackData({ type: "stock:page", page: page - 1 }));
  if (page < pages - 1) keyboard.text("More »", callbackData({ type: "stock:page", page: page + 1 }));
  if (pages > 1) keyboard.row();
  return keyboard.text(adminTexts.cancelButton, cancel);
}

export function optionKeyboard(options: readonly { option_id: number; price_text: string; per_price: number }[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const o of options) keyboard.text(optionLabel(o), callbackData({ type: "stock:option", optionId: o.option_id })).row();
  return keyboard.text(adminTexts.cancelButton, cancel);
}

/** Each shop with what it holds of the option now. */
export function shopKeyboard(shelf: readonly { shop_id: number; shop_name: string; amount: number }[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const s of shelf) {
    keyboard.text(`${s.shop_name} (${formatAmount(s.amount)})`, callbackData({ type: "stock:shop", shopId: s.shop_id })).row();
  }
  return keyboard.text(adminTexts.cancelButton, cancel);
}

export function confirmAddKeyboard(amount: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(adminTexts.confirmButton(amount), callbackData({ type: "stock:confirm" }))
    .text(adminTexts.cancelButton, cancel);
}
