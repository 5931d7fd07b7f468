/** The signed-in customer's wishlist. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError, ProductParams, WishlistResponse } from "../../domain/contracts/catalog";
import type { Wishlist } from "../../services/wishlist";

export const wishlistRoutes: FastifyPluginAsyncTypebox<{ wishlist: Wishlist }> = async (app, { wishlist }) => {
  const config = { access: "signed-in" } as const;
  const schema = { response: { 200: WishlistResponse, "4xx": ApiError } };
  app.get("/wishlist", { config, schema }, async (request) => wishlist.list(request.session!.userId));
  app.put("/wishlist/:id", { config, schema: { ...schema, params: ProductParams } }, async (request) =>
    wishlist.add(request.session!.userId, request.params.id),
  );
  app.delete("/wishlist/:id", { config, schema: { ...schema, params: ProductParams } }, async (request) =>
    wishlist.remove(request.session!.userId, request.params.id),
  );
};
