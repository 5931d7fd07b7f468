/** The cabinet's two views (spec §2 "Cabinet"): the customer's own, and the shop's. */
export type CabinetView = "personal" | "store";
