/** Read models of files: the §3 File as the API shows it, pages by type, usage, orphans. */
import type { TAttachment, TFile } from "@portico/shared/schemas/files";
import { and, count, desc, eq, inArray, isNotNull, ne, sql, sum } from "drizzle-orm";
import { FILE_KINDS, type FileRow, files, issues } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

/** Kinds the files screen lists (a profile picture belongs to its user, not to the account's files). */
export const LISTED_KINDS = FILE_KINDS.filter((kind) => kind !== "picture");

export function presentFile(row: FileRow, offset?: number): TFile {
  return {
    uuid: row.uuid,
    file_type: row.fileType === "picture" ? "profile" : row.fileType,
    title: row.title,
    filename: row.filename,
    size: row.size,
    mime: row.mime,
    cluster_id: row.clusterId,
    // Clusters are not stored yet (a later issue); their names come with them.
    cluster_name: null,
    issue_number: row.issueNumber,
    message_index: row.messageIndex,
    uploaded_by: { user_id: row.uploadedBy, name: row.uploaderName },
    scan_status: row.scanStatus,
    scanned_at: row.scannedAt?.toISOString() ?? null,
    threat: row.threat,
    complete: row.complete,
    offset: row.complete ? row.size : (offset ?? 0),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const presentAttachment = (row: FileRow): TAttachment => ({ ...presentFile(row), pinned: row.pinned });

/** A file of this account, or undefined (another account's file is simply not found). */
export async function findFile(
  exec: Executor,
  accountId: number,
  uuid: string,
): Promise<FileRow | undefined> {
  const [row] = await exec
    .select()
    .from(files)
    .where(and(eq(files.uuid, uuid), eq(files.accountId, accountId)));
  return row;
}

export async function findFileByUuid(exec: Executor, uuid: string): Promise<FileRow | undefined> {
  const [row] = await exec.select().from(files).where(eq(files.uuid, uuid));
  return row;
}

export async function listFiles(
  exec: Executor,
  accountId: number,
  query: { type?: FileRow["fileType"] | undefined; page: number; page_size: number },
) {
  const where = and(
    eq(files.accountId, accountId),
    query.type ? eq(files.fileType, query.type) : inArray(files.fileType, LISTED_KINDS),
  );
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.uuid))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    exec.select({ n: count() }).from(files).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Bytes an account holds against its quota: every upload by its announced length (so an upload
 * in progress has its room reserved), except files whose bytes the scanner deleted.
 */
export async function usedBytes(exec: Executor, accountId: number): Promise<number> {
  const [row] = await exec
    .select({ bytes: sum(files.size) })
    .from(files)
    .where(and(eq(files.accountId, accountId), sql`${files.scanStatus} is distinct from 'FOUND'`));
  return Number(row?.bytes ?? 0);
}

/** Files whose issue is gone (engineers reattach or delete them). */
export async function listOrphans(exec: Executor, accountId: number) {
  return exec
    .select()
    .from(files)
    .where(
      and(
        eq(files.accountId, accountId),
        isNotNull(files.issueNumber),
        sql`not exists (select 1 from ${issues} i where i.issue_number = ${files.issueNumber} and i.account_id = ${files.accountId})`,
      ),
    )
    .orderBy(desc(files.createdAt));
}

export async function listAttachments(exec: Executor, accountId: number, pinned: boolean | undefined) {
  return exec
    .select()
    .from(files)
    .where(
      and(
        eq(files.accountId, accountId),
        eq(files.fileType, "attachment"),
        isNotNull(files.messageIndex),
        pinned === undefined ? undefined : eq(files.pinned, pinned),
        ne(files.scanStatus, "FOUND"),
      ),
    )
    .orderBy(desc(files.createdAt))
    .limit(500);
}
