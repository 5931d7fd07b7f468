/**
 * The customer's product search (GET /api/products?q=): how texts are folded, what matches a query word, how
 * matches rank, and the search's page cursor. Pure: the catalogue service holds each product's prepared texts
 * in its versioned snapshot and asks these rules (docs/decisions.md, "Product search").
 *
 * - Folding: lower case, and the diacritics of Latin and Cyrillic letters dropped (é → e, ё → е); й stays й
 *   (its own letter in Russian, not и with a mark). Thai keeps every mark: they are part of its letters.
 * - A query word matches a text by, best first: a whole word, the start of a word, any part of the text (Thai
 *   has no spaces between words, so part of a Thai word is part of the text), or, for a query word of five
 *   letters or more, a word or a word's start one typo away (a letter missing, extra or wrong, or two swapped).
 * - Every query word must match somewhere; the name counts above the label, the label above the description.
 */
import { ValidationError } from "./errors";

/** Results per page of a search. */
export const SEARCH_PAGE_SIZE = 30;
/** A search is 1 to this many characters once trimmed. */
export const SEARCH_MAX_LENGTH = 100;
/** Query words this long or longer forgive one typo. */
export const TYPO_MIN_LENGTH = 5;

/** The query as given, trimmed; null when it is empty (the list as without search). A ValidationError names `q`. */
export function parseSearchQuery(raw: string | undefined): string | null {
  const q = (raw ?? "").trim();
  if (q === "") return null;
  if ([...q].length > SEARCH_MAX_LENGTH) {
    throw new ValidationError("q", "{param} must NOT have more than {limit} characters", { param: "q", limit: SEARCH_MAX_LENGTH });
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(q)) throw new ValidationError("q", "q must be plain text, without control characters");
  return q;
}

/** Combining marks Latin and Cyrillic letters decompose into; U+0306 (the breve) only after и, which keeps й. */
const LATIN_CYRILLIC_MARKS = /[\u0300-\u0305\u0307-\u036f]|(?<![иИ])\u0306/g;

