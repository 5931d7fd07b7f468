/** Keyboards of /addstock's steps (bot/features/admin/addStock.ts): every step can be canceled. */
import { InlineKeyboard } from "grammy";
import { formatAmount, formatBaht } from "../../server/domain/format";
import { callbackData } from "../callbackData";
import type { Say } from "../i18n";
import { adminTextsOf } from "../texts";

/** Products per page of the picker. */
export const PRODUCTS_PER_PAGE = 8;

const cancel = callbackData({ type: "stock:cancel" });

/** An option as its button reads: "5 g · 2,000 ฿", or the price alone (the amount as the reader's locale writes it). */
export const optionLabel = (say: Say, o: { price_text: string; per_price: number }) =>
  o.price_text ? `${o.price_text} · ${formatBaht(o.per_price, say.locale)}` : formatBaht(o.per_price, say.locale);

export function cancelKeyboard(say: Say): InlineKeyboard {
  return new InlineKeyboard().text(adminTextsOf(say).cancelButton, cancel);
}

/** One page of products (`total` in all), one a row, with Back and More between pages. */
export function productKeyboard(
  say: Say,
  products: readonly { id: number; name: string; is_inactive: boolean }[],
  page: number,
  total: number,
): InlineKeyboard {
  const texts = adminTextsOf(say);
  const keyboard = new InlineKeyboard();
  for (const product of products) {
    const label = product.is_inactive ? texts.inactive(product.name) : product.name;
    keyboard.text(label, callbackData({ type: "stock:product", productId: product.id })).row();
  }
  const pages = Math.ceil(total / PRODUCTS_PER_PAGE);
  if (page > 0) keyboard.text(say("button.back"), callbackData({ type: "stock:page", page: page - 1 }));
  if (page < pages - 1) keyboard.text(say("button.more"), callbackData({ type: "stock:page", page: page + 1 }));
  if (pages > 1) keyboard.row();
  return keyboard.text(texts.cancelButton, cancel);
}

export function optionKeyboard(say: Say, options: readonly { option_id: number; price_text: string; per_price: number }[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const o of options) keyboard.text(optionLabel(say, o), callbackData({ type: "stock:option", optionId: o.option_id })).row();
  return keyboard.text(adminTextsOf(say).cancelButton, cancel);
}

/** Each shop with what it holds of the option now. */
export function shopKeyboard(say: Say, shelf: readonly { shop_id: number; shop_name: string; amount: number }[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const s of shelf) {
    keyboard.text(`${s.shop_name} (${formatAmount(s.amount, say.locale)})`, callbackData({ type: "stock:shop", shopId: s.shop_id })).row();
  }
  return keyboard.text(adminTextsOf(say).cancelButton, cancel);
}

export function confirmAddKeyboard(say: Say, amount: number): InlineKeyboard {
  const texts = adminTextsOf(say);
  return new InlineKeyboard().text(texts.confirmButton(amount), callbackData({ type: "stock:confirm" })).text(texts.cancelButton, cancel);
}
