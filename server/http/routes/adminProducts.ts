/** Admins manage products, their images and options (issue 12). Every route is admin only. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ADMIN_PRODUCT_TEXTS,
  AdminOptionResponse,
  AdminProductImageParams,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductOneResponse,
  AdminProductOptionParams,
  AdminProductParams,
  AdminProductResponse,
  CreateOptionBody,
  DefaultOptionBody,
  OptionSaleBody,
  ImageOrderBody,
  ProductActiveBody,
} from "../../domain/contracts/adminProducts";
import { ApiError } from "../../domain/contracts/catalog";
import type { AdminProducts } from "../../services/adminProducts";
import { say } from "../errors";
import { installMultipart, readMultipart } from "../multipart";

export const adminProductRoutes: FastifyPluginAsyncTypebox<{ adminProducts: AdminProducts }> = async (app, { adminProducts }) => {
  await installMultipart(app);
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;
  const answer = { 200: AdminProductResponse, ...errors };

  app.get(
    "/admin/products",
    { ...admin, schema: { querystring: AdminProductListQuery, response: { 200: AdminProductListResponse, ...errors } } },
    async (request) => adminProducts.list(request.query),
  );

  app.get(
    "/admin/products/:id",
    { ...admin, schema: { params: AdminProductParams, response: { 200: AdminProductOneResponse, ...errors } } },
    async (request) => ({ product: await adminProducts.get(request.params.id) }),
  );

  app.post("/admin/products", { ...admin, schema: { response: { 201: AdminProductResponse, ...errors } } }, async (request, reply) => {
    const product = await adminProducts.create(await readMultipart(request), request.session!.userId);
    return reply.code(201).send({ product, message: say(request, ADMIN_PRODUCT_TEXTS.created) });
  });

  app.put("/admin/products/:id", { ...admin, schema: { params: AdminProductParams, response: answer } }, async (request) => ({
    product: await adminProducts.update(request.params.id, await readMultipart(request), request.session!.userId),
    message: say(request, ADMIN_PRODUCT_TEXTS.updated),
  }));

  app.put(
    "/admin/products/:id/active",
    { ...admin, schema: { params: AdminProductParams, body: ProductActiveBody, response: answer } },
    async (request) => {
      const answer = await adminProducts.setActive(request.params.id, request.body.active);
      return { ...answer, message: say(request, answer.message) };
    },
  );

  app.delete("/admin/products/:id", { ...admin, schema: { params: AdminProductParams, response: answer } }, async (request) => ({
    product: await adminProducts.remove(request.params.id),
    message: say(request, ADMIN_PRODUCT_TEXTS.deleted),
  }));

  app.delete(
    "/admin/products/:id/images/:imageId",
    { ...admin, schema: { params: AdminProductImageParams, response: answer } },
    async (request) => ({
      product: await adminProducts.removeImage(request.params.id, request.params.imageId),
      message: say(request, ADMIN_PRODUCT_TEXTS.imageRemoved),
    }),
  );

  app.put(
    "/admin/products/:id/images/order",
    { ...admin, schema: { params: AdminProductParams, body: ImageOrderBody, response: answer } },
    async (request) => ({
      product: await adminProducts.reorderImages(request.params.id, request.body.image_ids),
      message: say(request, ADMIN_PRODUCT_TEXTS.imagesReordered),
    }),
  );

  app.post(
    "/admin/products/:id/options",
    { ...admin, schema: { params: AdminProductParams, body: CreateOptionBody, response: { 201: AdminOptionResponse, ...errors } } },
    async (request, reply) => {
      const created = await adminProducts.createOption(request.params.id, request.body, request.session!.userId);
      return reply.code(201).send({ ...created, message: say(request, ADMIN_PRODUCT_TEXTS.optionCreated) });
    },
  );

  app.put(
    "/admin/products/:id/options/:optionId/sale",
    { ...admin, schema: { params: AdminProductOptionParams, body: OptionSaleBody, response: answer } },
    async (request) => ({
      product: await adminProducts.setOptionSale(request.params.id, request.params.optionId, request.body),
      message: say(request, ADMIN_PRODUCT_TEXTS.updated),
    }),
  );

  app.delete(
    "/admin/products/:id/options/:optionId",
    { ...admin, schema: { params: AdminProductOptionParams, response: answer } },
    async (request) => ({
      product: await adminProducts.deleteOption(request.params.id, request.params.optionId),
      message: say(request, ADMIN_PRODUCT_TEXTS.optionDeleted),
    }),
  );

  app.put(
    "/admin/products/:id/default-option",
    { ...admin, schema: { params: AdminProductParams, body: DefaultOptionBody, response: answer } },
    async (request) => ({
      product: await adminProducts.setDefaultOption(request.params.id, request.body.option_id),
      message: say(request, ADMIN_PRODUCT_TEXTS.defaultChanged),
    }),
  );
};
