/**
 * Where uploaded bytes live: a folder (DATA_DIR/files) by default, an S3 bucket when S3_* are set.
 * One interface serves tus uploads, whole-object uploads (forms, scripts), downloads with ranges,
 * scanning, purging and profile pictures, so every path reads and writes the same objects.
 *
 * Nothing half-written is ever visible under an object's key to a reader that goes through the
 * files table: tus uploads are served only once complete, and whole objects are spooled to a
 * temporary file first and moved into place (or sent to S3) only when every byte has arrived.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DataStore } from "@tus/server";

/** Inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  readonly kind: "local" | "s3";
  /** The tus data store writing into this storage (resumable uploads). */
  readonly tusStore: DataStore;
  /** Stores a whole object from a stream; refuses (TooLargeError) more than `maxBytes`. */
  put(id: string, source: Readable, maxBytes: number): Promise<number>;
  /** The object's bytes, or the range of them. */
  read(id: string, range?: ByteRange): Promise<Readable>;
  /** The stored object's size, undefined when there is none. */
  stat(id: string): Promise<{ size: number } | undefined>;
  /** Removes the object and any unfinished upload state; nothing there is not an error. */
  delete(id: string): Promise<void>;
  /** Bytes received so far of an unfinished upload; undefined when the upload is unknown. */
  received(id: string): Promise<number | undefined>;
  /** Runs `fn` with the object as a file on the local disk (S3: a temporary copy, removed after). */
  withLocalFile<T>(id: string, fn: (path: string) => Promise<T>): Promise<T>;
}

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

/** Counts (and optionally hashes) what passes and fails past `maxBytes`. */
export class Meter extends Transform {
  bytes = 0;
  private readonly hash;

  constructor(
    private readonly maxBytes: number,
    algorithm?: string,
  ) {
    super();
    this.hash = algorithm ? createHash(algorithm) : undefined;
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (err?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new TooLargeError(this.maxBytes));
    this.hash?.update(chunk);
    callback(null, chunk);
  }

  digest(): Buffer | undefined {
    return this.hash?.digest();
  }
}

export interface Spooled {
  path: string;
  size: number;
  /** Digest of the bytes when an algorithm was asked for. */
  digest: Buffer | undefined;
  remove(): Promise<void>;
}

/**
 * Writes a stream to a temporary file in `dir` (on disk, never in memory), counting and hashing
 * it; the file is removed again when anything fails.
 */
export async function spool(
  source: Readable,
  dir: string,
  maxBytes: number,
  algorithm?: string,
): Promise<Spooled> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.part`);
  const remove = () => rm(file, { force: true });
  const meter = new Meter(maxBytes, algorithm);
  try {
    await pipeline(source, meter, createWriteStream(file));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path: file, size: meter.bytes, digest: meter.digest(), remove };
}
