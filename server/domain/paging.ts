/**
 * One page of a list that grows with use (contracts/paging.ts): the query asks for `limit + 1` rows, newest
 * first; the extra row only says that another page follows, which starts after the last row shown.
 */
export function pageOf<T extends { id: number }>(rows: readonly T[], limit: number): { rows: T[]; next_cursor: number | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : [...rows];
  return { rows: page, next_cursor: more ? page[page.length - 1]!.id : null };
}
