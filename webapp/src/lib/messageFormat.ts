/**
 * Reads the mini-app's compiled messages (webapp/messagesPlugin.ts compiles each ICU message at build time with
 * Lingui's compiler): a message is a string, or a list of tokens, each a string, `[name]` (a value), or
 * `[name, "plural" | "selectordinal" | "select" | "number", cases or style]`, and `#` inside a plural's case is the
 * count. This is the part of @lingui/core the app needs at run time (its `i18n._` also ships the ICU parser, for
 * messages not compiled in advance): the same output for the same tokens (tests/webapp/messageFormat.test.ts
 * compares the two over every catalogue), at a twelfth of its size in the entry.
 */
export type CompiledMessage = string | Token[];
type Token = string | [name: string, type?: string, format?: unknown];
export type MessageValues = Record<string, string | number>;

const formatters = new Map<string, Intl.PluralRules | Intl.NumberFormat>();

function formatter<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

function formatNumber(locale: string, value: unknown, style?: unknown): string {
  const options = typeof style === "string" ? { style } : (style as Intl.NumberFormatOptions | undefined);
  const key = `n ${locale} ${JSON.stringify(options ?? null)}`;
  return formatter(key, () => new Intl.NumberFormat([locale, "en"], options as Intl.NumberFormatOptions)).format(value as number);
}

/** The case of a plural (or ordinal) for `count`: an exact `=N` case first, then the language's rule, else other. */
function pluralCase(locale: string, type: string, count: number, cases: Record<string, Token[] | string>): Token[] | string | undefined {
  const ordinal = type === "selectordinal";
  const rules = formatter(`p ${locale} ${ordinal}`, () => new Intl.PluralRules([locale, "en"], { type: ordinal ? "ordinal" : "cardinal" }));
  return cases[count] ?? cases[rules.select(count)] ?? cases.other;
}

function write(tokens: CompiledMessage | undefined, locale: string, values: MessageValues, count?: number): string {
  if (!Array.isArray(tokens)) return tokens ?? "";
  let text = "";
  for (const token of tokens) {
    if (typeof token === "string") {
      text += token === "#" && count !== undefined ? formatNumber(locale, count) : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === "plural" || type === "selectordinal") {
      const cases = format as Record<string, Token[] | string>;
      text += write(pluralCase(locale, type, Number(value), cases), locale, values, Number(value));
    } else if (type === "select") {
      const cases = format as Record<string, Token[] | string>;
      text += write(cases[String(value)] ?? cases.other, locale, values);
    } else if (type === "number") {
      text += formatNumber(locale, value, format);
    } else if (value != null) {
      text += String(value);
    }
  }
  return text;
}

/** The text of one compiled message in `locale` with `values` put in. */
export function formatMessage(message: CompiledMessage | undefined, locale: string, values: MessageValues = {}): string {
  return write(message, locale, values);
}
