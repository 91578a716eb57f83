/**
 * Serving what users uploaded (pictures today, files and attachments later) so that a browser
 * never runs it: the type comes from the stored bytes' sniffed type, `nosniff` stops the browser
 * from guessing another, only the raster image types are shown inline (never HTML or SVG), and a
 * closed CSP with `sandbox` covers the answer even if it were opened as a page.
 */
import type { FastifyReply } from "fastify";
import { USER_FILE_CSP } from "./security-headers";

/** Shown inline: images that cannot carry script. SVG is an XML document and is not one of them. */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/** `inline` for the raster image types, `attachment` for everything else; the name is made ASCII-safe. */
export function contentDisposition(contentType: string, filename: string): string {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const disposition = INLINE_TYPES.has(type) ? "inline" : "attachment";
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return ascii === filename
    ? `${disposition}; filename="${filename}"`
    : `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface UserFile {
  /** Sniffed from the bytes when stored, never the client's declared type. */
  contentType: string;
  filename: string;
  data: Buffer;
  /** Cache-Control; private by default, since access is checked per viewer. */
  cacheControl?: string;
}

export function sendUserFile(reply: FastifyReply, file: UserFile) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(file.contentType, file.filename))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", USER_FILE_CSP)
    .header("cache-control", file.cacheControl ?? "private, no-cache")
    .send(file.data);
}
