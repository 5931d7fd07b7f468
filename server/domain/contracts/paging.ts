/**
 * Every list that grows with use is paged (issue 14): `limit` (default 20, at most 100) and `cursor` (the
 * `next_cursor` of the page before: the id the page ended at), newest first. Ids never shift a page when new
 * rows arrive meanwhile.
 */
import { Type } from "typebox";
import { Nullable } from "./schema";
import { Id } from "./ids";

export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;

export const Paging = {
  /** Rows a page (default 20, at most 100). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  /** The `next_cursor` of the page before. */
  cursor: Type.Optional(Id()),
};

/** null on the last page. */
export const NextCursor = Nullable(Type.Integer());

/**
 * Paging of a list ordered by more than its id (domain/paging.ts `keyPageOf`): the same `limit`, and a
 * `cursor` that is the text `next_cursor` of the page before, passed back unchanged (anything else: 400).
 */
export const KeyPaging = {
  limit: Paging.limit,
  /** The `next_cursor` of the page before. */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
};

/** null on the last page. */
export const NextKeyCursor = Nullable(Type.String());
