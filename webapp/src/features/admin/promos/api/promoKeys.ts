/** The query key of the admin's promo list: every change to a code asks for it again. */
export const PROMOS_KEY = ["admin-promos"] as const;
