/** Builds a multipart/form-data body for app.inject, as a browser's FormData would send it. */
import { randomBytes } from "node:crypto";

export interface MultipartFilePart {
  field: string;
  buffer: Buffer;
  /** What the client claims; the server must not believe it. */
  filename?: string;
  contentType?: string;
}

export function multipartBody(
  fields: Record<string, string | number>,
  files: MultipartFilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----storeTest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? "photo.jpg"}"\r\n` +
          `Content-Type: ${file.contentType ?? "image/jpeg"}\r\n\r\n`,
      ),
      file.buffer,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
