/** The storefront's own name, shown in the header and footer. */
export { STORE_NAME } from "@domain/constants";

/** Where the balance chip's Support entry leads: the store's support chat. */
export const SUPPORT_URL = "https://t.me/kohsamui_store_support";
