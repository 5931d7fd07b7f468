/**
 * /addstock: a guided conversation (@grammyjs/conversations) that adds stock to one option at one shop:
 * product → option → shop → amount → a confirmation with the count before and after → the stock service's
 * add, the same use case as the mini-app's add stock. Cancel at any step (the Cancel button or /cancel);
 * a wrong number is asked again; another command ends the conversation and is then answered as usual.
 *
 * The function is replayed from the top on every update of the chat (its state lives in the database,
 * bot/conversations.ts), so every read of the database and every change goes through
 * `conversation.external`, which runs once and is replayed from the stored result. The sender's role is
 * read again on every update: an admin demoted half-way gets what any non-admin gets, and cannot add.
 */
import type { Conversation } from "@grammyjs/conversations";
import { GrammyError, InlineKeyboard, type Context } from "grammy";
import { findUserById } from "../../../db/repositories/users";
import { DomainError } from "../../../server/domain/errors";
import { formatAmount } from "../../../server/domain/format";
import { MAX_STOCK_CHANGE } from "../../../server/domain/stock";
import type { BotContext } from "../../context";
import { adminTexts } from "../../texts";
import type { ProductChoice, ShelfRow } from "./ports";

export const ADD_STOCK = "addStock";
export type AddStockConversation = Conversation<BotContext, Context>;

/** Products per page of the picker. */
export const PRODUCTS_PER_PAGE = 8;
/** More than this at once is refused as a typing slip: the stock service's own limit. */
export const MAX_ADD = MAX_STOCK_CHANGE;

// The buttons of this conversation. Only the step that shows a button accepts it; an old button of an
// earlier step or conversation gets "out of date" and changes nothing.
const CB = {
  product: "stock:p:",
  page: "stock:pg:",
  option: "stock:o:",
  shop: "stock:s:",
  confirm: "stock:ok",
  cancel: "stock:cancel",
} as const;
export const STOCK_CALLBACK_PREFIX = "stock:";

type Answer = { kind: "button"; data: string; ctx: Context } | { kind: "text"; text: string; ctx: Context };

/** The typed amount: a whole number from 1 to MAX_ADD, or why not. */
export function parseAddAmount(raw: string): { ok: true; amount: number } | { ok: false; reason: string } {
  const text = raw.trim();
  if (/^[+]?\d+$/.test(text)) {
    const amount = Number(text);
    if (amount < 1) return { ok: false, reason: adminTexts.amountNotPositive };
    if (amount > MAX_ADD) return { ok: false, reason: adminTexts.amountTooLarge(MAX_ADD) };
    return { ok: true, amount };
  }
  if (/^-\s*\d+([.,]\d+)?$/.test(text)) return { ok: false, reason: adminTexts.amountNotPositive };
  if (/^[+]?\d*[.,]\d+$/.test(text)) return { ok: false, reason: adminTexts.amountNotWhole };
  return { ok: false, reason: adminTexts.amountNotNumber };
}

const cancelKeyboard = () => new InlineKeyboard().text(adminTexts.cancelButton, CB.cancel);

function productKeyboard(list: readonly ProductChoice[], page: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const product of list.slice(page * PRODUCTS_PER_PAGE, (page + 1) * PRODUCTS_PER_PAGE)) {
    keyboard.text(product.is_inactive ? `${product.name} (inactive)` : product.name, `${CB.product}${product.id}`).row();
  }
  const pages = Math.ceil(list.length / PRODUCTS_PER_PAGE);
  if (page > 0) keyboard.text("« Back", `${CB.page}${page - 1}`);
  if (page < pages - 1) keyboard.text("More »", `${CB.page}${page + 1}`);
  if (pages > 1) keyboard.row();
  return keyboard.text(adminTexts.cancelButton, CB.cancel);
}

function productPrompt(list: readonly ProductChoice[], page: number): string {
  const pages = Math.ceil(list.length / PRODUCTS_PER_PAGE);
  return pages > 1 ? `${adminTexts.chooseProduct} (page ${page + 1} of ${pages})` : adminTexts.chooseProduct;
}

const optionLabel = (o: ProductChoice["options"][number]) => (o.price_text ? `${o.price_text} · ${formatAmount(o.per_price)} ฿` : `${formatAmount(o.per_price)} ฿`);

