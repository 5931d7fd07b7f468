/**
 * The one rule for text a client sends (issue 14 "Clean text") as plain patterns: `contracts/text.ts` puts them
 * in the schemas, and rules the webapp also runs (the admin's product form) test them without TypeBox.
 */

/** One line: no control characters at all. */
export const SINGLE_LINE = "^[^\\u0000-\\u001F\\u007F]*$";
/** Several lines: newlines allowed, no other control character. */
export const MULTI_LINE = "^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F]*$";
/** An https link without spaces, or nothing. */
export const HTTPS_LINK = "^(https://[^\\s\\u0000-\\u001F\\u007F]+)?$";
