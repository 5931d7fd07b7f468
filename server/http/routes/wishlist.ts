/** The signed-in customer's wishlist. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError, ProductParams, WishlistResponse } from "../../domain/contracts/catalog";
import type { Wishlist } from "../../services/wishlist";
import type { SessionGuards } from "../session";

export const wishlistRoutes: FastifyPluginAsyncTypebox<{ wishlist: Wishlist; guards: SessionGuards }> = async (app, { wishlist, guards }) => {
  const schema = { response: { 200: WishlistResponse, "4xx": ApiError } };
  app.get("/wishlist", { preHandler: guards.required, schema }, async (request) => wishlist.list(request.session!.userId));
  app.put("/wishlist/:id", { preHandler: guards.required, schema: { ...schema, params: ProductParams } }, async (request) =>
    wishlist.add(request.session!.userId, request.params.id),
  );
  app.delete("/wishlist/:id", { preHandler: guards.required, schema: { ...schema, params: ProductParams } }, async (request) =>
    wishlist.remove(request.session!.userId, request.params.id),
  );
};
