/**
 * The tus checksum extension (@tus/server has none): a PATCH with `Upload-Checksum: <algo>
 * <base64>` is spooled to disk while hashed, and only a matching chunk is handed to the real
 * store; a mismatch answers 460 and the chunk is discarded, so the upload's offset stays where it
 * was. Without the header, the bytes stream straight to the store. Every other call is passed on.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { DataStore, type Upload } from "@tus/server";
import { spool } from "../../platform/storage";

export const CHECKSUM_ALGORITHMS = ["sha1", "sha256", "md5"] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

export interface ExpectedChecksum {
  algorithm: ChecksumAlgorithm;
  digest: Buffer;
}

/** The checksum the current request announced (set around the tus handler). */
export const requestChecksum = new AsyncLocalStorage<ExpectedChecksum | undefined>();

export const CHECKSUM_MISMATCH = { status_code: 460, body: "Checksum Mismatch" };

/** Parses `Upload-Checksum`; undefined when absent, an error message when malformed or unsupported. */
export function parseChecksumHeader(value: string | undefined): ExpectedChecksum | string | undefined {
  if (value === undefined) return undefined;
  const [algorithm, encoded, ...rest] = value.trim().split(/\s+/);
  if (!CHECKSUM_ALGORITHMS.includes(algorithm as ChecksumAlgorithm)) {
    return `Upload-Checksum algorithm must be one of ${CHECKSUM_ALGORITHMS.join(", ")}`;
  }
  if (!encoded || rest.length > 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    return "Upload-Checksum must be an algorithm and a Base64 digest";
  }
  return { algorithm: algorithm as ChecksumAlgorithm, digest: Buffer.from(encoded, "base64") };
}

export class ChecksumStore extends DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly spoolDir: string,
    /** Runs once a cancelled upload's bytes are gone, before tus answers the DELETE. */
    private readonly afterRemove: (id: string) => Promise<void> = async () => undefined,
  ) {
    super();
    // Lengths must be announced (quota and limits are checked at creation): no deferred length.
    this.extensions = [...inner.extensions.filter((e) => e !== "creation-defer-length"), "checksum"];
  }

  override create(file: Upload) {
    return this.inner.create(file);
  }
  override async remove(id: string) {
    await this.inner.remove(id);
    await this.afterRemove(id);
  }
  override getUpload(id: string) {
    return this.inner.getUpload(id);
  }
  override declareUploadLength(id: string, length: number) {
    return this.inner.declareUploadLength(id, length);
  }
  override deleteExpired() {
    return this.inner.deleteExpired();
  }
  override getExpiration() {
    return this.inner.getExpiration();
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const expected = requestChecksum.getStore();
    if (!expected) return this.inner.write(stream, id, offset);
    const chunk = await spool(stream, this.spoolDir, Number.MAX_SAFE_INTEGER, expected.algorithm);
    try {
      if (!chunk.digest?.equals(expected.digest)) throw CHECKSUM_MISMATCH;
      return await this.inner.write(createReadStream(chunk.path), id, offset);
    } finally {
      await chunk.remove();
    }
  }
}
