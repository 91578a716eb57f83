/**
 * Serving what users uploaded (pictures today, files and attachments later) so that a browser
 * never runs it: the type comes from the stored bytes' sniffed type, `nosniff` stops the browser
 * from guessing another, only the raster image types are shown inline (never HTML or SVG), and a
 * closed CSP with `sandbox` covers the answer even if it were opened as a page.
 */
import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { USER_FILE_CSP } from "./security-headers";

/** Shown inline: images that cannot carry script. SVG is an XML document and is not one of them. */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/**
 * What a viewer who asks to view a file (is_view) gets inline: the raster images and PDF, which
 * the browser's own viewer shows. Everything else, HTML and SVG above all, is a download.
 */
export const VIEWABLE_TYPES: ReadonlySet<string> = new Set([...INLINE_TYPES, "application/pdf"]);

const baseType = (contentType: string) => contentType.split(";")[0]?.trim().toLowerCase() ?? "";

/** `inline` for the types in `inline` (raster images by default), `attachment` for everything else; the name is made ASCII-safe. */
export function contentDisposition(
  contentType: string,
  filename: string,
  inline: ReadonlySet<string> = INLINE_TYPES,
): string {
  const disposition = inline.has(baseType(contentType)) ? "inline" : "attachment";
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
  data: Buffer | Readable;
  /** Cache-Control; private by default, since access is checked per viewer. */
  cacheControl?: string;
}

/**
 * A PDF shown inline gets the closed policy without `sandbox`: the browser's PDF viewer refuses
 * to run in a sandboxed document. It still loads nothing and cannot be framed.
 */
export const PDF_VIEW_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers of every answer carrying a user's bytes. */
export function userFileHeaders(
  contentType: string,
  filename: string,
  options: { inline?: ReadonlySet<string>; cacheControl?: string } = {},
): Record<string, string> {
  const disposition = contentDisposition(contentType, filename, options.inline);
  const inlinePdf = disposition.startsWith("inline") && baseType(contentType) === "application/pdf";
  return {
    "content-type": contentType,
    "content-disposition": disposition,
    "x-content-type-options": "nosniff",
    "content-security-policy": inlinePdf ? PDF_VIEW_CSP : USER_FILE_CSP,
    "cache-control": options.cacheControl ?? "private, no-cache",
  };
}

export function sendUserFile(reply: FastifyReply, file: UserFile) {
  const headers = userFileHeaders(file.contentType, file.filename, {
    cacheControl: file.cacheControl ?? "private, no-cache",
  });
  return reply.headers(headers).send(file.data);
}
