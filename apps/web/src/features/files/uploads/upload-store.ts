/**
 * The tab's uploads: one entry per upload (spec §4: uploading, cancelled, completed, each with a
 * percentage; plus failed with Retry and interrupted with Resume). Uploads run outside React so
 * they go on while the user moves between screens; the upload panel in the shell shows them.
 * The transfer itself is an UploadEngine (tus in the browser, a fake in tests).
 */
import type { FileType } from "@portico/shared/schemas/files";
import { type EntryFigures, nextSpeed, percentOf, type SpeedSample, type UploadStatus } from "./progress";

/** What the server stores with the upload (tus Upload-Metadata; every value travels as text). */
export interface UploadMetadata {
  account_id: number;
  file_type: FileType;
  title?: string | undefined;
  issue_number?: number | undefined;
  cluster_id?: string | undefined;
}

export interface UploadEntry extends EntryFigures {
  /** Local id of the entry. */
  id: string;
  filename: string;
  metadata: UploadMetadata;
  bytesSent: number;
  /** The file's uuid on the server once the upload exists there. */
  uuid: string | null;
}

/** An unfinished upload remembered by the browser (tus keeps them in localStorage). */
export interface StoredUpload {
  key: string;
  uploadUrl: string;
  size: number;
  metadata: Record<string, string>;
}

export interface TransferCallbacks {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onUrl: (url: string) => void;
  onSuccess: () => void;
  /** A failure after the engine's own retries, as the text to show. */
  onError: (message: string) => void;
}

export interface Transfer {
  start(): void;
  /** Stops sending; `terminate` also deletes the partial upload on the server (tus termination). */
  abort(terminate: boolean): Promise<void>;
}

export interface UploadEngine {
  /** A transfer of `file`; with `resume`, continuing that stored upload from the server's offset. */
  create(
    file: File,
    metadata: Record<string, string>,
    callbacks: TransferCallbacks,
    resume: StoredUpload | null,
  ): Transfer;
  /** Uploads left unfinished by an earlier page (a reload, a closed tab). */
  listStored(): Promise<StoredUpload[]>;
  /** Bytes the server holds of a stored upload; null when it no longer exists there. */
  offsetOf(stored: StoredUpload): Promise<number | null>;
  /** Deletes a stored upload on the server and forgets it. */
  discard(stored: StoredUpload): Promise<void>;
}

interface Held {
  entry: UploadEntry;
  file: File | null;
  transfer: Transfer | null;
  stored: StoredUpload | null;
  sample: SpeedSample | null;
}

export const RESUME_MISMATCH = "Choose the same file to resume this upload";

/** Metadata as tus sends it: text values, empty ones left out. */
export function toWireMetadata(filename: string, mime: string, metadata: UploadMetadata) {
  const wire: Record<string, string> = { filename, filetype: mime || "application/octet-stream" };
  for (const [key, value] of Object.entries(metadata)) {
    if (value !== undefined && value !== "") wire[key] = String(value);
  }
  return wire;
}

function fromWireMetadata(wire: Record<string, string>): UploadMetadata | null {
  const accountId = Number(wire.account_id);
  if (!Number.isSafeInteger(accountId) || !wire.file_type) return null;
  const issue = wire.issue_number === undefined ? undefined : Number(wire.issue_number);
  return {
    account_id: accountId,
    file_type: wire.file_type as FileType,
    title: wire.title,
    issue_number: issue,
    cluster_id: wire.cluster_id,
  };
}

