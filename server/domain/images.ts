/**
 * What an uploaded picture may be (product images, shop logos): the only files the store accepts, so the
 * limits and the kinds are decided here, once, and read by the HTTP layer and the image store.
 */

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

export const IMAGE_TEXTS = {
  empty: "The image file is empty.",
  unsupported: "Unsupported image type: only JPEG, PNG and WebP pictures are accepted.",
  damaged: "The image file is damaged or incomplete.",
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  tooManyBytes: `The image is too large: at most ${UPLOAD_LIMITS.fileBytes / 1024 / 1024} MB a file.`,
  tooManyFiles: `Too many files: at most ${UPLOAD_LIMITS.files} in one request.`,
  tooManyFields: "Too many fields in one request.",
  fieldTooLong: `A field is too long: at most ${UPLOAD_LIMITS.fieldBytes / 1024} KB.`,
  notMultipart: "Send this request as multipart/form-data.",
} as const;

/**
 * An upload refused before anything was written. Not a DomainError: its statuses (413 too large,
 * 415 unsupported type) are HTTP's own words for it, and the error handler answers any 4xx error carrying a
 * `statusCode` with `{ error: code, message }`.
 */
export class UploadRejectedError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
