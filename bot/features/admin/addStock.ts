/**
 * /addstock: a guided conversation (@grammyjs/conversations) that adds stock to one option at one shop:
 * product → option → shop → amount → a confirmation with the count before and after → the stock service's
 * add, the same use case as the mini-app's add stock. Cancel at any step (the Cancel button or /cancel);
 * a wrong number is asked again; another command ends the conversation and is then answered as usual.
 *
 * The function is replayed from the top on every update of the chat (its state lives in the database,
 * bot/conversations.ts), so every read of the database and every change goes through
 * `conversation.external`, which runs once and is replayed from the stored result. The sender's role is
 * read again on every update: an admin demoted half-way gets what any non-admin gets, and cannot add. It
 * speaks the admin's language as it was when they sent /addstock (an argument of the conversation).
 */
import type { Conversation } from "@grammyjs/conversations";
import { Composer, GrammyError, type Context, type InlineKeyboard } from "grammy";
import { DomainError } from "../../../server/domain/errors";
import { isLocale, type Locale } from "../../../server/domain/locale";
import { MAX_STOCK_CHANGE } from "../../../server/domain/stock";
import type { AdminProduct } from "../../../server/domain/contracts/adminProducts";
import { isAddStockButton, parseCallbackData, type CallbackAction } from "../../callbackData";
import type { BotContext } from "../../context";
import {
  cancelKeyboard,
  confirmAddKeyboard,
  optionKeyboard,
  optionLabel,
  PRODUCTS_PER_PAGE,
  productKeyboard,
  shopKeyboard,
} from "../../keyboards/addStock";
import { sayIn, type Say } from "../../i18n";
import { adminTextsOf } from "../../texts";

export const ADD_STOCK = "addStock";
export type AddStockConversation = Conversation<BotContext, Context>;

/** More than this at once is refused as a typing slip: the stock service's own limit. */
export const MAX_ADD = MAX_STOCK_CHANGE;

/** A product an admin may add stock to, with its live options. */
export interface ProductChoice {
  id: number;
  name: string;
  is_inactive: boolean;
  options: { option_id: number; price_text: string; per_price: number }[];
}

/** What the picker offers: the admin list's products not deleted (inactive ones too), each with its live options. */
export function productChoices(products: readonly AdminProduct[]): ProductChoice[] {
  return products
    .filter((p) => p.is_deleted === "0")
    .map((p) => ({
      id: p.id,
      name: p.name,
      is_inactive: p.is_inactive === "1",
      options: p.options
        .filter((o) => o.is_deleted === "0")
        .map((o) => ({ option_id: o.id, price_text: o.price_text, per_price: o.per_price })),
    }));
}

type Answer = { kind: "button"; action: CallbackAction | null; ctx: Context } | { kind: "text"; text: string; ctx: Context };

