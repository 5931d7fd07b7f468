import { ValidationError } from "./errors";
/**
 * One page of a list that grows with use (contracts/paging.ts): the query asks for `limit + 1` rows, newest
 * first; the extra row only says that another page follows, which starts after the last row shown.
 */
export function pageOf<T extends { id: number }>(rows: readonly T[], limit: number): { rows: T[]; next_cursor: number | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : [...rows];
  return { rows: page, next_cursor: more ? page[page.length - 1]!.id : null };
}

/**
 * Lists ordered by more than their id (the admin product list: position, then newest; a shop's staff: owner
 * first, then by user) page by a key cursor: the sort key of the last row shown, as `{part}.{id}`, which the
 * client passes back untouched. A cursor this list could not have given is a 400, never a guess.
 */
export function keyCursorOf(part: string | number, id: number): string {
  return `${part}.${id}`;
}

/** The cursor's two parts, or a ValidationError naming `cursor`. `readPart` refuses a part the list has no such key for. */
export function readKeyCursor<P>(cursor: string, readPart: (part: string) => P | undefined): { part: P; id: number } {
  const match = /^([a-z0-9]{1,16})\.([0-9]{1,10})$/.exec(cursor);
  const part = match ? readPart(match[1]!) : undefined;
  const id = match ? Number(match[2]) : NaN;
  if (part === undefined || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new ValidationError("cursor", "cursor must be the next_cursor of the page before, passed back unchanged");
  }
  return { part, id };
}

/** A page by key cursor: `limit + 1` rows asked for, the extra one only says that another page follows. */
export function keyPageOf<T extends { id: number }>(
  rows: readonly T[],
  limit: number,
  partOf: (row: T) => string | number,
): { rows: T[]; next_cursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : [...rows];
  const last = page[page.length - 1];
  return { rows: page, next_cursor: more && last ? keyCursorOf(partOf(last), last.id) : null };
}
