/**
 * Paying in TON (issue 15): the customer's quote and wallet reply, the manager's confirmation by hand, the
 * admin's shop wallet and rate; and, outside /api, the TON Connect manifest wallets read (with its icon).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ShopIdParams } from "../../domain/contracts/adminShops";
import { STORE_NAME } from "../../domain/constants";
import { ApiError } from "../../domain/contracts/catalog";
import { OrderParams } from "../../domain/contracts/orders";
import { StaffOrderResponse } from "../../domain/contracts/staff";
import {
  ShopWalletBody,
  ShopWalletResponse,
  TonPayment,
  TonQuoteResponse,
  TonRateBody,
  TonRateResponse,
  TonSentBody,
} from "../../domain/contracts/ton";
import type { TonPayments } from "../../services/tonPayments";
import type { TonWallets } from "../../services/tonWallets";

export const tonRoutes: FastifyPluginAsyncTypebox<{ tonPayments: TonPayments; tonWallets: TonWallets }> = async (
  app,
  { tonPayments, tonWallets },
) => {
  const errors = { "4xx": ApiError, "5xx": ApiError };
  const signedIn = { config: { access: "signed-in" } } as const;
  const staff = { config: { access: "staff" } } as const;
  const admin = { config: { access: "admin" } } as const;

  app.post(
    "/orders/:id/ton/quote",
    { ...signedIn, schema: { params: OrderParams, response: { 200: TonQuoteResponse, ...errors } } },
    async (request) => tonPayments.quote(request.session!.userId, request.params.id),
  );

  app.post(
    "/orders/:id/ton/sent",
    {
      ...signedIn,
      schema: { params: OrderParams, body: TonSentBody, response: { 200: Type.Object({ ton_payment: TonPayment }), ...errors } },
    },
    async (request) => ({ ton_payment: await tonPayments.sent(request.session!.userId, request.params.id, request.body.boc) }),
  );

  app.post(
    "/staff/orders/:id/ton/confirm",
    { ...staff, schema: { params: OrderParams, response: { 200: StaffOrderResponse, ...errors } } },
    async (request) => ({
      order: await tonPayments.confirmByHand(request.session!.userId, request.params.id),
    }),
  );

  app.put(
    "/admin/shops/:id/wallet",
    { ...admin, schema: { params: ShopIdParams, body: ShopWalletBody, response: { 200: ShopWalletResponse, ...errors } } },
    async (request) => tonWallets.setShopWallet(request.params.id, request.body.ton_wallet),
  );

  app.put(
    "/admin/settings/ton-rate",
    { ...admin, schema: { body: TonRateBody, response: { 200: TonRateResponse, ...errors } } },
    async (request) => tonWallets.setRate(request.body.thb_per_ton),
  );
};

/** The store's mark (the favicon's leaf) as the 180×180 PNG TON Connect asks for. */
const ICON_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="180" height="180">` +
  `<rect width="24" height="24" rx="6" fill="#1f7a4a"/>` +
  `<path d="M6 18c0-7 4.5-11.5 12-12-.5 7.5-5 12-11.5 12M6 18c2.5-3.5 5-5.5 8-7"` +
  ` fill="none" stroke="#e9ffef" stroke-width="1.8" stroke-linecap="round"/></svg>`;

/** The TON Connect manifest wallets fetch (from their own origins, hence CORS), from PUBLIC_URL. */
export const tonManifestRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, { publicUrl }) => {
  let icon: Promise<Buffer> | null = null;
  app.get("/tonconnect-manifest.json", async (_request, reply) =>
    reply
      .header("access-control-allow-origin", "*")
      .header("cache-control", "public, max-age=3600")
      .send({ url: publicUrl, name: STORE_NAME, iconUrl: `${publicUrl}/tonconnect-icon.png` }),
  );
  app.get("/tonconnect-icon.png", async (_request, reply) => {
    icon ??= import("sharp").then(({ default: sharp }) => sharp(Buffer.from(ICON_SVG)).png().toBuffer());
    return reply
      .header("access-control-allow-origin", "*")
      .header("cache-control", "public, max-age=86400")
      .type("image/png")
      .send(await icon);
  });
};
