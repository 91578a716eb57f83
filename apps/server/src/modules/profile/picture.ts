import { PROFILE_PICTURE_MAX_BYTES } from "@portico/shared/schemas/profile";

/** The type is read from the file's first bytes: a client's declared type is not trusted. */
export function sniffImageType(data: Buffer): string | undefined {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "image/png";
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return undefined;
}

export const PICTURE_TOO_LARGE = `The picture must be at most ${PROFILE_PICTURE_MAX_BYTES / 1024 / 1024} MiB`;
export const PICTURE_WRONG_TYPE = "The picture must be a PNG, JPEG, GIF or WebP image";
