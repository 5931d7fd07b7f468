/**
 * What an uploaded picture may be (product images, shop logos): the only files the store accepts, so the
 * limits and the kinds are decided here, once, and read by the HTTP layer and the image store.
 */

import { formatEnglish, textOf } from "./errors";
import type { MessageValues, ServerMessage, Translatable } from "./serverMessages";

/** Pictures travel in multipart requests with these limits (server/http/multipart.ts enforces them). */
export const UPLOAD_LIMITS = {
  /** Bytes of one file. */
  fileBytes: 10 * 1024 * 1024,
  /** Files in one request. */
  files: 10,
  /** Bytes of one text field: room for the longest form field (5 000 characters of Thai is ~15 KB of UTF-8). */
  fieldBytes: 16 * 1024,
  /** Text fields in one request. */
  fields: 40,
} as const;

/** Decoding a bigger picture would take more memory than a photo deserves (40 megapixels ≈ 160 MB RGBA). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The kinds accepted, told by their first bytes; the name and the client's MIME type are never believed. */
export type ImageKind = "jpeg" | "png" | "webp";

export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // RIFF....WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/** Why an upload is refused, to be said in the uploader's language. */
export const IMAGE_MESSAGES = {
  empty: textOf("The image file is empty."),
  unsupported: textOf("Unsupported image type: only JPEG, PNG and WebP pictures are accepted."),
  damaged: textOf("The image file is damaged or incomplete."),
  tooManyPixels: textOf("The image is too large: at most {max} megapixels.", { max: MAX_IMAGE_PIXELS / 1_000_000 }),
  tooManyBytes: textOf("The image is too large: at most {max} MB a file.", { max: UPLOAD_LIMITS.fileBytes / 1024 / 1024 }),
  tooManyFiles: textOf("Too many files: at most {max} in one request.", { max: UPLOAD_LIMITS.files }),
  tooManyFields: textOf("Too many fields in one request."),
  fieldTooLong: textOf("A field is too long: at most {max} KB.", { max: UPLOAD_LIMITS.fieldBytes / 1024 }),
  notMultipart: textOf("Send this request as multipart/form-data."),
} as const;

/** The same in English. */
export const IMAGE_TEXTS = Object.fromEntries(
  Object.entries(IMAGE_MESSAGES).map(([key, text]) => [key, formatEnglish(text.messageId, text.values)]),
) as Record<keyof typeof IMAGE_MESSAGES, string>;

/**
 * An upload refused before anything was written. Not a DomainError: its statuses (413 too large,
 * 415 unsupported type) are HTTP's own words for it, and the error handler answers any 4xx error carrying a
 * `statusCode` with `{ error: code, message }`.
 */
export class UploadRejectedError extends Error implements Translatable {
  readonly messageId: ServerMessage;
  readonly values: MessageValues;
  constructor(
    readonly statusCode: 400 | 413 | 415,
    readonly code: string,
    text: Translatable,
  ) {
    super(formatEnglish(text.messageId, text.values));
    this.messageId = text.messageId;
    this.values = text.values;
  }
}
