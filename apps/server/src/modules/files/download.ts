/** Streams a file's bytes with HTTP Range (one range: 206; unsatisfiable: 416), as a user file. */
import type { FastifyReply } from "fastify";
import type { FileRow } from "../../db/schema";
import { HttpError } from "../../platform/errors";
import type { ByteRange, Storage } from "../../platform/storage";
import { userFileHeaders, VIEWABLE_TYPES } from "../../platform/user-files";
import type { Disposition } from "./signed-url";

const NOTHING_INLINE: ReadonlySet<string> = new Set();

/**
 * The range asked for, clamped to the file; undefined for the whole file (no header, or several
 * ranges, which a server may answer whole); "unsatisfiable" when it lies outside the file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | undefined | "unsatisfiable" {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(",") ? undefined : "unsatisfiable";
  const [, from, to] = match;
  if (from === "" && to === "") return "unsatisfiable";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

export async function sendFile(
  reply: FastifyReply,
  storage: Storage,
  file: FileRow,
  disposition: Disposition,
  rangeHeader: string | undefined,
) {
  const range = parseRange(rangeHeader, file.size);
  const inline = disposition === "inline" ? VIEWABLE_TYPES : NOTHING_INLINE;
  reply.headers({ ...userFileHeaders(file.mime, file.storedName, { inline }), "accept-ranges": "bytes" });
  if (range === "unsatisfiable") {
    throw new HttpError(416, "The requested range is outside the file", undefined, {
      "content-range": `bytes */${file.size}`,
    });
  }
  const stream = await storage.read(file.uuid, range);
  if (!range) return reply.header("content-length", file.size).send(stream);
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${file.size}`)
    .header("content-length", range.end - range.start + 1)
    .send(stream);
}
