/**
 * Scans completed files in the background. The work is durable through the file row itself: a
 * file waits as SCAN_STARTED (or SCAN_FAILED, with a later due time) until a worker takes it under
 * a lease, in a short transaction; the scan runs outside any transaction (a 5 GiB bundle must not
 * hold the database), and its verdict is recorded in another. A worker that dies mid-scan leaves
 * the lease to run out, and any instance takes the file again. Nothing becomes OK without a
 * clean scan; FOUND deletes the bytes (a purge job in the verdict's transaction).
 */

import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { fileTypeFromFile } from "file-type";
import { type FileRow, files } from "../../../db/schema";
import { Pump } from "../../../platform/pump";
import { deletedAttributes, pushAttachment, refreshAttachment } from "../attachments";
import { PURGE_FILE_JOB } from "../files.jobs";
import type { FilesRuntime } from "../files.runtime";
import type { ScanVerdict } from "./scanner";

const LEASE = sql`now() + interval '1 hour'`;
/** Seconds before the next try of a failed scan: 30 s, 1 min, 2 min, … at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

export class ScanWorker {
  private readonly pump: Pump;

  constructor(private readonly rt: FilesRuntime) {
    this.pump = new Pump(() => this.drain(), rt.log, "file scans");
    rt.kickScanner = () => this.pump.kick();
  }

  flush = () => this.pump.flush();
  start = (intervalMs = 10_000) => this.pump.start(intervalMs);
  stop = () => this.pump.stop();

  private async drain(): Promise<void> {
    for (;;) {
      const file = await this.claim();
      if (!file) return;
      await this.scan(file);
    }
  }

  private claim(): Promise<FileRow | undefined> {
    return this.rt.ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ uuid: files.uuid })
        .from(files)
        .where(
          and(
            inArray(files.scanStatus, ["SCAN_STARTED", "SCAN_FAILED"]),
            lte(files.scanDueAt, sql`now()`),
            or(isNull(files.scanLeaseUntil), lt(files.scanLeaseUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(files.scanDueAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return undefined;
      const [claimed] = await tx
        .update(files)
        .set({ scanLeaseUntil: LEASE, scanAttempts: sql`${files.scanAttempts} + 1` })
        .where(eq(files.uuid, due.uuid))
        .returning();
      return claimed;
    });
  }

  private async scan(file: FileRow): Promise<void> {
    const { storage, scanner } = this.rt;
    let result: { verdict: ScanVerdict; mime: string };
    try {
      result = await storage.withLocalFile(file.uuid, async (path) => ({
        mime: (await fileTypeFromFile(path))?.mime ?? "application/octet-stream",
        verdict: await scanner.scan(path, file.size),
      }));
    } catch (err) {
      this.rt.log.warn(
        { err, file: file.uuid, scanner: scanner.name, attempts: file.scanAttempts },
        "scan failed",
      );
      await this.record(file, {
        scanStatus: "SCAN_FAILED",
        scanDueAt: sql`now() + make_interval(secs => ${retryDelaySeconds(file.scanAttempts)})`,
      });
      return;
    }
    const { verdict, mime } = result;
    await this.record(file, {
      scanStatus: verdict.status,
      scannedAt: sql`now()`,
      threat: verdict.status === "FOUND" ? verdict.threat : null,
      mime,
      scanDueAt: null,
    });
  }

  private async record(file: FileRow, change: Partial<Record<keyof FileRow, unknown>>) {
    const { db, jobs } = this.rt.ctx;
    const found = change.scanStatus === "FOUND";
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(files)
        .set({ ...(change as object), scanLeaseUntil: null, updatedAt: sql`now()` })
        .where(eq(files.uuid, file.uuid))
        .returning();
      if (!updated) return undefined; // deleted meanwhile
      if (found) await jobs.enqueue(tx, PURGE_FILE_JOB, { uuid: file.uuid });
      await refreshAttachment(tx, updated, found ? deletedAttributes("scanner") : {});
      return updated;
    });
    if (found) jobs.kick();
    if (row) await pushAttachment(this.rt.ctx, row, "edited");
  }
}
