/**
 * Multipart requests (the store's only uploads: product images, shop logos). `installMultipart` registers
 * @fastify/multipart in the calling plugin only, with the limits of server/domain/images.ts; `readMultipart`
 * reads a request's text fields and files into memory, refusing with a clear 4xx (413 too large or too many,
 * 415 not multipart) before the route does anything.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IMAGE_MESSAGES, UPLOAD_LIMITS, UploadRejectedError } from "../domain/images";
import type { Translatable } from "../domain/serverMessages";

export interface MultipartFile {
  /** The form field it came in, e.g. `file-0`. The client's file name and MIME type are not kept. */
  field: string;
  buffer: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export async function installMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: UPLOAD_LIMITS.fileBytes,
      files: UPLOAD_LIMITS.files,
      fieldSize: UPLOAD_LIMITS.fieldBytes,
      fields: UPLOAD_LIMITS.fields,
      parts: UPLOAD_LIMITS.files + UPLOAD_LIMITS.fields,
      fieldNameSize: 100,
      headerPairs: 200,
    },
  });
}

const LIMIT_TEXTS: Record<string, [number, Translatable]> = {
  FST_REQ_FILE_TOO_LARGE: [413, IMAGE_MESSAGES.tooManyBytes],
  FST_FILES_LIMIT: [413, IMAGE_MESSAGES.tooManyFiles],
  FST_FIELDS_LIMIT: [413, IMAGE_MESSAGES.tooManyFields],
  FST_PARTS_LIMIT: [413, IMAGE_MESSAGES.tooManyFields],
};

/** Reads every part; a later field of the same name replaces an earlier one. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new UploadRejectedError(415, "NOT_MULTIPART", IMAGE_MESSAGES.notMultipart);
  const fields: Record<string, string> = Object.create(null);
  const files: MultipartFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        files.push({ field: part.fieldname, buffer: await part.toBuffer() });
      } else {
        if (part.valueTruncated) throw new UploadRejectedError(413, "FIELD_TOO_LONG", IMAGE_MESSAGES.fieldTooLong);
        fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const limit = code ? LIMIT_TEXTS[code] : undefined;
    if (limit) throw new UploadRejectedError(limit[0] as 413, code!, limit[1]);
    throw error;
  }
  return { fields: { ...fields }, files };
}
