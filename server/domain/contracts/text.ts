/**
 * The one rule for text a client sends (issue 14 "Clean text"): no control characters (a newline only where
 * a field is multi-line) and a length cap, declared in the schema so every field that uses these gets it.
 * Links are https only.
 */
import { Type } from "typebox";

/** One line: no control characters at all. */
export const SINGLE_LINE = "^[^\\u0000-\\u001F\\u007F]*$";
/** Several lines: newlines allowed, no other control character. */
export const MULTI_LINE = "^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F]*$";
/** An https link without spaces, or nothing. */
export const HTTPS_LINK = "^(https://[^\\s\\u0000-\\u001F\\u007F]+)?$";

export const TEXT_PATTERNS: Record<string, string> = {
  [SINGLE_LINE]: "must be one line of plain text",
  [MULTI_LINE]: "must be plain text",
  [HTTPS_LINK]: "must be an https:// link",
};

export function Text({ multiLine = false, ...limits }: { maxLength: number; minLength?: number; multiLine?: boolean }) {
  return Type.String({ ...limits, pattern: multiLine ? MULTI_LINE : SINGLE_LINE });
}

export function HttpsLink(options: { maxLength: number }) {
  return Type.String({ ...options, pattern: HTTPS_LINK });
}
