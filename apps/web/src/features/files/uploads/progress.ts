/**
 * Pure rules of an upload entry (spec §4 upload entries, §9 speed units): the smoothed speed from
 * progress samples, the percentage, and the line the panel shows for each state.
 */
import { formatBytes, formatSpeed } from "@portico/shared/rules/units";

export type UploadStatus = "uploading" | "completed" | "cancelled" | "failed" | "interrupted";

export interface SpeedSample {
  /** ms */
  at: number;
  bytes: number;
  /** Bytes per second; null until two samples far enough apart exist. */
  speed: number | null;
}

/** Samples closer than this are merged: browsers report progress many times a second. */
export const SPEED_WINDOW_MS = 500;
/** Weight of the newest measure: smooth enough not to flicker, quick enough to follow a change. */
const SMOOTHING = 0.3;

export function nextSpeed(previous: SpeedSample | null, bytes: number, at: number): SpeedSample {
  if (!previous || bytes < previous.bytes) {
    // First sample, or a retry restarted from the server's offset: measure again from here.
    return { at, bytes, speed: previous?.speed ?? null };
  }
  const elapsed = at - previous.at;
  if (elapsed < SPEED_WINDOW_MS) return previous;
  const measured = ((bytes - previous.bytes) * 1000) / elapsed;
  const speed = previous.speed === null ? measured : previous.speed * (1 - SMOOTHING) + measured * SMOOTHING;
  return { at, bytes, speed };
}

/** Whole percent, 100 only when every byte is in (never "100%" while the last bytes travel). */
export function percentOf(bytes: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.floor((bytes / total) * 100);
  return Math.max(0, Math.min(bytes >= total ? 100 : 99, percent));
}

export interface EntryFigures {
  status: UploadStatus;
  percent: number;
  speed: number | null;
  size: number;
  error: string | null;
}

/** The entry's state line: "Uploading · 42% · 1.2 MB/s", "Completed · 3 MiB", "Cancelled at 42%"… */
export function describeEntry(entry: EntryFigures): string {
  switch (entry.status) {
    case "uploading":
      return entry.speed === null
        ? `Uploading · ${entry.percent}%`
        : `Uploading · ${entry.percent}% · ${formatSpeed(entry.speed)}`;
    case "completed":
      return `Completed · ${formatBytes(entry.size)}`;
    case "cancelled":
      return `Cancelled at ${entry.percent}%`;
    case "interrupted":
      return `Interrupted at ${entry.percent}%: choose the same file to resume`;
    case "failed":
      return entry.error ?? "Failed";
  }
}
