/**
 * Maps (spec §5 "Order map", issue 14 links): a staff-pasted map is kept only as a Google Maps embed address,
 * and a courier's location link must be a Google Maps link. Small and apart from the rest of the rules: the
 * customer's order page needs only this.
 */
import { ValidationError } from "./errors";

/** Spec §8. */
export const INVALID_MAP_CODE = "Invalid map code";

const MAPS_EMBED_HOSTS = new Set(["www.google.com", "maps.google.com"]);
const MAPS_EMBED_PATH = "/maps/embed";
const MAX_MAP_CODE = 4000;

/** An https Google Maps embed address with no port or credentials: the only thing a page ever frames. */
function embedUrl(raw: string): URL | null {
  // Most orders have no map: no parse (a failed one throws, which costs more than the rest of the check).
  if (raw === "") return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !MAPS_EMBED_HOSTS.has(url.hostname) || url.port !== "" || url.username || url.password) return null;
  if (url.pathname !== MAPS_EMBED_PATH && !url.pathname.startsWith(`${MAPS_EMBED_PATH}/`)) return null;
  return url;
}

/**
 * Spec §5 "Order map": the pasted code must hold an iframe's opening and closing tag. Only its `src` is kept,
 * and only when it is a Google Maps embed address: the pasted HTML itself is never stored or shown. Anything
 * else is 'Invalid map code'.
 */
export function parseMapEmbed(code: string): string {
  const invalid = () => new ValidationError("map", INVALID_MAP_CODE);
  if (code.length > MAX_MAP_CODE || !/<iframe\b/i.test(code) || !/<\/iframe\s*>/i.test(code)) throw invalid();
  if (/<script\b/i.test(code)) throw invalid();
  const src = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(code);
  const url = embedUrl((src?.[1] ?? src?.[2] ?? "").replace(/&amp;/g, "&").trim());
  if (!url) throw invalid();
  url.hash = "";
  return url.toString();
}

/** Whether a stored map address may be embedded: the same rule as saving it (data outlives code). */
export function isMapEmbedUrl(value: string): boolean {
  return embedUrl(value) !== null;
}

/** A courier's "Where are you?" link: Google Maps only, over https (a link is opened by the courier's phone). */
export function isMapsLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  const host = url.hostname;
  if (host === "maps.google.com" || host === "maps.app.goo.gl") return true;
  if ((host === "www.google.com" || host === "google.com") && url.pathname.startsWith("/maps")) return true;
  return host === "goo.gl" && url.pathname.startsWith("/maps");
}

export const MAPS_LINK_ONLY = "Paste a Google Maps link (https://maps.app.goo.gl/… or https://www.google.com/maps/…).";