/** A text as search compares it: lower case, Latin and Cyrillic diacritics dropped, spaces collapsed. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(LATIN_CYRILLIC_MARKS, "").normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The words of a folded text: runs of letters, digits and their marks; everything else separates. */
export function wordsOf(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/** Where a text sits, best first: its weight ranks a match in it. */
export type SearchField = "name" | "label" | "description";
const FIELD_WEIGHT: Record<SearchField, number> = { name: 3, label: 2, description: 1 };

interface PreparedText {
  field: SearchField;
  text: string;
  words: string[];
}

/** One product's texts, folded once per catalogue version. */
export interface SearchEntry {
  texts: PreparedText[];
  /** The folded names (one per language the catalogue has), for the bonus of a name that starts with the query. */
  names: string[];
}

/**
 * A product's texts prepared for search. One set of texts per language: today the catalogue has one, and a
 * language added later is one more set here, searched the same way.
 */
export function searchEntryOf(texts: ReadonlyArray<Partial<Record<SearchField, string>>>): SearchEntry {
  const prepared: PreparedText[] = [];
  const names: string[] = [];
  for (const set of texts) {
    for (const field of ["name", "label", "description"] as const) {
      const raw = set[field];
      if (!raw) continue;
      const text = foldText(raw);
      if (text === "") continue;
      prepared.push({ field, text, words: wordsOf(text) });
      if (field === "name") names.push(text);
    }
  }
  return { texts: prepared, names };
}

export interface PreparedQuery {
  phrase: string;
  words: string[];
}

/** A parsed query folded and cut into words. A query of nothing but punctuation has no words and finds nothing. */
export function prepareQuery(q: string): PreparedQuery {
  const phrase = foldText(q);
  return { phrase, words: [...new Set(wordsOf(phrase))] };
}

const EXACT = 4;
const PREFIX = 3;
const PART = 2;
const TYPO = 1;

/** How well one folded query word matches one text: 0 none, else TYPO…EXACT. */
type MatchLevel = (word: string, text: PreparedText) => number;

const matchLevel: MatchLevel = (word, text) => {
  let best = 0;
  for (const w of text.words) {
    if (w === word) return EXACT;
    if (w.startsWith(word)) best = PREFIX;
  }
  if (best > 0) return best;
  if (text.text.includes(word)) return PART;
  if (word.length >= TYPO_MIN_LENGTH) {
    for (const w of text.words) {
      if (w.length < TYPO_MIN_LENGTH - 1) continue;
      if (withinOneEdit(word, w) || startsWithinOneEdit(w, word)) return TYPO;
    }
  }
  return 0;
};

/** How one folded query word matches one word of a text on its own: EXACT, PREFIX, TYPO or 0 (PART is the text's). */
function wordLevel(word: string, w: string): number {
  if (w === word) return EXACT;
  if (w.startsWith(word)) return PREFIX;
  if (word.length >= TYPO_MIN_LENGTH && w.length >= TYPO_MIN_LENGTH - 1 && (withinOneEdit(word, w) || startsWithinOneEdit(w, word))) {
    return TYPO;
  }
  return 0;
}

/**
 * The product's score for the query: 0 when some query word matches none of its texts, else higher is better.
 * A word scores by its best text (field first, then how it matched); a name that starts with, or holds, the
 * whole query adds on top.
 */
export function searchScore(query: PreparedQuery, entry: SearchEntry, levelOf: MatchLevel = matchLevel): number {
  if (query.words.length === 0) return 0;
  let score = 0;
  for (const word of query.words) {
    let best = 0;
    for (const text of entry.texts) {
      const level = levelOf(word, text);
      if (level > 0) best = Math.max(best, FIELD_WEIGHT[text.field] * 10 + level);
    }
    if (best === 0) return 0;
    score += best;
  }
  if (entry.names.some((name) => name.startsWith(query.phrase))) score += 100;
  else if (entry.names.some((name) => name.includes(query.phrase))) score += 50;
  return score;
}

/**
 * The prepared texts of a whole catalogue version, each distinct word numbered once: a search then compares a
 * query word with each distinct word once (the typo test is the costly one), not with every word of every
 * text, and a text's match is read from its words' numbers. Gives the very scores `searchScore` gives.
 */
export interface SearchCorpus<K> {
  entries: Map<K, SearchEntry>;
  /** The distinct words of every text. */
  words: string[];
  /** Each text's words as numbers into `words`. */
  wordIds: Map<PreparedText, Int32Array>;
  /** Every text joined by U+0001 (no text holds it), where a query word is looked for in one pass. */
  haystack: string;
  /** Where each text starts in `haystack`, ascending, and whose it is. */
  starts: number[];
  owners: K[];
  /** For each word number, the keys of the entries whose texts hold the word. */
  holders: K[][];
}

export function searchCorpusOf<K>(entries: Map<K, SearchEntry>): SearchCorpus<K> {
  const numbers = new Map<string, number>();
  const wordIds = new Map<PreparedText, Int32Array>();
  const holders: K[][] = [];
  const parts: string[] = [];
  const starts: number[] = [];
  const owners: K[] = [];
  let at = 0;
  for (const [key, entry] of entries) {
    for (const text of entry.texts) {
      const ids = Int32Array.from(text.words, (w) => numbers.get(w) ?? numbers.set(w, numbers.size).get(w)!);
      wordIds.set(text, ids);
      for (const id of ids) {
        const list = (holders[id] ??= []);
        if (list.at(-1) !== key) list.push(key);
      }
      starts.push(at);
      owners.push(key);
      parts.push(text.text);
      at += text.text.length + 1;
    }
  }
  return { entries, words: [...numbers.keys()], wordIds, haystack: parts.join("\u0001"), starts, owners, holders };
}

/**
 * The entries the query finds, with their scores (those `searchScore` gives; the others score 0). Only the
 * candidates are scored: for each query word, the entries whose texts hold it (a whole word, a word's start and
 * a part are all parts of a text), found in one pass over the joined texts, and those holding a word one typo
 * away; an entry must be a candidate of every query word.
 */
export function corpusSearch<K>(corpus: SearchCorpus<K>, query: PreparedQuery): Map<K, number> {
  const found = new Map<K, number>();
  if (query.words.length === 0) return found;
  const levels = new Map(query.words.map((word) => [word, Uint8Array.from(corpus.words, (w) => wordLevel(word, w))]));
  let candidates = null as Set<K> | null;
  for (const word of query.words) {
    const of = new Set<K>();
    const { haystack, starts, owners } = corpus;
    let text = 0;
    for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
      while (text + 1 < starts.length && starts[text + 1]! <= at) text++;
      of.add(owners[text]!);
    }
    const ofWords = levels.get(word)!;
    for (let id = 0; id < ofWords.length; id++) if (ofWords[id] === TYPO) for (const key of corpus.holders[id]!) of.add(key);
    const before: Set<K> | null = candidates;
    candidates = before === null ? of : new Set([...before].filter((key) => of.has(key)));
    if (candidates.size === 0) return found;
  }
  const levelOf = levelsMatch(corpus, levels);
  for (const key of candidates!) {
    const score = searchScore(query, corpus.entries.get(key)!, levelOf);
    if (score > 0) found.set(key, score);
  }
  return found;
}

