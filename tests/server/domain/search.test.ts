import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../server/domain/errors";
import {
  corpusScorer,
  corpusSearch,
  foldText,
  parseSearchQuery,
  prepareQuery,
  readSearchCursor,
  searchCorpusOf,
  searchCursorOf,
  searchEntryOf,
  searchScore,
  withinOneEdit,
  wordsOf,
} from "../../../server/domain/search";

const score = (q: string, texts: { name?: string; label?: string; description?: string }) =>
  searchScore(prepareQuery(q), searchEntryOf([texts]));

describe("foldText", () => {
  it("folds case and the diacritics of Latin and Cyrillic, keeping й and every Thai mark", () => {
    expect(foldText("  Crème  BRÛLÉE ")).toBe("creme brulee");
    expect(foldText("ЁЛКА Ёж")).toBe("елка еж");
    expect(foldText("Йогурт МОЙ")).toBe("йогурт мой");
    expect(foldText("กัญชา ไทย")).toBe("กัญชา ไทย");
  });

  it("cuts words at anything but letters, digits and marks", () => {
    expect(wordsOf(foldText("Gelato #41, (Hybrid) 55/45"))).toEqual(["gelato", "41", "hybrid", "55", "45"]);
    expect(wordsOf("กัญชาสายพันธุ์ไทย")).toEqual(["กัญชาสายพันธุ์ไทย"]);
  });
});

describe("withinOneEdit", () => {
  it.each([
    ["durban", "durbn", true], // missing
    ["durban", "durrban", true], // extra
    ["durban", "durvan", true], // wrong
    ["durban", "dubran", true], // swapped
    ["durban", "durban", true],
    ["durban", "dbrn", false],
    ["durban", "udbran", false],
    ["durban", "drubna", false],
  ])("%s ~ %s: %s", (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe("searchScore", () => {
  it("finds by a typo only in a word of five letters or more", () => {
    expect(score("durbn", { name: "Durban Poison" })).toBeGreaterThan(0);
    expect(score("poisn", { name: "Durban Poison" })).toBeGreaterThan(0);
    expect(score("durbanx", { name: "Durban Poison" })).toBeGreaterThan(0);
    expect(score("blu", { name: "Blue Dream" })).toBeGreaterThan(0); // a prefix, not a typo
    expect(score("bleu", { name: "Blue Dream" })).toBe(0);
  });

  it("finds part of a Thai word, and Cyrillic in any case with ё as е", () => {
    expect(score("สายพันธุ์", { name: "กัญชาสายพันธุ์ไทย" })).toBeGreaterThan(0);
    expect(score("ЁЛОЧНЫЙ", { description: "елочный аромат" })).toBeGreaterThan(0);
  });

  it("needs every query word", () => {
    expect(score("blue dream", { name: "Blue Dream" })).toBeGreaterThan(0);
    expect(score("blue nightmare", { name: "Blue Dream" })).toBe(0);
  });

  it("ranks exact over prefix over part over typo, and the name over the label over the description", () => {
    const ranks = [
      score("haze", { name: "Haze" }),
      score("haze", { name: "Hazelnut" }),
      score("haze", { name: "Purplehaze" }),
      score("hazed", { name: "Haze" }),
      score("haze", { label: "Haze" }),
      score("haze", { description: "Haze" }),
    ];
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it("finds nothing for a query of punctuation alone", () => {
    expect(score("%_*\"'", { name: "100% pure_ 'quoted' *" })).toBe(0);
  });

  it("searches every language's texts of a product", () => {
    const entry = searchEntryOf([{ name: "Northern Lights" }, { name: "Северное сияние" }]);
    expect(searchScore(prepareQuery("сияние"), entry)).toBeGreaterThan(0);
    expect(searchScore(prepareQuery("lights"), entry)).toBeGreaterThan(0);
  });
});

describe("parseSearchQuery", () => {
  it("trims, takes an empty query as none, and refuses more than 100 characters or control characters", () => {
    expect(parseSearchQuery(undefined)).toBeNull();
    expect(parseSearchQuery("   ")).toBeNull();
    expect(parseSearchQuery("  blue ")).toBe("blue");
    expect(parseSearchQuery("ก".repeat(100))).toHaveLength(100);
    for (const bad of ["a".repeat(101), "blue\u0000", "a\nb", "x\u009b"]) {
      expect(() => parseSearchQuery(bad)).toThrow(ValidationError);
    }
  });
});

describe("the search cursor", () => {
  it("reads back only for its own search, unchanged", () => {
    const cursor = searchCursorOf("scope-a", 30);
    expect(readSearchCursor(cursor, "scope-a")).toBe(30);
    expect(() => readSearchCursor(cursor, "scope-b")).toThrow(ValidationError);
    expect(() => readSearchCursor(searchCursorOf("scope-a", 31), "scope-a")).toThrow(ValidationError);
    expect(() => readSearchCursor(cursor.replace(/^u/, "1o"), "scope-a")).toThrow(ValidationError);
    expect(() => readSearchCursor("💥", "scope-a")).toThrow(ValidationError);
  });
});

describe("corpusScorer and corpusSearch", () => {
  it("give every product the very score searchScore gives, for whole words, starts, parts, typos and phrases", () => {
    const products = [
      { name: "Durban Poison", label: "Sativa", description: "Sweet, earthy and pine; a daytime classic" },
      { name: "Blue Dream", label: "Hybrid", description: "Blueberry sweetness with a balanced lift." },
      { name: "Blueberry Muffin", label: "", description: "Baked with blue dream" },
      { name: "Северное Сияние", label: "Индика", description: "Ёлочный аромат и мягкий вечер" },
      { name: "กัญชาสายพันธุ์ไทย", label: "สายพันธุ์", description: "กลิ่นหอมมะม่วง" },
      { name: "Café Crème Kush", label: "Indica", description: "Coffee and cream, the Crème de la crème" },
      { name: "Northern Lights", label: "Indica", description: "Northern Lights by name" },
    ];
    const entries = new Map(products.map((texts, id) => [id, searchEntryOf([texts])]));
    const corpus = searchCorpusOf(entries);
    const queries = ["durbn", "Duabrn", "blue", "blu", "blue dream", "dream blue", "BLUEBERY", "СЕВЕРНОЕ", "елочный", "сияни"];
    queries.push("สายพันธุ์", "มะม่วง", "cafe creme", "creme", "nothern lihgts", "north", "ern", "a", "pine;", "%", "xyz");
    for (const q of queries) {
      const query = prepareQuery(q);
      const scoreOf = corpusScorer(corpus, query);
      const found = corpusSearch(corpus, query);
      for (const [id, entry] of entries) {
        expect(scoreOf(id), `${q} / ${products[id]!.name}`).toBe(searchScore(query, entry));
        expect(found.get(id) ?? 0, `${q} / ${products[id]!.name}`).toBe(searchScore(query, entry));
      }
    }
    expect(corpusScorer(corpus, prepareQuery("durbn"))(99)).toBe(0);
  });
});