/** The typed amount: a whole number from 1 to MAX_ADD, or why not. */
export function parseAddAmount(say: Say, raw: string): { ok: true; amount: number } | { ok: false; reason: string } {
  const adminTexts = adminTextsOf(say);
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

function productPrompt(say: Say, total: number, page: number): string {
  const pages = Math.ceil(total / PRODUCTS_PER_PAGE);
  const adminTexts = adminTextsOf(say);
  return pages > 1 ? adminTexts.productPage(page + 1, pages) : adminTexts.chooseProduct;
}

/** Telegram refuses an edit that changes nothing; a twice-pressed button is no failure. */
async function edit(ctx: Context, text: string, reply_markup?: InlineKeyboard): Promise<void> {
  try {
    await ctx.editMessageText(text, reply_markup ? { reply_markup } : {});
  } catch (error) {
    if (error instanceof GrammyError && error.description.includes("message is not modified")) return;
    throw error;
  }
}

export async function addStock(
  conversation: AddStockConversation,
  ctx: Context,
  actorUserId: number,
  locale?: Locale,
): Promise<void> {
  // (A conversation saved before it took a language goes on in English.)
  const say = sayIn(isLocale(locale) ? locale : undefined);
  const adminTexts = adminTextsOf(say);
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
    if (data !== undefined && !isAddStockButton(data)) await conversation.skip({ next: true });

    // (A process made without the back office cannot go on either: the same as a lost role.)
    const stillAdmin = await conversation.external(
      async (outer) => outer.deps.backOffice !== null && (await outer.deps.botAdmin.isAdmin(actorUserId)),
    );
    if (!stillAdmin) await conversation.halt({ next: true });

    const action = data === undefined ? null : parseCallbackData(data);
    if (action?.type === "stock:cancel" || update.hasCommand("cancel")) {
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
    return data !== undefined ? { kind: "button", action, ctx: update } : { kind: "text", text: text!, ctx: update };
  }

  /** A button of another step: answered, nothing changes, the step goes on. */
  const stale = (answer: Answer & { kind: "button" }) => answer.ctx.answerCallbackQuery({ text: adminTexts.staleStep });

  // 1. The product: a page of the picker at a time (the service reads that page only), or those whose name
  // holds what the admin typed.
  /** One page of the picker as it stands now; `q` what the admin typed, if anything. */
  const pickerPage = (page: number, q?: string) =>
    conversation.external(async (outer) => {
      const found = await outer.deps.backOffice!.adminProducts.pickerPage({ page, perPage: PRODUCTS_PER_PAGE, ...(q ? { q } : {}) });
      return { page, q, total: found.total, products: productChoices(found.products) };
    });
  let shown = await pickerPage(0);
  if (shown.total === 0) {
    await ctx.reply(adminTexts.noProducts);
    return;
  }
  await ctx.reply(productPrompt(say, shown.total, 0), { reply_markup: productKeyboard(say, shown.products, 0, shown.total) });
  let product: ProductChoice | undefined;
  while (!product) {
    const answer = await next();
    if (answer.kind === "text") {
      // Typing part of a name narrows the list: one match is taken at once.
      const typed = answer.text.trim();
      if (typed === "") {
        await answer.ctx.reply(adminTexts.useButtons);
        continue;
      }
      const found = await pickerPage(0, typed);
      if (found.total === 1 && found.products[0]) {
        product = found.products[0];
        break;
      }
      if (found.total === 0) {
        await answer.ctx.reply(adminTexts.noProductMatches(typed.length > 40 ? `${typed.slice(0, 40)}…` : typed));
        continue;
      }
      shown = found;
      await answer.ctx.reply(productPrompt(say, shown.total, 0), { reply_markup: productKeyboard(say, shown.products, 0, shown.total) });
      continue;
    }
    const { action } = answer;
    if (action?.type === "stock:page") {
      if (action.page * PRODUCTS_PER_PAGE >= shown.total) {
        await stale(answer);
        continue;
      }
      shown = await pickerPage(action.page, shown.q);
      await edit(answer.ctx, productPrompt(say, shown.total, shown.page), productKeyboard(say, shown.products, shown.page, shown.total));
      await answer.ctx.answerCallbackQuery();
      continue;
    }
    // A product's button, of this page or an earlier one: the product as it is now, if it is still offered.
    const productId = action?.type === "stock:product" ? action.productId : undefined;
    const chosen =
      productId === undefined
        ? undefined
        : await conversation.external(async (outer) => {
            try {
              return productChoices([await outer.deps.backOffice!.adminProducts.get(productId)])[0] ?? null;
            } catch (error) {
              if (error instanceof DomainError) return null;
              throw error;
            }
          });
    if (!chosen) {
      await stale(answer);
      continue;
    }
    product = chosen;
    await answer.ctx.answerCallbackQuery();
    await edit(answer.ctx, adminTexts.productLabel(chosen.name));
  }
  if (product.options.length === 0) {
    await ctx.reply(adminTexts.noOptions(product.name));
    return;
  }

  // 2. The option: asked only when the product has more than one.
  let option = product.options.length === 1 ? product.options[0]! : undefined;
  if (!option) {
    await ctx.reply(adminTexts.chooseOption(product.name), { reply_markup: optionKeyboard(say, product.options) });
    while (!option) {
      const answer = await next();
      if (answer.kind === "text") {
        await answer.ctx.reply(adminTexts.useButtons);
        continue;
      }
      const { action } = answer;
      const chosen = action?.type === "stock:option" ? product.options.find((o) => o.option_id === action.optionId) : undefined;
      if (!chosen) {
        await stale(answer);
        continue;
      }
      option = chosen;
      await answer.ctx.answerCallbackQuery();
      await edit(answer.ctx, adminTexts.optionLabel(optionLabel(say, chosen)));
    }
  }
  const what = option.price_text ? `${product.name} (${option.price_text})` : product.name;
  const productId = product.id;
  const optionId = option.option_id;

  // 3. The shop, each with what it holds of this option now.
  const shelf = await conversation.external((outer) => outer.deps.backOffice!.stock.shelf(productId, optionId));
  await ctx.reply(adminTexts.chooseShop(what), { reply_markup: shopKeyboard(say, shelf) });
  let shop: (typeof shelf)[number] | undefined;
  while (!shop) {
    const answer = await next();
    if (answer.kind === "text") {
      await answer.ctx.reply(adminTexts.useButtons);
      continue;
    }
    const { action } = answer;
    const chosen = action?.type === "stock:shop" ? shelf.find((s) => s.shop_id === action.shopId) : undefined;
    if (!chosen) {
      await stale(answer);
      continue;
    }
    shop = chosen;
    await answer.ctx.answerCallbackQuery();
    await edit(answer.ctx, adminTexts.shopLabel(chosen.shop_name));
  }
  const shopId = shop.shop_id;

  // 4. The amount, asked again until it is a whole number of 1 or more.
  await ctx.reply(adminTexts.enterAmount, { reply_markup: cancelKeyboard(say) });
  let amount: number | undefined;
  while (amount === undefined) {
    const answer = await next();
    if (answer.kind === "button") {
      await stale(answer);
      continue;
    }
    const parsed = parseAddAmount(say, answer.text);
    if (!parsed.ok) {
      await answer.ctx.reply(`${parsed.reason}\n\n${adminTexts.enterAmount}`, { reply_markup: cancelKeyboard(say) });
      continue;
    }
    amount = parsed.amount;
  }
  const adding = amount;

  // 5. The confirmation, with the shop's count read again now: before and after.
  const before = await conversation.external(async (outer) => {
    const rows = await outer.deps.backOffice!.stock.shelf(productId, optionId);
    return rows.find((s) => s.shop_id === shopId)?.amount ?? 0;
  });
  await ctx.reply(adminTexts.confirmAdd({ what, shop: shop.shop_name, amount: adding, before, after: before + adding }), {
    reply_markup: confirmAddKeyboard(say, adding),
  });
  for (;;) {
    const answer = await next();
    if (answer.kind === "text") {
      await answer.ctx.reply(adminTexts.confirmOrCancel);
      continue;
    }
    if (answer.action?.type !== "stock:confirm") {
      await stale(answer);
      continue;
    }
    // 6. The change, through the stock service; a refusal (the service's own word) changes nothing.
    const outcome = await conversation.external(async (outer) => {
      try {
        const body = { product_id: productId, option_id: optionId, shop_id: shopId, amount: adding };
        const { instock } = await outer.deps.backOffice!.stock.add(actorUserId, body);
        return { ok: true as const, amount_after: instock };
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

/** /addstock: an admin enters the conversation (the role read now); anyone else gets what any unknown command gets. */
export const addStockCommand = new Composer<BotContext>();

addStockCommand.command("addstock", async (ctx, next) => {
  if (!ctx.deps.backOffice) return next();
  const userId = await ctx.deps.botAdmin.adminOf(ctx.sender.id);
  if (userId === null) return next();
  await ctx.conversation.enter(ADD_STOCK, userId, ctx.say.locale);
});

// A button of a conversation that is over (finished, canceled, or timed out): nothing happens.
addStockCommand.on("callback_query:data", async (ctx, next) => {
  if (!isAddStockButton(ctx.callbackQuery.data)) return next();
  await ctx.answerCallbackQuery({ text: adminTextsOf(ctx.say).staleConversation });
});
