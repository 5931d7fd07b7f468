/** Admins list (a page at a time), grant and revoke shop staff (owner, manager). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ApiError } from "../../domain/contracts/catalog";
import { GrantStaffBody, ShopParams, StaffListQuery, StaffListResponse, StaffMemberParams } from "../../domain/contracts/staff";
import { staffWho, type Staff } from "../../services/staff";

export const shopStaffRoutes: FastifyPluginAsyncTypebox<{ staff: Staff }> = async (app, { staff }) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const admin = { config: { access: "admin" } } as const;

  app.get(
    "/admin/shops/:id/staff",
    { ...admin, schema: { params: ShopParams, querystring: StaffListQuery, response: { 200: StaffListResponse, ...errors } } },
    async (request) => staff.list(request.params.id, request.query),
  );

  app.post(
    "/admin/shops/:id/staff",
    { ...admin, schema: { params: ShopParams, body: GrantStaffBody, response: { 200: StaffListResponse, ...errors } } },
    async (request) => staff.grant(request.params.id, staffWho(request.body), request.body.role),
  );

  app.delete(
    "/admin/shops/:id/staff/:userId",
    { ...admin, schema: { params: StaffMemberParams, response: { 200: StaffListResponse, ...errors } } },
    async (request) => staff.revoke(request.params.id, request.params.userId),
  );
};
