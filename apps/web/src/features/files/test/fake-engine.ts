/** An UploadEngine that moves only when the test says so: progress, success and failure on demand. */
import { vi } from "vitest";
import type { StoredUpload, Transfer, TransferCallbacks, UploadEngine } from "../uploads/upload-store";

export interface FakeTransfer extends Transfer {
  file: File;
  metadata: Record<string, string>;
  callbacks: TransferCallbacks;
  resume: StoredUpload | null;
  started: boolean;
  /** The `terminate` argument of abort(), null while not aborted. */
  terminated: boolean | null;
}

export function fakeEngine(stored: StoredUpload[] = [], offsets: Record<string, number> = {}) {
  const transfers: FakeTransfer[] = [];
  const discard = vi.fn(async (_stored: StoredUpload) => undefined);
  const engine: UploadEngine = {
    create(file, metadata, callbacks, resume) {
      const transfer: FakeTransfer = {
        file,
        metadata,
        callbacks,
        resume,
        started: false,
        terminated: null,
        start() {
          transfer.started = true;
        },
        async abort(terminate) {
          transfer.terminated = terminate;
        },
      };
      transfers.push(transfer);
      return transfer;
    },
    listStored: async () => stored,
    offsetOf: async (record) => offsets[record.key] ?? null,
    discard,
  };
  return { engine, transfers, discard, last: () => transfers.at(-1) as FakeTransfer };
}

export function fileOf(name: string, size: number, type = "application/octet-stream"): File {
  return new File([new Uint8Array(size)], name, { type });
}

export const storedUpload = (key: string, size: number, metadata: Record<string, string>): StoredUpload => ({
  key,
  uploadUrl: `/api/uploads/${key}`,
  size,
  metadata,
});
