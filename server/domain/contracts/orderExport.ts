/** The order export's query (issue 25; server/domain/orderExport.ts). */
import { Type, type Static } from "typebox";
import { Id } from "./ids";

export const OrderExportQuery = Type.Object({
  /** First island day (YYYY-MM-DD, Koh Samui time) of when orders were placed, inclusive; none: 30 days before `to`. */
  from: Type.Optional(Type.String({ maxLength: 10 })),
  /** Last island day, inclusive; none: today (or 30 days from `from`). */
  to: Type.Optional(Type.String({ maxLength: 10 })),
  /** One shop's orders; none: every shop. */
  shop_id: Type.Optional(Id()),
  /** One status (P, N, W, S, C); none: every status. */
  status: Type.Optional(Type.Union([Type.Literal("P"), Type.Literal("N"), Type.Literal("W"), Type.Literal("S"), Type.Literal("C")])),
});
export type OrderExportQuery = Static<typeof OrderExportQuery>;
