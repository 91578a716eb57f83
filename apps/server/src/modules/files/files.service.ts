/**
 * Commands on files, one transaction each. An upload reserves its room in the account's quota
 * when it is created (by its announced length, under a lock on the account row so two uploads
 * cannot both take the last free bytes); completing it makes the file SCAN_STARTED for the
 * scanner; deleting it removes the row at once and the bytes through a durable purge job.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { FILE_MESSAGES } from "@portico/shared/schemas/files";
import { and, eq, sql } from "drizzle-orm";
import { accounts, type FileKind, type FileRow, files } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor, Tx } from "../../platform/db/client";
import { badRequest, notFound } from "../../platform/errors";
import { TooLargeError } from "../../platform/storage";
import { assertMaySeeAccount } from "../accounts/accounts.policy";
import { assertClusterOfAccount } from "../clusters/cluster-ref";
import { queueReport } from "../clusters/ingest";
import { assertTakesMessages, loadIssue } from "../conversations/conversations.policy";
import { type AuditActor, recordAudit } from "../customers/audit";
import { deletedAttributes, postAttachment, pushAttachment, refreshAttachment } from "./attachments";
import { EXPIRE_UPLOAD_JOB, PURGE_FILE_JOB } from "./files.jobs";
import { usedBytes } from "./files.queries";
import type { FilesRuntime } from "./files.runtime";
import { displayFileName, storedFileName } from "./names";
import { asUploadError, otherUploadError, quotaError, refusedError, sizeError } from "./upload-errors";

/** What an upload call says the file is (validated by ZUploadMetadata or ZFileFormFields). */
export interface UploadFields {
  file_type: FileKind;
  title?: string | undefined;
  issue_number?: number | undefined;
  cluster_id?: string | undefined;
}

/** Who stores a file: a signed-in viewer, or a cluster calling home with its key (no user). */
export type Uploader = Viewer | { userId: null; name: string };

/** A file about to be uploaded, checked against the viewer's rights. */
export interface FileDescription {
  accountId: number;
  fileType: FileKind;
  title: string | null;
  filename: string;
  clusterId: string | null;
  issueNumber: number | null;
}

/**
 * The viewer may put files in this account (a member, or an engineer), and an attachment's issue
 * is one of the account's and takes messages. Refusals are upload errors (1009).
 */
export async function describeUpload(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
  fields: UploadFields,
  filename: string,
): Promise<FileDescription> {
  try {
    await assertMaySeeAccount(exec, viewer, accountId);
    if (fields.file_type === "attachment" && fields.issue_number !== undefined) {
      assertTakesMessages(await loadIssue(exec, viewer, accountId, fields.issue_number));
    }
  } catch (err) {
    throw asUploadError(err);
  }
  // Plain 400 "Cluster not found", like every other call naming a cluster.
  await assertClusterOfAccount(exec, accountId, fields.cluster_id);
  const shown = displayFileName(filename);
  if (!shown) throw refusedError(FILE_MESSAGES.filenameRequired);
  return {
    accountId,
    fileType: fields.file_type,
    title: fields.title?.trim() || null,
    filename: shown,
    clusterId: fields.cluster_id ?? null,
    issueNumber: fields.file_type === "attachment" ? (fields.issue_number ?? null) : null,
  };
}

/** Refuses `size` bytes that would not fit the file limit or the account's quota (lock held by the caller). */
async function assertRoom(
  tx: Executor,
  rt: FilesRuntime,
  accountId: number,
  size: number,
  exceptUuid?: string,
) {
  if (size > rt.config.maxBytes) throw sizeError(FILE_MESSAGES.tooLarge);
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
  const used = await usedBytes(tx, accountId);
  const mine = exceptUuid
    ? Number(
        (await tx.select({ size: files.size }).from(files).where(eq(files.uuid, exceptUuid)))[0]?.size ?? 0,
      )
    : 0;
  if (used - mine + size > rt.config.quotaBytes) throw quotaError(FILE_MESSAGES.quotaExceeded);
}

/**
 * The row of a new upload, its room reserved; unfinished, it expires (a durable job deletes it
 * and its bytes unless it completed by then).
 */
export async function reserveFile(
  tx: Tx,
  rt: FilesRuntime,
  viewer: Uploader,
  file: FileDescription,
  size: number,
  uuid: string = randomUUID(),
): Promise<FileRow> {
  if (size === 0) throw sizeError(FILE_MESSAGES.emptyFile, 400);
  await assertRoom(tx, rt, file.accountId, size);
  const expiresAt = new Date(Date.now() + rt.config.uploadExpiryMs);
  const [row] = await tx
    .insert(files)
    .values({
      uuid,
      accountId: file.accountId,
      fileType: file.fileType,
      title: file.title,
      filename: file.filename,
      storedName: storedFileName(file.filename),
      size,
      clusterId: file.clusterId,
      issueNumber: file.issueNumber,
      uploadedBy: viewer.userId,
      uploaderName: viewer.name,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error("file insert returned nothing");
  await rt.ctx.jobs.enqueue(tx, EXPIRE_UPLOAD_JOB, { uuid }, expiresAt);
  return row;
}

/** What the organization's history says about a file. */
const fileDetails = (file: FileRow) => ({
  uuid: file.uuid,
  filename: file.filename,
  file_type: file.fileType,
  size: file.size,
});

/**
 * Every byte has arrived: the file waits for its scan, and an attachment's message is posted
 * (after the commit it is pushed and the scanner is woken), and a cluster's health report is
 * queued for analysis. Completing twice changes nothing.
 */
export async function completeFile(
  rt: FilesRuntime,
  viewer: Uploader,
  uuid: string,
  size?: number,
  actor?: AuditActor,
) {
  const { db } = rt.ctx;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(files)
      .set({
        complete: true,
        ...(size === undefined ? {} : { size }),
        scanStatus: "SCAN_STARTED",
        scanDueAt: sql`now()`,
        expiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(files.uuid, uuid), eq(files.complete, false)))
      .returning();
    if (!row) return undefined;
    // A person's upload is in the organization's history; a cluster's reports are not.
    if (actor)
      await recordAudit(tx, actor, {
        accountId: row.accountId,
        action: "file.uploaded",
        details: fileDetails(row),
      });
    if (row.fileType === "health_report" && row.clusterId) {
      return { ...row, reportId: await queueReport(tx, rt.ctx.jobs, { ...row, clusterId: row.clusterId }) };
    }
    if (row.fileType !== "attachment" || viewer.userId === null) return row;
    const message = await postAttachment(tx, viewer, row);
    return message ? { ...row, messageIndex: message.index, alerts: message.alerts } : row;
  });
  if (!done) return undefined;
  rt.kickScanner();
  if ("reportId" in done) rt.ctx.jobs.kick();
  await pushAttachment(rt.ctx, done, "created", viewer.userId ?? undefined);
  return done;
}