/** A text's match read from the query words' levels against each distinct word (`matchLevel`'s answer). */
function levelsMatch<K>(corpus: SearchCorpus<K>, levels: Map<string, Uint8Array>): MatchLevel {
  return (word, text) => {
    const ofWords = levels.get(word)!;
    let best = 0;
    for (const id of corpus.wordIds.get(text)!) {
      const level = ofWords[id]!;
      if (level === EXACT) return EXACT;
      if (level > best) best = level;
    }
    if (best >= PREFIX) return best;
    return text.text.includes(word) ? PART : best;
  };
}

/** The score of each entry of the corpus for the query (0: not found), as `searchScore` would give it. */
export function corpusScorer<K>(corpus: SearchCorpus<K>, query: PreparedQuery): (key: K) => number {
  const levels = new Map(query.words.map((word) => [word, Uint8Array.from(corpus.words, (w) => wordLevel(word, w))]));
  const levelOf = levelsMatch(corpus, levels);
  return (key) => {
    const entry = corpus.entries.get(key);
    return entry ? searchScore(query, entry, levelOf) : 0;
  };
}

/**
 * The items that match, best first by `scoreOf` (`searchScore`, or a corpus's scorer; 0 is not found); items of
 * the same score keep the list's own `order`.
 */
export function rankBySearch<T>(items: Iterable<T>, scoreOf: (item: T) => number, order: (a: T, b: T) => number): T[] {
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const score = scoreOf(item);
    if (score > 0) scored.push({ item, score });
  }
  return scored.sort((a, b) => b.score - a.score || order(a.item, b.item)).map(({ item }) => item);
}

/** At most one edit apart: a letter missing, extra or wrong, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  if (long.length === short.length) {
    if (long.slice(i + 1) === short.slice(i + 1)) return true;
    return long[i] === short[i + 1] && long[i + 1] === short[i] && long.slice(i + 2) === short.slice(i + 2);
  }
  return long.slice(i + 1) === short.slice(i);
}

/** Some start of `word` is at most one edit from `query` (the customer is still typing the word). */
function startsWithinOneEdit(word: string, query: string): boolean {
  for (const length of [query.length - 1, query.length, query.length + 1]) {
    if (length >= TYPO_MIN_LENGTH - 1 && length < word.length && withinOneEdit(query, word.slice(0, length))) return true;
  }
  return false;
}

/**
 * The search's page cursor: where the next page starts, sealed with a checksum of the search it belongs to
 * (query, category, shop), so a cursor this list could not have given (garbage, edited, another search's) is
 * refused. Not a secret: a forged cursor can only ask for a page the caller could have asked for anyway.
 */
export function searchCursorOf(scope: string, offset: number): string {
  return `${offset.toString(36)}.${checksum(`${scope}\u0000${offset}`)}`;
}

/** The offset a cursor of this search names (a whole page of `pageSize` on), or a ValidationError naming `cursor`. */
export function readSearchCursor(cursor: string, scope: string, pageSize = SEARCH_PAGE_SIZE): number {
  const match = /^([0-9a-z]{1,6})\.([0-9a-z]{1,8})$/.exec(cursor);
  const offset = match ? parseInt(match[1]!, 36) : NaN;
  if (!match || offset <= 0 || offset % pageSize !== 0 || searchCursorOf(scope, offset) !== cursor) {
    throw new ValidationError("cursor", "cursor must be the next_cursor of the page before, passed back unchanged");
  }
  return offset;
}

/** FNV-1a, 32 bits, in base 36. */
function checksum(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
