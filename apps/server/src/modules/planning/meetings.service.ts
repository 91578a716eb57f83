/**
 * Meetings on an issue (spec §3 Meeting; §7.2 meetings, log-meeting), write side. Engineers only
 * (the routes check first). Each command runs in the caller's transaction: the meeting, its
 * participants, its event in the timeline, its mail (an invitation or a cancellation with an
 * .ics) and its alerts; the caller pushes the events and alerts after commit.
 *
 * Participants must be able to see the issue, by the rule notify uses (reachablePeople): a
 * member of the issue's account or an engineer, enabled; anyone else is refused by id.
 */

import type { TIssueEvent } from "@portico/shared/schemas/issue-work";
import {
  MEETING_MESSAGES,
  type TMeeting,
  type ZLogMeetingRequest,
  type ZScheduleMeetingRequest,
} from "@portico/shared/schemas/meetings";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { meetingParticipants, meetings, users } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import { type RaisedAlert, raiseAlerts } from "../alerts/alerts.service";
import { recordEvent } from "../conversations/issue-events";
import type { IssueRow } from "../conversations/issues.queries";
import { reachablePeople } from "../conversations/mentions.service";
import { buildMeetingIcs, type IcsPerson, icsAttachment } from "./ics";
import { getMeeting, meetingPath } from "./meetings.queries";

/** What a command did: the meeting as shown, and what to push after commit. */
export interface MeetingChange {
  meeting: TMeeting;
  events: TIssueEvent[];
  alerts: RaisedAlert[];
}

/** Parsed bodies: the schemas trim, dedupe and default. */
type ScheduleInput = z.output<typeof ZScheduleMeetingRequest>;
type LogInput = z.output<typeof ZLogMeetingRequest>;

interface Person extends IcsPerson {
  id: number;
}

const hhmm = (d: Date) => d.toISOString().slice(11, 16);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** "2026-12-01 14:00–15:00 UTC", or both days when it spans midnight. */
export function meetingWhen(start: Date, end: Date) {
  return day(start) === day(end)
    ? `${day(start)} ${hhmm(start)}–${hhmm(end)} UTC`
    : `${day(start)} ${hhmm(start)} – ${day(end)} ${hhmm(end)} UTC`;
}

/** The participants, checked against the issue (400 cannotSee with the ids refused). */
async function checkedParticipants(tx: Executor, issue: IssueRow, ids: number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const people = await reachablePeople(tx, issue, ids, MEETING_MESSAGES.cannotSee);
  return people.map((p) => ({ id: p.id, name: p.name, email: p.email }));
}

async function insertMeeting(
  tx: Executor,
  viewer: Viewer,
  values: Omit<typeof meetings.$inferInsert, "createdBy">,
  participants: Person[],
) {
  const [row] = await tx
    .insert(meetings)
    .values({ ...values, createdBy: viewer.userId })
    .returning();
  if (!row) throw new Error("insertMeeting: nothing inserted");
  if (participants.length) {
    await tx
      .insert(meetingParticipants)
      .values(participants.map((p) => ({ meetingId: row.id, userId: p.id })));
  }
  return row;
}

/** The organizer and the participants, each once, with the same .ics. */
async function mailEveryone(
  ctx: AppContext,
  tx: Executor,
  recipients: IcsPerson[],
  content: Parameters<AppContext["mailer"]["enqueue"]>[2],
  ics: string,
  method: "request" | "cancel",
) {
  const seen = new Set<string>();
  for (const person of recipients) {
    if (seen.has(person.email)) continue;
    seen.add(person.email);
    await ctx.mailer.enqueue(tx, person.email, content, [icsAttachment(ics, method)]);
  }
}

/** POST /issue/:id/meetings: a meeting in the future, invitations with an .ics, MEETING alerts. */
export async function scheduleMeeting(
  ctx: AppContext,
  tx: Executor,
  viewer: Viewer,
  issue: IssueRow,
  input: ScheduleInput,
): Promise<MeetingChange> {
  const participants = await checkedParticipants(tx, issue, input.participant_ids);
  const start = new Date(input.start_time);
  const end = new Date(input.end_time);
  const row = await insertMeeting(
    tx,
    viewer,
    {
      issueNumber: issue.issueNumber,
      kind: "scheduled",
      title: input.title,
      meetingLink: input.meeting_link,
      startTime: start,
      endTime: end,
      notes: input.agenda,
    },
    participants,
  );
  const event = await recordEvent(tx, issue.issueNumber, viewer, {
    type: "meeting_scheduled",
    meeting_id: row.id,
    title: row.title,
    start_time: start.toISOString(),
    end_time: end.toISOString(),
  });
  const organizer = { name: viewer.name, email: viewer.email };
  const issueLink = `${ctx.config.publicUrl}/issues/${issue.issueNumber}`;
  const ics = buildMeetingIcs(
    {
      id: row.id,
      title: row.title,
      start,
      end,
      meetingLink: row.meetingLink,
      agenda: row.notes,
      issueLink,
      issueNumber: issue.issueNumber,
      sequence: row.icsSequence,
      organizer,
      attendees: participants,
    },
    "request",
    ctx.config.publicUrl,
  );
  const mail = mails.meetingInvitation({
    issueNumber: issue.issueNumber,
    title: row.title,
    by: viewer.name,
    when: meetingWhen(start, end),
    meetingLink: row.meetingLink,
    agenda: row.notes,
    link: `${ctx.config.publicUrl}${meetingPath(issue.issueNumber, row.id)}`,
  });
  await mailEveryone(ctx, tx, [organizer, ...participants], mail, ics, "request");
  const alerts = await raiseAlerts(tx, {
    type: "MEETING",
    userIds: participants.filter((p) => p.id !== viewer.userId).map((p) => p.id),
    message: `${viewer.name} invited you to "${row.title}" on #${issue.issueNumber}, ${meetingWhen(start, end)}`,
    link: meetingPath(issue.issueNumber, row.id),
    issueNumber: issue.issueNumber,
    data: { meeting_id: row.id },
  });
  return { meeting: await getMeeting(tx, row.id), events: [event], alerts };
}

