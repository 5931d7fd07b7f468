/** The mini-app's routes (server/domain/paths.ts, shared with the bot and the server) and what only a browser knows. */
export { JUST_PLACED_PARAM, paths } from "@domain/paths";

/** A referral link: the store's address plus the user's own reflink (spec §9). */
export function referralLink(ref: string): string {
  return `${window.location.origin}/${ref}`;
}

/** Served by the server next to product images, outside the bundle. */
export const LICENCE_IMAGE_PATH = "/assets/documents/licence.webp";