/** Telegram refuses an edit that changes nothing; a twice-pressed button is no failure. */
async function edit(ctx: Context, text: string, reply_markup?: InlineKeyboard): Promise<void> {
  try {
    await ctx.editMessageText(text, reply_markup ? { reply_markup } : {});
  } catch (error) {
    if (error instanceof GrammyError && error.description.includes("message is not modified")) return;
    throw error;
  }
}

export async function addStock(conversation: AddStockConversation, ctx: Context, actorUserId: number): Promise<void> {
  /**
   * The next update meant for this conversation. Not ours (another button, an edit…): passed on to the
   * rest of the bot, the conversation waits on. The sender no longer an admin: the conversation ends and
   * the update is answered as for anyone else. /cancel or Cancel: ends, nothing changed. Another command:
   * ends, and the command is answered as usual.
   */
  async function next(): Promise<Answer> {
    const update = await conversation.wait();
    const data = update.callbackQuery?.data;
    // A message without text (a sticker, a photo) is an answer nobody can read: asked again, like a wrong one.
    const text = update.message ? (update.message.text ?? "") : undefined;
    if (data === undefined && text === undefined) await conversation.skip({ next: true });
    if (data !== undefined && !data.startsWith(STOCK_CALLBACK_PREFIX)) await conversation.skip({ next: true });

    // (A process made without the back office cannot go on either: the same as a lost role.)
    const stillAdmin = await conversation.external(async (outer) => outer.deps.admin !== null && (await findUserById(outer.deps.db, actorUserId))?.is_admin === 1);
    if (!stillAdmin) await conversation.halt({ next: true });

    if (data === CB.cancel || update.hasCommand("cancel")) {
      if (data !== undefined) {
        await update.answerCallbackQuery();
        await edit(update, adminTexts.canceled);
      } else {
        await update.reply(adminTexts.canceled);
      }
      await conversation.halt();
    }
    if (update.message?.entities?.[0]?.type === "bot_command" && update.message.entities[0].offset === 0) {
      await update.reply(adminTexts.canceled);
      await conversation.halt({ next: true });
    }
    return data !== undefined ? { kind: "button", data, ctx: update } : { kind: "text", text: text!, ctx: update };
  }

  /** A button of another step: answered, nothing changes, the step goes on. */
  const stale = (answer: Answer & { kind: "button" }) => answer.ctx.answerCallbackQuery({ text: adminTexts.staleStep });

  // 1. The product.
  const products = await conversation.external((outer) => outer.deps.admin!.products());
  if (products.length === 0) {
    await ctx.reply(adminTexts.noProducts);
    return;
  }
  let list: ProductChoice[] = products;
  let page = 0;
  await ctx.reply(productPrompt(list, page), { reply_markup: productKeyboard(list, page) });
  let product: ProductChoice | undefined;
  while (!product) {
    const answer = await next();
    if (answer.kind === "text") {
      // Typing part of a name narrows the list: one match is taken at once.
      const needle = answer.text.trim().toLowerCase();
      if (needle === "") {
        await answer.ctx.reply(adminTexts.useButtons);
        continue;
      }
      const found = products.filter((p) => p.name.toLowerCase().includes(needle));
      if (found.length === 1) {
        product = found[0]!;
        break;
      }
      if (found.length === 0) {
        const typed = answer.text.trim();
        await answer.ctx.reply(adminTexts.noProductMatches(typed.length > 40 ? `${typed.slice(0, 40)}…` : typed));
        continue;
      }
      list = found;
      page = 0;
      await answer.ctx.reply(productPrompt(list, page), { reply_markup: productKeyboard(list, page) });
      continue;
    }
    if (answer.data.startsWith(CB.page)) {
      const wanted = Number(answer.data.slice(CB.page.length));
      if (!Number.isInteger(wanted) || wanted < 0 || wanted * PRODUCTS_PER_PAGE >= list.length) {
        await stale(answer);
        continue;
      }
      page = wanted;
      await edit(answer.ctx, productPrompt(list, page), productKeyboard(list, page));
      await answer.ctx.answerCallbackQuery();
      continue;
    }
    const chosen = answer.data.startsWith(CB.product) ? products.find((p) => `${CB.product}${p.id}` === answer.data) : undefined;
    if (!chosen) {
      await stale(answer);
      continue;
    }
    product = chosen;
    await answer.ctx.answerCallbackQuery();
    await edit(answer.ctx, `${adminTexts.productLabel}: ${chosen.name}`);
  }
  if (product.options.length === 0) {
    await ctx.reply(adminTexts.noOptions(product.name));
    return;
  }

  // 2. The option: asked only when the product has more than one.
  let option = product.options.length === 1 ? product.options[0]! : undefined;
  if (!option) {
    const keyboard = new InlineKeyboard();
    for (const o of product.options) keyboard.text(optionLabel(o), `${CB.option}${o.option_id}`).row();
    await ctx.reply(adminTexts.chooseOption(product.name), { reply_markup: keyboard.text(adminTexts.cancelButton, CB.cancel) });
    while (!option) {
      const answer = await next();
      if (answer.kind === "text") {
        await answer.ctx.reply(adminTexts.useButtons);
        continue;
      }
      const chosen = product.options.find((o) => `${CB.option}${o.option_id}` === answer.data);
      if (!chosen) {
        await stale(answer);
        continue;
      }
      option = chosen;
      await answer.ctx.answerCallbackQuery();
      await edit(answer.ctx, `${adminTexts.optionLabel}: ${optionLabel(chosen)}`);
    }
  }
  const what = option.price_text ? `${product.name} (${option.price_text})` : product.name;
  const productId = product.id;
  const optionId = option.option_id;

  // 3. The shop, each with what it holds of this option now.
  const shelf = await conversation.external((outer) => outer.deps.admin!.shelf(productId, optionId));
  const shopKeyboard = new InlineKeyboard();
  for (const s of shelf) shopKeyboard.text(`${s.shop_name} (${formatAmount(s.amount)})`, `${CB.shop}${s.shop_id}`).row();
  await ctx.reply(adminTexts.chooseShop(what), { reply_markup: shopKeyboard.text(adminTexts.cancelButton, CB.cancel) });
  let shop: ShelfRow | undefined;
  while (!shop) {
    const answer = await next();
    if (answer.kind === "text") {
      await answer.ctx.reply(adminTexts.useButtons);
      continue;
    }
    const chosen = shelf.find((s) => `${CB.shop}${s.shop_id}` === answer.data);
    if (!chosen) {
      await stale(answer);
      continue;
    }
    shop = chosen;
    await answer.ctx.answerCallbackQuery();
    await edit(answer.ctx, `${adminTexts.shopLabel}: ${chosen.shop_name}`);
  }
  const shopId = shop.shop_id;

  // 4. The amount, asked again until it is a whole number of 1 or more.
  await ctx.reply(adminTexts.enterAmount, { reply_markup: cancelKeyboard() });
  let amount: number | undefined;
  while (amount === undefined) {
    const answer = await next();
    if (answer.kind === "button") {
      await stale(answer);
      continue;
    }
    const parsed = parseAddAmount(answer.text);
    if (!parsed.ok) {
      await answer.ctx.reply(`${parsed.reason}\n\n${adminTexts.enterAmount}`, { reply_markup: cancelKeyboard() });
      continue;
    }
    amount = parsed.amount;
  }
  const adding = amount;

  // 5. The confirmation, with the shop's count read again now: before and after.
  const before = await conversation.external(async (outer) => {
    const rows = await outer.deps.admin!.shelf(productId, optionId);
    return rows.find((s) => s.shop_id === shopId)?.amount ?? 0;
  });
  await ctx.reply(adminTexts.confirmAdd({ what, shop: shop.shop_name, amount: adding, before, after: before + adding }), {
    reply_markup: new InlineKeyboard().text(adminTexts.confirmButton(adding), CB.confirm).text(adminTexts.cancelButton, CB.cancel),
  });
  for (;;) {
    const answer = await next();
    if (answer.kind === "text") {
      await answer.ctx.reply(adminTexts.confirmOrCancel);
      continue;
    }
    if (answer.data !== CB.confirm) {
      await stale(answer);
      continue;
    }
    // 6. The change, through the stock service; a refusal (the service's own word) changes nothing.
    const outcome = await conversation.external(async (outer) => {
      try {
        const { amount_after } = await outer.deps.admin!.addStock(actorUserId, { product_id: productId, option_id: optionId, shop_id: shopId, amount: adding });
        return { ok: true as const, amount_after };
      } catch (error) {
        if (error instanceof DomainError) return { ok: false as const, message: error.message };
        throw error;
      }
    });
    await answer.ctx.answerCallbackQuery();
    if (!outcome.ok) {
      await edit(answer.ctx, `${adminTexts.notAdded}\n${outcome.message}`);
      return;
    }
    await edit(answer.ctx, `${adminTexts.added(adding)}\n${adminTexts.nowHolds(shop.shop_name, outcome.amount_after)}`);
    return;
  }
}
