/**
 * Issue summaries (spec §7.3 llm issue summarize): the model's when one is configured, else the
 * built-in extractive one. One summary per issue and audience is kept in issue_summaries and
 * served again while nothing it read has changed: the same newest message, no message edited or
 * deleted and no rename since, and for engineers no note written, edited or deleted since.
 * A customer's summary is made from the messages only; internal notes are read for engineers.
 */

import type { TSummary } from "@portico/shared/schemas/summaries";
import { SUMMARY_MESSAGES } from "@portico/shared/schemas/summaries";
import { and, eq, sql } from "drizzle-orm";
import { issueSummaries } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";
import type { IssueRow } from "../conversations/issues.queries";
import { messageRange } from "../conversations/messages.queries";
import { listNotes } from "../conversations/notes.queries";
import { type Side, type SummaryInput, summarizeExtractive } from "./extractive";
import type { LlmSummarizer, PromptInput } from "./llm";

type Audience = "all" | "engineers";
type SummaryRow = typeof issueSummaries.$inferSelect;

/** A message's text is cut here in a prompt, so one pasted log cannot fill the model's window. */
const MAX_MESSAGE_CHARS = 2000;

function present(row: SummaryRow, cached: boolean): TSummary {
  return {
    issue_number: row.issueNumber,
    summary: row.text,
    source: row.source,
    model: row.model,
    last_message_index: row.lastMessageIndex,
    generated_at: row.createdAt.toISOString(),
    cached,
  };
}

/** The stored summary if it still covers the issue as it is now. */
async function cachedSummary(exec: Executor, issue: IssueRow, audience: Audience) {
  const n = issue.issueNumber;
  const since = issueSummaries.createdAt;
  const [row] = await exec
    .select()
    .from(issueSummaries)
    .where(
      and(
        eq(issueSummaries.issueNumber, n),
        eq(issueSummaries.audience, audience),
        eq(issueSummaries.lastMessageIndex, issue.lastMessageIndex),
        sql`not exists (select 1 from messages m where m.issue_number = ${n} and m.edited_at > ${since})`,
        sql`not exists (select 1 from issue_events e where e.issue_number = ${n} and e.created_at > ${since}
              and e.type in ('message_deleted', 'renamed', 'note_deleted'))`,
        audience === "all"
          ? sql`true`
          : sql`not exists (select 1 from issue_notes o where o.issue_number = ${n}
              and (o.created_at > ${since} or o.edited_at > ${since}))`,
      ),
    );
  return row;
}

const clipText = (text: string) =>
  text.length <= MAX_MESSAGE_CHARS ? text : `${text.slice(0, MAX_MESSAGE_CHARS)} […]`;

const sideOf = (authorType: "customer" | "engineer"): Side =>
  authorType === "customer" ? "problem" : "work";

interface Conversation extends PromptInput {
  /** The extractive summary's input: messages and (engineers) notes in the order they were written. */
  parts: SummaryInput["parts"];
}

/** What the summary reads: the live messages, and the notes for engineers only. */
async function loadConversation(exec: Executor, issue: IssueRow, audience: Audience): Promise<Conversation> {
  const live = (await messageRange(exec, issue.issueNumber, 1, issue.lastMessageIndex)).filter(
    (m) => !m.attributes.deletedAt && m.body.trim() !== "",
  );
  const notes = audience === "engineers" ? await listNotes(exec, issue.issueNumber) : [];
  // A note sits after the message it was written after (0: before the first).
  const parts: SummaryInput["parts"] = [
    ...live.map((m) => ({ at: m.index, note: 0, side: sideOf(m.author.type), text: m.body })),
    ...notes.map((n) => ({ at: n.after_message_index, note: 1, side: "work" as const, text: n.body })),
  ]
    .sort((a, b) => a.at - b.at || a.note - b.note)
    .map(({ side, text }) => ({ side, text }));
  return {
    issueNumber: issue.issueNumber,
    title: issue.title,
    messages: live.map((m) => ({
      authorType: m.author.type,
      authorName: m.author.name,
      text: clipText(m.body),
    })),
    ...(audience === "engineers"
      ? { notes: notes.map((n) => ({ authorName: n.author.name, text: clipText(n.body) })) }
      : {}),
    parts,
  };
}

/** The summary of an issue the viewer may see (the caller has checked that). */
export async function summarizeIssue(
  ctx: AppContext,
  viewer: Viewer,
  issue: IssueRow,
  llm: LlmSummarizer | undefined,
): Promise<TSummary> {
  if (issue.lastMessageIndex < 2) throw badRequest(SUMMARY_MESSAGES.tooShort);
  const audience: Audience = viewer.isEngineer ? "engineers" : "all";
  const cached = await cachedSummary(ctx.db, issue, audience);
  if (cached) return present(cached, true);

  // The database's clock before reading: any change stamped after it makes the summary stale.
  const clock = (await ctx.db.execute(sql`select clock_timestamp() as now`)) as unknown as {
    rows: { now: string | Date }[];
  };
  const readAt = new Date(clock.rows[0]?.now ?? Date.now());
  const conversation = await loadConversation(ctx.db, issue, audience);
  if (conversation.messages.length < 2) throw badRequest(SUMMARY_MESSAGES.tooShort);
  const text = llm
    ? await llm.summarize(conversation)
    : summarizeExtractive({ title: issue.title, parts: conversation.parts });
  const values = {
    issueNumber: issue.issueNumber,
    audience,
    lastMessageIndex: issue.lastMessageIndex,
    source: llm ? ("llm" as const) : ("built-in" as const),
    model: llm ? llm.model : null,
    text,
    createdAt: readAt,
  };
  const [row] = await ctx.db
    .insert(issueSummaries)
    .values(values)
    .onConflictDoUpdate({ target: [issueSummaries.issueNumber, issueSummaries.audience], set: values })
    .returning();
  return present(row ?? values, false);
}
