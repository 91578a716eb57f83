/** Shared by the files tests: an app listening on a port (tus clients speak HTTP), uploads, reads. */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import * as tus from "tus-js-client";
import { createTestApp, type TestContext } from "../../test/helper";

export interface FilesTestContext extends TestContext {
  baseUrl: string;
  dataDir: string;
}

/** The real app on a random port with its own DATA_DIR (removed on close). */
export async function createFilesApp(env: Record<string, string> = {}): Promise<FilesTestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-files-"));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    ...t,
    baseUrl: address,
    dataDir,
    async close() {
      // Keep-alive sockets of the HTTP clients would hold the server open.
      t.app.server.closeAllConnections();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
export const encodeMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

export interface TusOptions {
  metadata: Record<string, string>;
  chunkSize?: number;
  onProgress?: (sent: number) => void;
  uploadUrl?: string;
}

/** Uploads with tus-js-client (as the browser does) and resolves with the upload URL. */
export function tusUpload(t: FilesTestContext, authorization: string, data: Buffer, opts: TusOptions) {
  return new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(data, {
      endpoint: `${t.baseUrl}/api/uploads`,
      headers: { authorization },
      metadata: opts.metadata,
      chunkSize: opts.chunkSize ?? 64 * 1024,
      retryDelays: [],
      ...(opts.uploadUrl ? { uploadUrl: opts.uploadUrl } : {}),
      storeFingerprintForResuming: false,
      onProgress: (sent) => opts.onProgress?.(sent),
      onError: reject,
      onSuccess: () => resolve(upload.url ?? ""),
    });
    upload.start();
  });
}

/** A raw tus request (for the faults a client library would not make). */
export function tusCall(
  t: FilesTestContext,
  authorization: string | undefined,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return fetch(`${t.baseUrl}${url}`, {
    method,
    headers: { "tus-resumable": "1.0.0", ...(authorization ? { authorization } : {}), ...headers },
    ...(body ? { body } : {}),
  });
}

export const uuidOf = (uploadUrl: string) => uploadUrl.split("/").pop() ?? "";

export { type Cast, createCast } from "../conversations/test-fixtures";

/** A zip archive of the given entries (deflated), written by hand: enough for the scanner tests. */
export function zip(entries: Record<string, Buffer>, store = false): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = store ? data : deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
