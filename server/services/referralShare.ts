/**
 * The referral card a customer sends from the mini-app into any Telegram chat (issue 26): the store asks the
 * Bot API to keep a prepared inline message for this person (`savePreparedInlineMessage`), and the mini-app
 * hands its id to Telegram (`shareMessage`), which lets them pick the chat. The card names the shop, says the
 * offer (the referral rate) and carries a button that opens the store with the sharer's code as `startapp`,
 * the same link as the cabinet's Telegram link. The person waits for it, so the Bot API is called here, with a
 * short deadline (services/telegramBotApi.ts), after the one read of the sharer and outside any unit of work.
 */
import type { DB } from "../../db/connection";
import { findUserById } from "../../db/repositories/users";
import { unitOfWorkOf } from "../../db/unitOfWork";
import { STORE_NAME } from "../domain/constants";
import { ConflictError, NotFoundError, UnavailableError } from "../domain/errors";
import type { Locale } from "../domain/locale";
import { telegramReferralLink } from "../domain/referrals";
import { translateServer } from "../locales";
import { BotApiError, type BotApi } from "./telegramBotApi";


export interface ReferralShareDeps {
  db: DB;
  config: { botUsername: string | null; referralRatePercent: number };
  /** Null without BOT_TOKEN: there is no bot to keep the card. */
  botApi: BotApi | null;
  log: { warn(details: object, message?: string): void };
}

export type ReferralShare = ReturnType<typeof createReferralShare>;

/** Telegram's InlineQueryResultArticle of the card, in the sharer's language. */
export function referralCard(locale: Locale, reflink: string, botUsername: string, ratePercent: number) {
  const url = telegramReferralLink(botUsername, reflink);
  const invite = translateServer(locale, "{store}: order through my link.", { store: STORE_NAME });
  const offer = translateServer(locale, "Invite your friends too: {percent}% of every order they place comes back to you as bonus.", {
    percent: ratePercent,
  });
  return {
    type: "article",
    // Unique per sharer; Telegram keeps each prepared message apart anyway.
    id: `ref-${reflink}`.slice(0, 64),
    title: STORE_NAME,
    description: offer,
    input_message_content: { message_text: `${invite}\n${offer}`, link_preview_options: { is_disabled: true } },
    reply_markup: { inline_keyboard: [[{ text: translateServer(locale, "Open the store"), url }]] },
  };
}

export function createReferralShare({ db, config, botApi, log }: ReferralShareDeps) {
  const units = unitOfWorkOf(db).named("referralShare");
  // BOT_USERNAME when set; otherwise the bot's own, asked of Telegram once per process.
  let username: Promise<string> | null = config.botUsername ? Promise.resolve(config.botUsername) : null;

  async function botUsername(api: BotApi): Promise<string> {
    username ??= api.call<{ username?: string }>("getMe").then((me) => {
      if (!me.username) throw new BotApiError("getMe named no username", null);
      return me.username;
    });
    try {
      return await username;
    } catch (error) {
      username = null;
      throw error;
    }
  }

  return {
    /**
     * A prepared card for `userId`, said in `locale`: its id for the mini-app's `shareMessage`. 503 with no
     * bot, 409 for an account without Telegram (Telegram keeps prepared messages per Telegram user), 503 when
     * Telegram does not answer or refuses; the mini-app then shares the plain link as before.
     */
    async prepare(userId: number, locale: Locale): Promise<{ id: string }> {
      if (!botApi)
        throw new UnavailableError("SHARE_UNAVAILABLE", "Sharing a card needs the store's Telegram bot, which is not set up here.");
      const user = await units.read("sharer", (tx) => findUserById(tx, userId));
      if (!user) throw new NotFoundError("User", "User not found");
      if (user.telegram_id === null)
        throw new ConflictError("NO_TELEGRAM", "Only an account signed in through Telegram can share a card into a Telegram chat.");
      try {
        const card = referralCard(locale, user.reflink, await botUsername(botApi), config.referralRatePercent);
        const prepared = await botApi.call<{ id: string }>("savePreparedInlineMessage", {
          user_id: user.telegram_id,
          result: card,
          allow_user_chats: true,
          allow_bot_chats: false,
          allow_group_chats: true,
          allow_channel_chats: true,
        });
        if (typeof prepared?.id !== "string" || prepared.id === "") throw new BotApiError("savePreparedInlineMessage gave no id", null);
        return { id: prepared.id };
      } catch (error) {
        if (!(error instanceof BotApiError)) throw error;
        log.warn({ err: error, userId, errorCode: error.errorCode }, "Telegram did not prepare the referral card");
        throw new UnavailableError("TELEGRAM_UNAVAILABLE", "Telegram could not prepare the card right now. Please try again in a moment.");
      }
    },
  };
}
