/**
 * Files in an S3 bucket: tus's S3Store turns each PATCH into parts of a multipart upload, and the
 * object `{id}` appears only when the upload completes (S3 makes nothing of a multipart upload
 * visible before that). `{id}.info` holds tus's state, `{id}.part` an unfinished small part.
 */

import { createReadStream } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { S3 } from "@aws-sdk/client-s3";
import { S3Store } from "@tus/s3-store";
import { type ByteRange, type Storage, spool } from "./storage";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

const notFound = (err: unknown) => {
  const name = (err as { name?: string }).name;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NotFound" || name === "NoSuchKey" || status === 404;
};

export class S3Storage implements Storage {
  readonly kind = "s3";
  readonly tusStore: S3Store;
  private readonly client: S3;
  private readonly bucket: string;
  private readonly spoolDir = path.join(tmpdir(), "portico-spool");

  constructor(settings: S3Settings, expirationMs: number) {
    const clientConfig = {
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default streams bodies as aws-chunked with
      // a trailing checksum, which S3-compatible servers other than AWS may store as the body.
      requestChecksumCalculation: "WHEN_REQUIRED" as const,
      responseChecksumValidation: "WHEN_REQUIRED" as const,
    };
    this.bucket = settings.bucket;
    this.client = new S3(clientConfig);
    this.tusStore = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: expirationMs,
      // Expiry is the files module's job (a durable job per upload); no bucket lifecycle needed.
      useTags: false,
      s3ClientConfig: { bucket: settings.bucket, ...clientConfig },
    });
  }

  async put(id: string, source: Readable, maxBytes: number): Promise<number> {
    // S3 must know the length before it takes a stream: spool it to disk first, then one PUT
    // (the object appears whole or not at all).
    const spooled = await spool(source, this.spoolDir, maxBytes);
    try {
      await this.client.putObject({
        Bucket: this.bucket,
        Key: id,
        Body: createReadStream(spooled.path),
        ContentLength: spooled.size,
      });
      return spooled.size;
    } finally {
      await spooled.remove();
    }
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    const res = await this.client.getObject({
      Bucket: this.bucket,
      Key: id,
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    const body = res.Body;
    if (!body) throw new Error(`no body for ${id}`);
    return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
  }

  async stat(id: string) {
    try {
      const head = await this.client.headObject({ Bucket: this.bucket, Key: id });
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async delete(id: string): Promise<void> {
    // An unfinished multipart upload is aborted by tus's remove; a finished one has nothing to abort.
    await this.tusStore.remove(id).catch(() => undefined);
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
    });
  }

  async withLocalFile<T>(id: string, fn: (path: string) => Promise<T>): Promise<T> {
    const copy = await spool(await this.read(id), this.spoolDir, Number.MAX_SAFE_INTEGER);
    try {
      return await fn(copy.path);
    } finally {
      await copy.remove();
    }
  }

  async received(id: string): Promise<number | undefined> {
    try {
      return (await this.tusStore.getUpload(id)).offset;
    } catch {
      return undefined;
    }
  }
}
