/**
 * The scanner used without ClamAV: a size limit, the EICAR signature anywhere in the bytes, and
 * zip archives opened entry by entry (streaming, never whole in memory) under a zip-bomb guard:
 * compression ratio, total uncompressed bytes, number of entries and nesting depth. An archive
 * inside an archive is spooled to a temporary file within the same budget and scanned in turn.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { EICAR, EICAR_SIGNATURE, type Scanner, type ScanVerdict } from "./scanner";

export interface ArchiveLimits {
  /** Uncompressed bytes over all entries of all nested archives. */
  maxUncompressedBytes: number;
  maxEntries: number;
  /** An archive inside an archive is depth 2. */
  maxDepth: number;
  /** Uncompressed / compressed of one entry above this (and above 1 MiB) is a bomb. */
  maxRatio: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxUncompressedBytes: 4 * 1024 ** 3,
  maxEntries: 10_000,
  maxDepth: 4,
  maxRatio: 200,
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EICAR_BYTES = Buffer.from(EICAR, "latin1");
export const ZIP_BOMB = "Heuristics.Zip.Bomb";

/** Found something: stops every stream at once. */
class Detected extends Error {
  constructor(readonly verdict: ScanVerdict) {
    super(verdict.status);
  }
}

/** Looks for the signature across chunk boundaries, keeping only its length of the previous chunk. */
function signatureMatcher() {
  let tail: Buffer = Buffer.alloc(0);
  return new Writable({
    write(chunk: Buffer, _enc, callback) {
      const window = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      if (window.includes(EICAR_BYTES)) {
        return callback(new Detected({ status: "FOUND", threat: EICAR_SIGNATURE }));
      }
      tail = window.subarray(Math.max(0, window.length - EICAR_BYTES.length + 1));
      callback();
    },
  });
}

async function startsWithZip(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.equals(ZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

const entryStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

interface Budget {
  uncompressed: number;
  entries: number;
}

export class BuiltinScanner implements Scanner {
  readonly name = "built-in";

  constructor(
    private readonly maxBytes: number,
    private readonly limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
  ) {}

  async scan(file: string, size: number): Promise<ScanVerdict> {
    if (size > this.maxBytes) return { status: "SIZE_TOO_BIG" };
    const work = await mkdtemp(path.join(tmpdir(), "portico-scan-"));
    try {
      await this.scanFile(file, 1, { uncompressed: 0, entries: 0 }, work);
      return { status: "OK" };
    } catch (err) {
      if (err instanceof Detected) return err.verdict;
      throw err;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async scanFile(file: string, depth: number, budget: Budget, work: string): Promise<void> {
    await pipeline(createReadStream(file), signatureMatcher());
    if (await startsWithZip(file)) await this.scanZip(file, depth, budget, work);
  }

  private async scanZip(file: string, depth: number, budget: Budget, work: string): Promise<void> {
    if (depth > this.limits.maxDepth) throw new Detected({ status: "SIZE_TOO_BIG" });
    let zip: ZipFile;
    try {
      zip = await openZip(file);
    } catch {
      // Not a readable archive after all: its raw bytes were scanned already.
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => {
        zip.close();
        reject(err);
      };
      zip.on("error", fail);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        this.scanEntry(zip, entry, depth, budget, work).then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  }

  private async scanEntry(zip: ZipFile, entry: Entry, depth: number, budget: Budget, work: string) {
    budget.entries += 1;
    if (budget.entries > this.limits.maxEntries) throw new Detected({ status: "SIZE_TOO_BIG" });
    if (entry.fileName.endsWith("/")) return;
    const { uncompressedSize: full, compressedSize: packed } = entry;
    if (full > 1024 * 1024 && full / Math.max(1, packed) > this.limits.maxRatio) {
      throw new Detected({ status: "FOUND", threat: ZIP_BOMB });
    }
    if (budget.uncompressed + full > this.limits.maxUncompressedBytes) {
      throw new Detected({ status: "SIZE_TOO_BIG" });
    }
    budget.uncompressed += full;
    // Spooled to disk: the entry may itself be an archive, which needs random access to open.
    const copy = path.join(work, `${depth}-${budget.entries}`);
    // yauzl checks the entry's real size against its header (validateEntrySizes): a lying
    // header fails the stream instead of exceeding the budget.
    await pipeline(await entryStream(zip, entry), createWriteStream(copy));
    try {
      await this.scanFile(copy, depth + 1, budget, work);
    } finally {
      await rm(copy, { force: true });
    }
  }
}
