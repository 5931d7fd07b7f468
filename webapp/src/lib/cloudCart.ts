/**
 * The cart as Telegram's CloudStorage keeps it (issue 26 "Cart across devices"; docs/decisions.md): what is
 * written, how a saved value is read back (anything that is not exactly this app's document is ignored), and
 * which cart wins whenever it is read. Pure: app/cloudCartSync.ts does the asking and the stores.
 *
 * The document is versioned JSON with the time it was saved. A cart goes into the value `cart`:
 *   {"v":1,"savedAt":1732700000000,"shop":3,"parts":1,"lines":[[12,"0",2],[40,"7",1]]}
 * (a line is [product id, picked option, amount]). A cart longer than one value (4096 characters, 170 to 310
 * lines) continues in `cart_2` … `cart_4`, each {"v":1,"savedAt":…,"part":2,"lines":[…]} with the same savedAt;
 * what does not fit in four values stays on this device only (the first lines, in cart order, are saved).
 */
import { MAX_LINE_AMOUNT } from "@domain/orders";
import { CLOUD_MAX_VALUE_LENGTH } from "./telegramCloudStorage";

/** Bumped when the document's shape changes; a value of any other version is ignored. */
export const CLOUD_CART_VERSION = 1;
export const CLOUD_CART_MAX_PARTS = 4;

/** The keys a cart may use, the head first. */
export const CLOUD_CART_KEYS: readonly string[] = Array.from({ length: CLOUD_CART_MAX_PARTS }, (_, i) =>
  i === 0 ? "cart" : `cart_${i + 1}`,
);

/** The largest id the store gives out (PostgreSQL's integer), for products and options alike. */
const MAX_ID = 2_147_483_647;

export interface CloudCartLine {
  id: number;
  picked_option: string;
  amount: number;
}

export interface CloudCart {
  /** When the cart was last changed on the device that saved it (ms since 1970). */
  savedAt: number;
  /** The chosen shop; null for every shop. */
  shop: number | null;
  lines: CloudCartLine[];
}

/** What a device writes: the values in order of writing (the head last) and how many lines did not fit. */
export interface CloudCartValues {
  values: [key: string, value: string][];
  trimmed: number;
}

type EncodedLine = [number, string, number];

function headOf(cart: CloudCart, parts: number, lines: string[]): string {
  const shop = JSON.stringify(cart.shop);
  return `{"v":${CLOUD_CART_VERSION},"savedAt":${cart.savedAt},"shop":${shop},"parts":${parts},"lines":[${lines.join(",")}]}`;
}

function partOf(cart: CloudCart, part: number, lines: string[]): string {
  return `{"v":${CLOUD_CART_VERSION},"savedAt":${cart.savedAt},"part":${part},"lines":[${lines.join(",")}]}`;
}

/**
 * The cart as CloudStorage values, each within Telegram's 4096 characters: the lines fill `cart`, then `cart_2` …
 * in cart order; lines past the fourth value are left out (counted in `trimmed`).
 */
export function cloudCartValues(cart: CloudCart): CloudCartValues {
  const parts: string[][] = [[]];
  let trimmed = 0;
  // The head is measured with the largest part count it can name: one digit, like the real one.
  const render = (index: number, lines: string[]) =>
    index === 0 ? headOf(cart, CLOUD_CART_MAX_PARTS, lines) : partOf(cart, index + 1, lines);
  for (const line of cart.lines) {
    const encoded = JSON.stringify([line.id, line.picked_option, line.amount] satisfies EncodedLine);
    const last = parts.length - 1;
    if (render(last, [...parts[last]!, encoded]).length <= CLOUD_MAX_VALUE_LENGTH) {
      parts[last]!.push(encoded);
    } else if (parts.length < CLOUD_CART_MAX_PARTS && render(last + 1, [encoded]).length <= CLOUD_MAX_VALUE_LENGTH) {
      parts.push([encoded]);
    } else {
      trimmed++;
    }
  }
  const values: [string, string][] = parts.slice(1).map((lines, i) => [CLOUD_CART_KEYS[i + 1]!, partOf(cart, i + 2, lines)]);
  values.push([CLOUD_CART_KEYS[0]!, headOf(cart, parts.length, parts[0]!)]);
  return { values, trimmed };
}

