/**
 * Webhook mode: Telegram POSTs each update to /telegram/webhook with the secret given to setWebhook in
 * X-Telegram-Bot-Api-Secret-Token. A wrong or missing secret is a 401 before the body is even read.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { webhookCallback } from "grammy";
import type { StoreBot } from "./bot";

export const TELEGRAM_WEBHOOK_PATH = "/telegram/webhook";

/** Updates are small; a generous limit still keeps a stranger from posting megabytes. */
const UPDATE_BODY_LIMIT_BYTES = 1024 * 1024;

const digest = (text: string) => createHash("sha256").update(text).digest();

export const telegramWebhook: FastifyPluginAsync<{ bot: StoreBot; secretToken: string }> = async (app, { bot, secretToken }) => {
  const handleUpdate = webhookCallback(bot, "fastify", { secretToken });
  const expected = digest(secretToken);

  app.post(
    TELEGRAM_WEBHOOK_PATH,
    {
      bodyLimit: UPDATE_BODY_LIMIT_BYTES,
      onRequest: async (request, reply) => {
        const given = request.headers["x-telegram-bot-api-secret-token"];
        if (typeof given !== "string" || !timingSafeEqual(digest(given), expected)) {
          return reply.code(401).send({ error: "UNAUTHORIZED", message: "Wrong or missing secret token" });
        }
      },
    },
    async (request, reply) => {
      await handleUpdate(request, reply);
      return reply;
    },
  );
};
