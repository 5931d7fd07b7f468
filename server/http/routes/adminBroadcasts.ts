/** Broadcasts (issue 25): admins only. Draft (with its recipients), test, send, pause, cancel, progress. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  BroadcastBody,
  BroadcastCreated,
  BroadcastParams,
  BroadcastStatusResponse,
  RecipientsBody,
  RecipientsResponse,
} from "../../domain/contracts/broadcasts";
import { ApiError } from "../../domain/contracts/catalog";
import type { Broadcasts } from "../../services/broadcasts";

export const adminBroadcastRoutes: FastifyPluginAsyncTypebox<{ broadcasts: Broadcasts }> = async (app, { broadcasts }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;
  const status = { params: BroadcastParams, response: { 200: BroadcastStatusResponse, ...errors } };

  // How many a segment names, as the admin composes (the send button says it, and is disabled at 0).
  app.post(
    "/admin/broadcasts/recipients",
    { ...admin, schema: { body: RecipientsBody, response: { 200: RecipientsResponse, ...errors } } },
    async (request) => ({ recipients: await broadcasts.recipients(request.body.segment) }),
  );

  app.post(
    "/admin/broadcasts",
    { ...admin, schema: { body: BroadcastBody, response: { 201: BroadcastCreated, ...errors } } },
    async (request, reply) => reply.code(201).send(await broadcasts.draft(request.session!.userId, request.body)),
  );

  app.get("/admin/broadcasts/:id", { ...admin, schema: status }, async (request) => broadcasts.status(request.params.id));

  app.post(
    "/admin/broadcasts/:id/test",
    { ...admin, schema: { params: BroadcastParams, response: { 202: Type.Object({ queued: Type.Boolean() }), ...errors } } },
    async (request, reply) => {
      await broadcasts.test(request.session!.userId, request.params.id);
      return reply.code(202).send({ queued: true });
    },
  );

  app.post("/admin/broadcasts/:id/send", { ...admin, schema: status }, async (request) => broadcasts.send(request.params.id));
  app.post("/admin/broadcasts/:id/pause", { ...admin, schema: status }, async (request) => broadcasts.pause(request.params.id));
  app.post("/admin/broadcasts/:id/cancel", { ...admin, schema: status }, async (request) => broadcasts.cancel(request.params.id));
};
