/** Internal notes (spec §7.2 notes), read side. Engineers only: callers check the viewer first. */
import type { TNote } from "@portico/shared/schemas/issue-work";
import { and, asc, between, eq } from "drizzle-orm";
import { issueNotes, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { DELETED_USER } from "./issues.queries";

type NoteRow = typeof issueNotes.$inferSelect;

export function presentNote(row: NoteRow, authorName: string | null): TNote {
  return {
    id: row.id,
    issue_number: row.issueNumber,
    body: row.body,
    author: { user_id: row.authorId, name: authorName ?? DELETED_USER },
    after_message_index: row.afterMessageIndex,
    created_at: new Date(row.createdAt).toISOString(),
    edited_at: row.editedAt && new Date(row.editedAt).toISOString(),
  };
}

const selectNotes = (exec: Executor) =>
  exec
    .select({ note: issueNotes, authorName: users.name })
    .from(issueNotes)
    .leftJoin(users, eq(users.id, issueNotes.authorId));

/** The notes a page of messages [from, to] shows (placed after one of its messages). */
export async function notesForPage(exec: Executor, issueNumber: number, from: number, to: number) {
  const rows = await selectNotes(exec)
    .where(
      and(
        eq(issueNotes.issueNumber, issueNumber),
        between(issueNotes.afterMessageIndex, from <= 1 ? 0 : from, to),
      ),
    )
    .orderBy(asc(issueNotes.id));
  return rows.map((r) => presentNote(r.note, r.authorName));
}

export async function listNotes(exec: Executor, issueNumber: number) {
  const rows = await selectNotes(exec)
    .where(eq(issueNotes.issueNumber, issueNumber))
    .orderBy(asc(issueNotes.id));
  return rows.map((r) => presentNote(r.note, r.authorName));
}
