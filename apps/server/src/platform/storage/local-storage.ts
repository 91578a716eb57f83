/** Files in a folder (DATA_DIR/files): tus's FileStore writes `{id}` and `{id}.json` beside it. */
import { createReadStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { Upload } from "@tus/server";
import { type ByteRange, type Storage, spool } from "./storage";

/** Object ids are uuids: anything else never reaches the file system. */
const SAFE_ID = /^[0-9a-f-]{36}$/;

export class LocalStorage implements Storage {
  readonly kind = "local";
  private store: FileStore | undefined;
  private readonly spoolDir: string;

  constructor(
    private readonly directory: string,
    private readonly expirationMs: number,
  ) {
    this.spoolDir = path.join(directory, ".spool");
  }

  /** Made on first use: FileStore creates its folder, which an app that stores nothing need not have. */
  get tusStore(): FileStore {
    this.store ??= new FileStore({
      directory: this.directory,
      expirationPeriodInMilliseconds: this.expirationMs,
    });
    return this.store;
  }

  private pathOf(id: string): string {
    if (!SAFE_ID.test(id)) throw new Error(`not a storage id: ${id}`);
    return path.join(this.directory, id);
  }

  async put(id: string, source: Readable, maxBytes: number): Promise<number> {
    const target = this.pathOf(id);
    const spooled = await spool(source, this.spoolDir, maxBytes);
    try {
      await rename(spooled.path, target);
    } catch (err) {
      await spooled.remove();
      throw err;
    }
    // The tus side knows it as a finished upload (HEAD answers its length, expiry leaves it).
    await this.tusStore.configstore.set(
      id,
      new Upload({ id, size: spooled.size, offset: spooled.size, creation_date: new Date().toISOString() }),
    );
    return spooled.size;
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(id);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(id: string) {
    try {
      const s = await stat(this.pathOf(id));
      return s.isFile() ? { size: s.size } : undefined;
    } catch {
      return undefined;
    }
  }

  async delete(id: string): Promise<void> {
    const file = this.pathOf(id);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }

  async withLocalFile<T>(id: string, fn: (path: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(id);
    await stat(file);
    return fn(file);
  }

  async received(id: string): Promise<number | undefined> {
    try {
      return (await this.tusStore.getUpload(id)).offset;
    } catch {
      return undefined;
    }
  }
}
