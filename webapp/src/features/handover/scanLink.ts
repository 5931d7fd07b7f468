import { paths } from "../../lib/paths";

const MANAGE_PATH = /^\/order\/manage\/(\d+)$/;

/**
 * Where a scanned pickup QR leads: the hand-over screen of its order, when the text is this store's signed
 * `/order/manage/{id}?sig=…` link; null for anything else (another site, another page, no signature).
 */
export function manageTargetOf(text: string, origin: string = window.location.origin): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const id = MANAGE_PATH.exec(url.pathname)?.[1];
  const sig = url.searchParams.get("sig");
  if (url.origin !== origin || !id || !sig) return null;
  return paths.manageOrder(id, sig);
}
