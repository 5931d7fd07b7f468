/**
 * Shop management for admins and the two allow-listed accounts (multipart create and update, logo as
 * `file-0`), and the cabinet's store view for a shop's owner.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AdminShopListResponse,
  AdminShopResponse,
  AdminShopSavedResponse,
  MyStoreResponse,
  ShopDeletedResponse,
  ShopIdParams,
} from "../../domain/contracts/adminShops";
import { ApiError } from "../../domain/contracts/catalog";
import { SHOP_TEXTS } from "../../domain/shops";
import type { Shops } from "../../services/shops";
import { say } from "../errors";
import { installMultipart, readMultipart } from "../multipart";

export const adminShopsRoutes: FastifyPluginAsyncTypebox<{ shops: Shops }> = async (app, { shops }) => {
  await installMultipart(app);
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const manager = { config: { access: "manages-shops" } } as const;

  app.get("/admin/shops", { ...manager, schema: { response: { 200: AdminShopListResponse, ...errors } } }, async () => ({
    shops: await shops.list(),
  }));

  app.get(
    "/admin/shops/:id",
    { ...manager, schema: { params: ShopIdParams, response: { 200: AdminShopResponse, ...errors } } },
    async (request) => ({
      shop: await shops.get(request.params.id),
    }),
  );

  app.post("/admin/shops", { ...manager, schema: { response: { 201: AdminShopSavedResponse, ...errors } } }, async (request, reply) => {
    const shop = await shops.create(await readMultipart(request));
    return reply.code(201).send({ shop, message: say(request, SHOP_TEXTS.created) });
  });

  app.put(
    "/admin/shops/:id",
    { ...manager, schema: { params: ShopIdParams, response: { 200: AdminShopSavedResponse, ...errors } } },
    async (request) => ({
      shop: await shops.update(request.params.id, await readMultipart(request)),
      message: say(request, SHOP_TEXTS.updated),
    }),
  );

  app.delete(
    "/admin/shops/:id",
    { ...manager, schema: { params: ShopIdParams, response: { 200: ShopDeletedResponse, ...errors } } },
    async (request) => {
      await shops.remove(request.params.id);
      return { message: say(request, SHOP_TEXTS.deleted) };
    },
  );

  app.get("/me/store", { config: { access: "signed-in" }, schema: { response: { 200: MyStoreResponse, ...errors } } }, async (request) => ({
    store: await shops.myStore(request.session!.userId),
  }));
};
