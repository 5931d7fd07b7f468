/** Phone and location from Telegram (issue 26): the courier form's view of what the store keeps on the user. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { LocationBody, LocationResponse, MyContact } from "../../domain/contracts/contact";
import type { Contact } from "../../services/contact";

export const contactRoutes: FastifyPluginAsyncTypebox<{ contact: Contact }> = async (app, { contact }) => {
  const config = { access: "signed-in" } as const;
  const errors = { "4xx": ApiError, "5xx": ApiError };
  // Polled by the courier form for a few seconds after Telegram sent the phone to the bot.
  app.get("/me/contact", { config, schema: { response: { 200: MyContact, ...errors } } }, async (request) =>
    contact.contactOf(request.session!.userId),
  );
  app.put("/me/location", { config, schema: { body: LocationBody, response: { 200: LocationResponse, ...errors } } }, async (request) =>
    contact.keepLocation(request.session!.userId, request.body),
  );
};
