/** Admin stock: add, move from the warehouse, the audit trail, and the low shelves. Admins only. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AddStockBody,
  AddStockResponse,
  LowStockResponse,
  MoveStockBody,
  MoveStockResponse,
  StockHistoryQuery,
  StockHistoryResponse,
} from "../../domain/contracts/adminStock";
import { ApiError } from "../../domain/contracts/catalog";
import { say } from "../errors";
import type { Stock } from "../../services/stock";

export const adminStockRoutes: FastifyPluginAsyncTypebox<{ stock: Stock }> = async (app, { stock }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;

  app.post(
    "/admin/stock",
    { ...admin, schema: { body: AddStockBody, response: { 200: AddStockResponse, ...errors } } },
    async (request) => {
      const { instock } = await stock.add(request.session!.userId, request.body);
      return { instock, message: say(request, "You've added {amount} products.", { amount: request.body.amount }) };
    },
  );

  app.post(
    "/admin/stock/move",
    { ...admin, schema: { body: MoveStockBody, response: { 200: MoveStockResponse, ...errors } } },
    async (request) => {
      const moved = await stock.move(request.session!.userId, request.body);
      const message = say(request, "You've moved {amount} products to {shop}.", { amount: request.body.amount, shop: moved.shop_name });
      return { warehouse: moved.warehouse, instock: moved.instock, message };
    },
  );

  app.get(
    "/admin/stock/history",
    { ...admin, schema: { querystring: StockHistoryQuery, response: { 200: StockHistoryResponse, ...errors } } },
    async (request) => stock.history(request.query.product_id, request.query),
  );

  app.get("/admin/stock/low", { ...admin, schema: { response: { 200: LowStockResponse, ...errors } } }, async () => ({
    threshold: stock.lowStockThreshold,
    shelves: await stock.lowStock(),
  }));
};
