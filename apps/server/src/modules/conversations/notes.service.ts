/**
 * Internal notes (spec §7.2 notes), write side. Engineers only (the routes check the viewer
 * first); each command runs in the caller's transaction, and the note goes out on the issue's
 * staff channel after commit (pushNote), never on a channel a customer may hear.
 */
import { ISSUE_WORK_MESSAGES, type TNote } from "@portico/shared/schemas/issue-work";
import { and, eq, sql } from "drizzle-orm";
import { issueNotes, issues, users } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { forbidden, notFound } from "../../platform/errors";
import type { Realtime } from "../../platform/realtime/realtime";
import { recordEvent, staffIssueChannel } from "./issue-events";
import type { IssueRow } from "./issues.queries";
import { presentNote } from "./notes.queries";

export const NOTE_DELETE_REFUSED = "You can only delete your own notes";

export type NoteAction = "created" | "edited" | "deleted";

/** Sends a committed note change to the engineers who follow the issue live. */
export function pushNote(realtime: Realtime, note: TNote, action: NoteAction) {
  const channel = staffIssueChannel(note.issue_number);
  realtime.publish(channel, { type: "note", channel, action, note });
}

/** A note of this issue with its author's name; 404 when the issue has no such note. */
async function noteOf(tx: Executor, issue: IssueRow, noteId: number) {
  const [row] = await tx
    .select({ note: issueNotes, authorName: users.name })
    .from(issueNotes)
    .leftJoin(users, eq(users.id, issueNotes.authorId))
    .where(and(eq(issueNotes.id, noteId), eq(issueNotes.issueNumber, issue.issueNumber)))
    .for("update", { of: issueNotes });
  if (!row) throw notFound(ISSUE_WORK_MESSAGES.noteNotFound);
  return row;
}

/** Writes a note after the issue's newest message (read in the same statement) and its event. */
export async function addNote(tx: Executor, viewer: Viewer, issue: IssueRow, body: string) {
  const [row] = await tx
    .insert(issueNotes)
    .values({
      issueNumber: issue.issueNumber,
      authorId: viewer.userId,
      body,
      afterMessageIndex: sql`(select ${issues.lastMessageIndex} from ${issues} where ${issues.issueNumber} = ${issue.issueNumber})`,
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  if (!row) throw new Error(`addNote: issue ${issue.issueNumber} not found`);
  const event = await recordEvent(tx, issue.issueNumber, viewer, { type: "note_added", note_id: row.id });
  return { note: presentNote(row, viewer.name), events: [event] };
}

/** Changes a note's text: its author only. */
export async function editNote(tx: Executor, viewer: Viewer, issue: IssueRow, noteId: number, body: string) {
  const { note } = await noteOf(tx, issue, noteId);
  if (note.authorId !== viewer.userId) throw forbidden(ISSUE_WORK_MESSAGES.noteNotYours);
  const [row] = await tx
    .update(issueNotes)
    .set({ body, editedAt: sql`clock_timestamp()` })
    .where(eq(issueNotes.id, noteId))
    .returning();
  if (!row) throw notFound(ISSUE_WORK_MESSAGES.noteNotFound);
  return presentNote(row, viewer.name);
}

/** Removes a note: its author or an admin. The event keeps only the note's id. */
export async function deleteNote(tx: Executor, viewer: Viewer, issue: IssueRow, noteId: number) {
  const { note, authorName } = await noteOf(tx, issue, noteId);
  if (note.authorId !== viewer.userId && !viewer.isAdmin) throw forbidden(NOTE_DELETE_REFUSED);
  await tx.delete(issueNotes).where(eq(issueNotes.id, noteId));
  const event = await recordEvent(tx, issue.issueNumber, viewer, { type: "note_deleted", note_id: noteId });
  return { note: presentNote(note, authorName), events: [event] };
}