/** The uuid is the last segment of the upload's URL (/api/uploads/{uuid}). */
export function uuidOf(url: string): string | null {
  return url.split(/[?#]/)[0]?.split("/").filter(Boolean).at(-1) ?? null;
}

export function createUploadStore(engine: UploadEngine, now: () => number = Date.now) {
  const held = new Map<string, Held>();
  let snapshot: readonly UploadEntry[] = [];
  let nextId = 1;
  let restored: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const completedListeners = new Set<(entry: UploadEntry) => void>();

  const publish = () => {
    snapshot = [...held.values()].map((h) => h.entry);
    for (const listener of listeners) listener();
  };
  const update = (id: string, change: Partial<UploadEntry>) => {
    const h = held.get(id);
    if (!h) return;
    h.entry = { ...h.entry, ...change };
    publish();
  };

  const run = (h: Held, file: File, resume: StoredUpload | null) => {
    const id = h.entry.id;
    h.file = file;
    h.sample = null;
    h.stored = resume;
    const transfer = engine.create(
      file,
      toWireMetadata(h.entry.filename, file.type, h.entry.metadata),
      {
        onProgress: (bytesSent, total) => {
          const current = held.get(id);
          if (!current || current.transfer !== transfer) return;
          current.sample = nextSpeed(current.sample, bytesSent, now());
          update(id, { bytesSent, percent: percentOf(bytesSent, total), speed: current.sample.speed });
        },
        onUrl: (url) => update(id, { uuid: uuidOf(url) }),
        onSuccess: () => {
          const current = held.get(id);
          if (!current || current.transfer !== transfer) return;
          current.transfer = null;
          current.stored = null;
          update(id, { status: "completed", percent: 100, bytesSent: h.entry.size, speed: null });
          const done = held.get(id)?.entry;
          if (done) for (const listener of completedListeners) listener(done);
        },
        onError: (message) => {
          const current = held.get(id);
          if (!current || current.transfer !== transfer) return;
          current.transfer = null;
          update(id, { status: "failed", error: message, speed: null });
        },
      },
      resume,
    );
    h.transfer = transfer;
    update(id, { status: "uploading", error: null, speed: null });
    transfer.start();
  };

  const add = (entry: Omit<UploadEntry, "id">, stored: StoredUpload | null): Held => {
    const id = `upload-${nextId++}`;
    const h: Held = { entry: { ...entry, id }, file: null, transfer: null, stored, sample: null };
    held.set(id, h);
    return h;
  };

  return {
    getEntries: (): readonly UploadEntry[] => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Called with each upload that completes (screens refresh their lists). */
    onCompleted(listener: (entry: UploadEntry) => void): () => void {
      completedListeners.add(listener);
      return () => completedListeners.delete(listener);
    },

    start(file: File, metadata: UploadMetadata): string {
      const h = add(
        {
          filename: file.name,
          metadata,
          size: file.size,
          status: "uploading",
          percent: 0,
          bytesSent: 0,
          speed: null,
          error: null,
          uuid: null,
        },
        null,
      );
      run(h, file, null);
      return h.entry.id;
    },

    /** Stops an upload and deletes what the server holds of it (an interrupted one too). */
    async cancel(id: string): Promise<void> {
      const h = held.get(id);
      if (!h || (h.entry.status !== "uploading" && h.entry.status !== "interrupted")) return;
      const { transfer, stored } = h;
      h.transfer = null;
      update(id, { status: "cancelled", speed: null });
      if (transfer) await transfer.abort(true);
      else if (stored) await engine.discard(stored);
    },

    /** Starts a failed or cancelled upload again (from the server's offset when it still has it). */
    retry(id: string): void {
      const h = held.get(id);
      if (!h?.file || (h.entry.status !== "failed" && h.entry.status !== "cancelled")) return;
      update(id, { percent: 0, bytesSent: 0 });
      run(h, h.file, h.entry.status === "failed" ? h.stored : null);
    },

    /** Continues an interrupted upload with the file the user chose again; it must be the same one. */
    resume(id: string, file: File): string | null {
      const h = held.get(id);
      if (h?.entry.status !== "interrupted") return null;
      if (file.name !== h.entry.filename || file.size !== h.entry.size) return RESUME_MISMATCH;
      run(h, file, h.stored);
      return null;
    },

    /** Removes a finished entry from the list. */
    dismiss(id: string): void {
      const h = held.get(id);
      if (!h || h.entry.status === "uploading" || h.entry.status === "interrupted") return;
      held.delete(id);
      publish();
    },

    /** Lists uploads an earlier page left unfinished, once per page, each with a Resume entry. */
    restoreInterrupted(): Promise<void> {
      restored ??= (async () => {
        const stored = await engine.listStored().catch(() => []);
        const known = new Set([...held.values()].map((h) => h.stored?.key));
        for (const record of stored) {
          const metadata = fromWireMetadata(record.metadata);
          if (known.has(record.key) || !metadata) continue;
          const offset = await engine.offsetOf(record).catch(() => null);
          if (offset === null) continue;
          add(
            {
              filename: record.metadata.filename ?? "file",
              metadata,
              size: record.size,
              status: "interrupted",
              percent: percentOf(offset, record.size),
              bytesSent: offset,
              speed: null,
              error: null,
              uuid: uuidOf(record.uploadUrl),
            },
            record,
          );
        }
        publish();
      })();
      return restored;
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
export type { UploadStatus };
