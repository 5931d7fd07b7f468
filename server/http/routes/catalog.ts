/** The customer catalogue: product list, product page, pickup shops. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ApiError,
  ProductDetailQuery,
  ProductListQuery,
  ProductListResponse,
  ProductParams,
  ProductResponse,
  ShopListResponse,
} from "../../domain/contracts/catalog";
import type { Catalog } from "../../services/catalog";
import { sendConditionalJson } from "../conditional";

export const catalogRoutes: FastifyPluginAsyncTypebox<{ catalog: Catalog }> = async (app, { catalog }) => {
  const config = { access: "public" } as const;
  app.get(
    "/products",
    { config, schema: { querystring: ProductListQuery, response: { 200: ProductListResponse, "4xx": ApiError } } },
    async (request, reply) => sendConditionalJson(request, reply, await catalog.listProducts(request.query)),
  );

  app.get(
    "/products/:id",
    { config, schema: { params: ProductParams, querystring: ProductDetailQuery, response: { 200: ProductResponse, "4xx": ApiError } } },
    async (request, reply) => sendConditionalJson(request, reply, await catalog.getProduct(request.params.id, request.query.stock_id)),
  );

  app.get("/shops", { config, schema: { response: { 200: ShopListResponse, "4xx": ApiError } } }, async (request, reply) =>
    sendConditionalJson(request, reply, await catalog.listShops()),
  );
};
