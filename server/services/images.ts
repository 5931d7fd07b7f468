/**
 * Uploaded pictures, treated as hostile: the kind is read from the bytes (never the name or the client's
 * MIME type), the size in pixels from the header before anything is decoded, and every picture is decoded
 * and re-encoded by sharp (orientation applied, metadata dropped) into WebP files with names made here.
 *
 * Two steps, so that bad input writes nothing: `prepare*` checks and encodes in memory (a bad picture
 * throws before any file exists), `write` puts prepared files on disk (removing what it wrote if a later
 * write fails). Callers check every file of a request first, then write before or after their unit of work,
 * never inside it (a unit does database work only), and remove what they wrote when the unit fails.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type sharpModule from "sharp";
import { IMAGE_MESSAGES, imageKindOf, MAX_IMAGE_PIXELS, UploadRejectedError } from "../domain/images";

export type UploadOwner = "product" | "shop";

/** The gallery picture (≤ 1600 px) and the card picture (480 px wide, ≈ 20–40 KB for a photo). */
const LARGE_PX = 1600;
const CARD_PX = 480;
const LOGO_PX = 512;
const LARGE_QUALITY = 80;
const CARD_QUALITY = 62;
const LOGO_QUALITY = 82;

/** One encoded file waiting to be written: its server-made name and its bytes. */
export interface PreparedFile {
  filename: string;
  bytes: Buffer;
}

export interface PreparedProductImage {
  filename: string;
  card_filename: string;
  files: PreparedFile[];
}

export interface PreparedShopLogo {
  filename: string;
  files: PreparedFile[];
}

export interface ImageStore {
  /** Checks and encodes a product picture in memory; throws UploadRejectedError (nothing written) when it is not one. */
  prepareProductImage(buffer: Buffer): Promise<PreparedProductImage>;
  prepareShopLogo(buffer: Buffer): Promise<PreparedShopLogo>;
  /** Writes prepared files under uploads/{kind}/{ownerId}/; on a failure removes what it wrote and throws. */
  write(kind: UploadOwner, ownerId: number, files: PreparedFile[]): Promise<void>;
  /** Removes files of one owner; a file already gone is fine. Names are reduced to their base name. */
  removeFiles(kind: UploadOwner, ownerId: number, filenames: Array<string | null>): Promise<void>;
}

const fileName = (suffix = "") => `${randomBytes(12).toString("base64url")}${suffix}.webp`;

/**
 * sharp, loaded at the first upload: it and libvips hold ~20 MB of memory that a store whose admins upload
 * nothing today need not hold (issue 23).
 */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpOf = () => (loaded ??= import("sharp").then((m) => m.default));

/** sharp with the decoder's own guards: truncated data fails (minor warnings of odd cameras do not), and no more than 40 MP is decoded. */
const decoder = async (buffer: Buffer) =>
  (await sharpOf())(buffer, { failOn: "truncated", limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true });

/** Reads the kind from the bytes and the size from the header; refuses before any pixel is decoded. */
async function inspect(buffer: Buffer): Promise<void> {
  if (buffer.length === 0) throw new UploadRejectedError(400, "IMAGE_EMPTY", IMAGE_MESSAGES.empty);
  const kind = imageKindOf(buffer);
  if (!kind) throw new UploadRejectedError(415, "IMAGE_TYPE_UNSUPPORTED", IMAGE_MESSAGES.unsupported);
  let metadata: sharpModule.Metadata;
  const sharp = await sharpOf();
  try {
    // The header only: no pixel is decoded here, so sharp's own pixel limit is not needed to read the size.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejectedError(400, "IMAGE_UNREADABLE", IMAGE_MESSAGES.damaged);
  }
  // The header and the first bytes must agree: a file that starts like one kind and parses as another is a polyglot.
  if (metadata.format !== kind) throw new UploadRejectedError(415, "IMAGE_TYPE_UNSUPPORTED", IMAGE_MESSAGES.unsupported);
  const { width, height } = metadata;
  if (!width || !height) throw new UploadRejectedError(400, "IMAGE_UNREADABLE", IMAGE_MESSAGES.damaged);
  if (width * height > MAX_IMAGE_PIXELS) throw new UploadRejectedError(413, "IMAGE_TOO_LARGE", IMAGE_MESSAGES.tooManyPixels);
}

async function encode(buffer: Buffer, maxPx: number, quality: number, fit: "width" | "inside"): Promise<Buffer> {
  await sharpOf(); // a failure to load sharp is the server's, not a damaged picture
  try {
    const resize =
      fit === "width"
        ? { width: maxPx, withoutEnlargement: true }
        : { width: maxPx, height: maxPx, fit: "inside" as const, withoutEnlargement: true };
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF, GPS and ICC go.
    return await (await decoder(buffer)).rotate().resize(resize).webp({ quality, effort: 4 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new UploadRejectedError(413, "IMAGE_TOO_LARGE", IMAGE_MESSAGES.tooManyPixels);
    }
    throw new UploadRejectedError(400, "IMAGE_UNREADABLE", IMAGE_MESSAGES.damaged);
  }
}

export function createImageStore({ uploadsDir }: { uploadsDir: string }): ImageStore {
  const folderOf = (kind: UploadOwner, ownerId: number) => join(uploadsDir, kind, String(Math.trunc(ownerId)));

  const store: ImageStore = {
    async prepareProductImage(buffer) {
      await inspect(buffer);
      const large = await encode(buffer, LARGE_PX, LARGE_QUALITY, "inside");
      const card = await encode(buffer, CARD_PX, CARD_QUALITY, "width");
      const filename = fileName();
      const card_filename = fileName("-card");
      return { filename, card_filename, files: [{ filename, bytes: large }, { filename: card_filename, bytes: card }] };
    },

    async prepareShopLogo(buffer) {
      await inspect(buffer);
      const logo = await encode(buffer, LOGO_PX, LOGO_QUALITY, "inside");
      const filename = fileName();
      return { filename, files: [{ filename, bytes: logo }] };
    },

    async write(kind, ownerId, files) {
      if (files.length === 0) return;
      const folder = folderOf(kind, ownerId);
      const written: string[] = [];
      try {
        await mkdir(folder, { recursive: true });
        for (const file of files) {
          // "wx": a server-made name never replaces a file.
          await writeFile(join(folder, basename(file.filename)), file.bytes, { flag: "wx" });
          written.push(file.filename);
        }
      } catch (error) {
        await store.removeFiles(kind, ownerId, written);
        throw error;
      }
    },

    async removeFiles(kind, ownerId, filenames) {
      const folder = folderOf(kind, ownerId);
      await Promise.all(
        filenames
          .filter((name): name is string => typeof name === "string" && name.length > 0)
          .map((name) => rm(join(folder, basename(name)), { force: true })),
      );
    },
  };
  return store;
}
