/**
 * Durable background work of the files module (ctx.jobs): an unfinished upload is deleted when it
 * expires, and the bytes of a deleted file are purged. Both are idempotent, so a retry after a
 * crash half-way does no harm.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { files } from "../../db/schema";
import type { FilesRuntime } from "./files.runtime";

export const EXPIRE_UPLOAD_JOB = "files.expire-upload";
/** Also written by the database when an attachment's message is deleted (see the files migration). */
export const PURGE_FILE_JOB = "files.purge";

const ZFileJob = z.object({ uuid: z.uuid() });

export function registerFileJobs(rt: FilesRuntime) {
  rt.ctx.jobs.register(EXPIRE_UPLOAD_JOB, async (tx, payload) => {
    const { uuid } = ZFileJob.parse(payload);
    const [gone] = await tx
      .delete(files)
      .where(and(eq(files.uuid, uuid), eq(files.complete, false)))
      .returning({ uuid: files.uuid });
    // Completed in time: nothing to do. Otherwise the bytes go with the row (in its transaction:
    // if deleting them fails, the row stays and the job is retried).
    if (gone) await rt.storage.delete(uuid);
  });
  rt.ctx.jobs.register(PURGE_FILE_JOB, async (_tx, payload) => {
    await rt.storage.delete(ZFileJob.parse(payload).uuid);
  });
}