/** POST /log-meeting: a meeting that happened, with what was agreed; no mail, no alerts. */
export async function logMeeting(
  tx: Executor,
  viewer: Viewer,
  issue: IssueRow,
  input: LogInput,
): Promise<MeetingChange> {
  const participants = await checkedParticipants(tx, issue, input.participant_ids);
  const start = new Date(input.start_time);
  const row = await insertMeeting(
    tx,
    viewer,
    {
      issueNumber: issue.issueNumber,
      kind: "logged",
      title: input.title,
      meetingLink: input.meeting_link ?? null,
      startTime: start,
      endTime: new Date(input.end_time),
      notes: input.notes,
    },
    participants,
  );
  const event = await recordEvent(tx, issue.issueNumber, viewer, {
    type: "meeting_logged",
    meeting_id: row.id,
    title: row.title,
    start_time: start.toISOString(),
  });
  return { meeting: await getMeeting(tx, row.id), events: [event], alerts: [] };
}

/**
 * DELETE /issue/:id/meetings/:meetingId: marks the meeting cancelled (409 when it already is).
 * A scheduled one bumps its SEQUENCE and sends everyone a METHOD:CANCEL .ics, and its
 * participants a MEETING alert; the organizer stays the one who scheduled it.
 */
export async function cancelMeeting(
  ctx: AppContext,
  tx: Executor,
  viewer: Viewer,
  issue: IssueRow,
  meetingId: number,
): Promise<MeetingChange> {
  const [found] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.issueNumber, issue.issueNumber)))
    .for("update");
  if (!found) throw notFound(MEETING_MESSAGES.meetingNotFound);
  if (found.cancelledAt) throw conflict(MEETING_MESSAGES.alreadyCancelled);
  const [row] = await tx
    .update(meetings)
    .set({ cancelledAt: sql`clock_timestamp()`, icsSequence: sql`${meetings.icsSequence} + 1` })
    .where(eq(meetings.id, meetingId))
    .returning();
  if (!row) throw notFound(MEETING_MESSAGES.meetingNotFound);
  const event = await recordEvent(tx, issue.issueNumber, viewer, {
    type: "meeting_cancelled",
    meeting_id: row.id,
    title: row.title,
  });
  let alerts: RaisedAlert[] = [];
  if (row.kind === "scheduled") {
    const participants = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(meetingParticipants)
      .innerJoin(users, eq(users.id, meetingParticipants.userId))
      .where(eq(meetingParticipants.meetingId, row.id))
      .orderBy(users.id);
    const [creator] = row.createdBy
      ? await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, row.createdBy))
      : [];
    const organizer = creator ?? { name: viewer.name, email: viewer.email };
    const ics = buildMeetingIcs(
      {
        id: row.id,
        title: row.title,
        start: row.startTime,
        end: row.endTime,
        meetingLink: row.meetingLink,
        agenda: row.notes,
        issueLink: `${ctx.config.publicUrl}/issues/${issue.issueNumber}`,
        issueNumber: issue.issueNumber,
        sequence: row.icsSequence,
        organizer,
        attendees: participants,
      },
      "cancel",
      ctx.config.publicUrl,
    );
    const mail = mails.meetingCancelled({
      issueNumber: issue.issueNumber,
      title: row.title,
      by: viewer.name,
      when: meetingWhen(row.startTime, row.endTime),
      meetingLink: row.meetingLink,
      link: `${ctx.config.publicUrl}${meetingPath(issue.issueNumber, row.id)}`,
    });
    await mailEveryone(ctx, tx, [organizer, ...participants], mail, ics, "cancel");
    alerts = await raiseAlerts(tx, {
      type: "MEETING",
      userIds: participants.filter((p) => p.id !== viewer.userId).map((p) => p.id),
      message: `${viewer.name} cancelled "${row.title}" on #${issue.issueNumber}`,
      link: meetingPath(issue.issueNumber, row.id),
      issueNumber: issue.issueNumber,
      data: { meeting_id: row.id, cancelled: true },
    });
  }
  return { meeting: await getMeeting(tx, row.id), events: [event], alerts };
}
