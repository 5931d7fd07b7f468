/**
 * Ids in requests. PostgreSQL stores the store's ids as 32-bit integers (`integer`), so a larger id in a path,
 * query or body is refused as a 400 at the door, on either engine, instead of reaching the database as a 500.
 */
import { Type } from "typebox";

/** The largest id the store gives out (PostgreSQL's `integer`). */
export const MAX_ID = 2_147_483_647;

/** A row's id: 1 or more. */
export const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });

/** An option's id: 0 is a product's base option. */
export const OptionId = () => Type.Integer({ minimum: 0, maximum: MAX_ID });
