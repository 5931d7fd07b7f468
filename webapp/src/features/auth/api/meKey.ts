/**
 * Who holds the stored token: the query key of the server's answer to "verify stored session" (GET /api/me).
 * A module of its own, so the lazy write-access chunk names it without importing the hook: a lazy chunk that
 * imports useMe.ts splits the entry (docs/webapp.md "Chunks").
 */
export const ME_KEY = ["me"] as const;