type Json = Record<string, unknown>;

/** One saved value as this app's JSON object of this version; null for anything else. */
function parseValue(value: string | undefined): Json | null {
  if (typeof value !== "string" || value === "" || value.length > CLOUD_MAX_VALUE_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  return (parsed as Json).v === CLOUD_CART_VERSION ? (parsed as Json) : null;
}

const isId = (value: unknown, min: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= MAX_ID;

function parseLines(lines: unknown): CloudCartLine[] | null {
  if (!Array.isArray(lines)) return null;
  const parsed: CloudCartLine[] = [];
  for (const line of lines) {
    if (!Array.isArray(line) || line.length !== 3) return null;
    const [id, option, amount] = line as unknown[];
    if (!isId(id, 1) || typeof option !== "string" || !/^(0|[1-9][0-9]{0,9})$/.test(option) || !isId(Number(option), 0)) return null;
    if (!Number.isSafeInteger(amount) || (amount as number) < 1 || (amount as number) > MAX_LINE_AMOUNT) return null;
    parsed.push({ id, picked_option: option, amount: amount as number });
  }
  return parsed;
}

/**
 * The saved cart from the values read under CLOUD_CART_KEYS; null when nothing was saved or what was saved is not
 * this app's document: not JSON, another version, over Telegram's size, a bad line, a product line twice, or parts
 * that do not belong to one save (a write cut short). The caller then keeps the local cart.
 */
export function parseCloudCart(values: Readonly<Record<string, string | undefined>>): CloudCart | null {
  const head = parseValue(values[CLOUD_CART_KEYS[0]!]);
  if (!head) return null;
  const { savedAt, shop, parts } = head;
  if (!Number.isSafeInteger(savedAt) || (savedAt as number) <= 0) return null;
  if (shop !== null && !isId(shop, 1)) return null;
  if (!Number.isInteger(parts) || (parts as number) < 1 || (parts as number) > CLOUD_CART_MAX_PARTS) return null;
  const lines = parseLines(head.lines);
  if (!lines) return null;
  for (let part = 2; part <= (parts as number); part++) {
    const value = parseValue(values[CLOUD_CART_KEYS[part - 1]!]);
    if (!value || value.savedAt !== savedAt || value.part !== part) return null;
    const more = parseLines(value.lines);
    if (!more) return null;
    lines.push(...more);
  }
  const seen = new Set(lines.map((line) => `${line.id}/${line.picked_option}`));
  if (seen.size !== lines.length) return null;
  return { savedAt: savedAt as number, shop: shop as number | null, lines };
}

export interface LocalCart {
  lines: readonly unknown[];
  /** When this device's cart or shop last changed or was restored (ms); null when never recorded. */
  changedAt: number | null;
}

/**
 * Whether the saved cart replaces this device's (at start, and each time the app reads it again: back in the
 * foreground, the cart page, Place order): only when it is newer than the local one's last change. A device that
 * never recorded a change counts as oldest, so it takes a saved cart with items; but an empty saved cart (ordered
 * or emptied elsewhere) never clears a local cart whose age is unknown.
 */
export function cloudCartWins(local: LocalCart, cloud: CloudCart | null): boolean {
  if (!cloud) return false;
  if (local.changedAt === null) return cloud.lines.length > 0 || local.lines.length === 0;
  return cloud.savedAt > local.changedAt;
}

/**
 * Whether two carts hold the same lines (in any order) and the same shop: a saved cart that wins but says what the
 * device already has changes nothing the person would need to look at again.
 */
export function sameCart(a: Omit<CloudCart, "savedAt">, b: Omit<CloudCart, "savedAt">): boolean {
  if (a.shop !== b.shop || a.lines.length !== b.lines.length) return false;
  const amounts = new Map(a.lines.map((line) => [`${line.id}/${line.picked_option}`, line.amount]));
  return b.lines.every((line) => amounts.get(`${line.id}/${line.picked_option}`) === line.amount);
}
