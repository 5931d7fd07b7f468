/**
 * The one rule for text a client sends (issue 14 "Clean text"): no control characters (a newline only where
 * a field is multi-line) and a length cap, declared in the schema so every field that uses these gets it.
 * Links are https only.
 */
import { Type } from "typebox";
import type { ServerMessage } from "../serverMessages";
import { HTTPS_LINK, MULTI_LINE, SINGLE_LINE } from "../textRules";

export { HTTPS_LINK, MULTI_LINE, SINGLE_LINE };

/** What a field that breaks each pattern is told (server/domain/serverMessages.ts). */
export const TEXT_PATTERNS: Record<string, ServerMessage> = {
  [SINGLE_LINE]: "{param} must be one line of plain text",
  [MULTI_LINE]: "{param} must be plain text",
  [HTTPS_LINK]: "{param} must be an https:// link",
};

export function Text({ multiLine = false, ...limits }: { maxLength: number; minLength?: number; multiLine?: boolean }) {
  return Type.String({ ...limits, pattern: multiLine ? MULTI_LINE : SINGLE_LINE });
}

export function HttpsLink(options: { maxLength: number }) {
  return Type.String({ ...options, pattern: HTTPS_LINK });
}
