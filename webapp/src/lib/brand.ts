/** The storefront's own name, shown in the header and footer. */
export const STORE_NAME = "Koh Samui Store";