/**
 * A whole file in one request (multipart form, raw body of a script): spooled and stored, then
 * completed like a finished tus upload. Its room is reserved by `announced` bytes when the
 * length is known, and settled to the real size at the end.
 */
export async function storeWholeFile(
  rt: FilesRuntime,
  viewer: Uploader,
  file: FileDescription,
  source: Readable,
  announced?: number,
  actor?: AuditActor,
): Promise<FileRow & { reportId?: number }> {
  const { db } = rt.ctx;
  // Unknown length: one byte reserved now, the real size checked against the quota at the end.
  const row = await db.transaction(async (tx) => reserveFile(tx, rt, viewer, file, announced ?? 1));
  let size: number;
  try {
    size = await rt.storage.put(row.uuid, source, announced ?? rt.config.maxBytes);
    if (announced !== undefined && size !== announced) {
      throw sizeError(`the body was ${size} bytes, not the ${announced} announced`, 400);
    }
    if (size === 0) throw sizeError(FILE_MESSAGES.emptyFile, 400);
    await db.transaction(async (tx) => {
      await assertRoom(tx, rt, file.accountId, size, row.uuid);
      await tx.update(files).set({ size }).where(eq(files.uuid, row.uuid));
    });
  } catch (err) {
    await db.delete(files).where(eq(files.uuid, row.uuid));
    await rt.storage.delete(row.uuid).catch(() => undefined);
    const code = (err as { code?: string }).code;
    if (err instanceof TooLargeError || code === "FST_REQ_FILE_TOO_LARGE")
      throw sizeError(FILE_MESSAGES.tooLarge);
    if (code === "ERR_STREAM_PREMATURE_CLOSE") {
      throw otherUploadError("the connection closed before the whole file arrived", 400);
    }
    throw err;
  }
  const completed = await completeFile(rt, viewer, row.uuid, size, actor);
  return completed ?? row;
}

export interface FileChange {
  filename?: string | undefined;
  file_type?: FileKind | undefined;
  title?: string | null | undefined;
}

/** Rename, change the type, set the title; a legal_doc keeps a title ("Document title is required."). */
export async function updateFile(tx: Tx, file: FileRow, change: FileChange) {
  const fileType = change.file_type ?? file.fileType;
  const title = change.title === undefined ? file.title : change.title?.trim() || null;
  if (fileType === "legal_doc" && !title) throw badRequest(FILE_MESSAGES.documentTitleRequired);
  if ((fileType === "attachment") !== (file.fileType === "attachment")) {
    throw badRequest("An attachment stays an attachment, and a file cannot become one");
  }
  const filename = change.filename === undefined ? file.filename : displayFileName(change.filename);
  if (!filename) throw badRequest(FILE_MESSAGES.filenameRequired);
  const [row] = await tx
    .update(files)
    .set({ fileType, title, filename, storedName: storedFileName(filename), updatedAt: sql`now()` })
    .where(eq(files.uuid, file.uuid))
    .returning();
  if (!row) throw notFound("File not found");
  if (change.filename !== undefined) await refreshAttachment(tx, row);
  return row;
}

/**
 * Deletes a file: the row now (its links stop working), the bytes by a purge job in the same
 * transaction. An attachment's message stays as "Deleted" with by whom and when.
 */
export async function deleteFile(rt: FilesRuntime, viewer: Viewer, file: FileRow, actor: AuditActor) {
  const hadMessage = await rt.ctx.db.transaction(async (tx) => {
    await tx.delete(files).where(eq(files.uuid, file.uuid));
    await recordAudit(tx, actor, {
      accountId: file.accountId,
      action: "file.deleted",
      details: fileDetails(file),
    });
    await rt.ctx.jobs.enqueue(tx, PURGE_FILE_JOB, { uuid: file.uuid });
    return refreshAttachment(tx, file, deletedAttributes({ name: viewer.name, userId: viewer.userId }));
  });
  rt.ctx.jobs.kick();
  if (hadMessage) await pushAttachment(rt.ctx, file, "edited");
}

export async function setPinned(rt: FilesRuntime, file: FileRow, pinned: boolean) {
  const row = await rt.ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(files)
      .set({ pinned, updatedAt: sql`now()` })
      .where(eq(files.uuid, file.uuid))
      .returning();
    if (!updated) throw notFound("File not found");
    await refreshAttachment(tx, updated);
    return updated;
  });
  await pushAttachment(rt.ctx, row, "edited");
}
