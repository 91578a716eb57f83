/**
 * Meetings on an issue (spec §3 Meeting; §7.2 meetings, meetings list, log-meeting; §5 video
 * link, start and end dates): scheduled ones (in the future, invitations with an .ics) and logged
 * ones (a call that happened, with its notes; the §5 start and end rules in full).
 */
import { MAX_ID, MESSAGES, meetingLink, zId, zIdText, zIntText } from "../validation";
import { z } from "../zod";

export const MEETING_TITLE_MAX_LENGTH = 200;
export const MEETING_NOTES_MAX_LENGTH = 32_000;
export const MEETING_PARTICIPANTS_MAX = 50;
/** The longest meeting, in hours. */
export const MEETING_MAX_HOURS = 24;

export const MEETING_MESSAGES = {
  titleRequired: "Meeting title is required",
  titleTooLong: `Meeting title cannot be longer than ${MEETING_TITLE_MAX_LENGTH} characters`,
  notesTooLong: `Notes cannot be longer than ${MEETING_NOTES_MAX_LENGTH} characters`,
  notesRequired: "Write what was agreed in the meeting",
  startInPast: "A meeting can only be scheduled in the future; log a past one instead",
  tooLong: `A meeting cannot last longer than ${MEETING_MAX_HOURS} hours`,
  participantsTooMany: `Invite at most ${MEETING_PARTICIPANTS_MAX} people`,
  meetingNotFound: "Meeting not found",
  alreadyCancelled: "This meeting was cancelled",
  /** Participants must be able to see the issue (the notify rule). */
  cannotSee: (ids: number[]) => `These people cannot see this issue: ${ids.join(", ")}`,
} as const;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const parseInstant = (v: string): Date | null =>
  ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) ? new Date(v) : null;

const title = z
  .string({ error: MEETING_MESSAGES.titleRequired })
  .trim()
  .min(1, MEETING_MESSAGES.titleRequired)
  .max(MEETING_TITLE_MAX_LENGTH, MEETING_MESSAGES.titleTooLong);

const participantIds = z
  .array(zId("participant_ids"))
  .max(MEETING_PARTICIPANTS_MAX, MEETING_MESSAGES.participantsTooMany)
  .transform((ids) => [...new Set(ids)])
  .default([]);

/** A start and an end as ISO 8601 instants; `past` applies the §5 rules for a meeting that happened. */
function timeRange(past: boolean) {
  return z
    .object({
      start_time: z
        .string({ error: MESSAGES.invalidStartDate })
        .refine((v) => parseInstant(v) !== null, MESSAGES.invalidStartDate)
        // §5: a start date is not in the future (logged meetings).
        .refine((v) => !past || (parseInstant(v)?.getTime() ?? 0) <= Date.now(), MESSAGES.invalidStartDate),
      end_time: z
        .string({ error: MESSAGES.invalidEndDate })
        .min(1, { error: MESSAGES.invalidEndDate, abort: true })
        .refine((v) => parseInstant(v) !== null, { error: MESSAGES.endDateInvalid, abort: true })
        .refine((v) => !past || (parseInstant(v)?.getTime() ?? 0) <= Date.now(), MESSAGES.invalidEndDate),
    })
    .superRefine((v, ctx) => {
      const start = parseInstant(v.start_time);
      const end = parseInstant(v.end_time);
      if (!start || !end) return;
      if (end <= start) {
        ctx.addIssue({ code: "custom", message: MESSAGES.endDateBeforeStart, path: ["end_time"] });
      } else if (end.getTime() - start.getTime() > MEETING_MAX_HOURS * 3_600_000) {
        ctx.addIssue({ code: "custom", message: MEETING_MESSAGES.tooLong, path: ["end_time"] });
      }
      if (!past && start.getTime() < Date.now() - 60_000) {
        ctx.addIssue({ code: "custom", message: MEETING_MESSAGES.startInPast, path: ["start_time"] });
      }
    });
}

/** POST /api/chat/issue/:id/meetings (engineers): schedule a meeting, invitations by e-mail. */
export const ZScheduleMeetingRequest = z
  .object({
    title,
    meeting_link: meetingLink,
    participant_ids: participantIds,
    agenda: z.string().trim().max(MEETING_NOTES_MAX_LENGTH, MEETING_MESSAGES.notesTooLong).default(""),
  })
  .and(timeRange(false));
export type TScheduleMeetingRequest = z.input<typeof ZScheduleMeetingRequest>;

/** POST /api/chat/log-meeting (engineers): a meeting that happened, with what was agreed. */
export const ZLogMeetingRequest = z
  .object({
    issue_number: zId("issue_number"),
    title,
    meeting_link: meetingLink.optional(),
    participant_ids: participantIds,
    notes: z
      .string({ error: MEETING_MESSAGES.notesRequired })
      .trim()
      .min(1, MEETING_MESSAGES.notesRequired)
      .max(MEETING_NOTES_MAX_LENGTH, MEETING_MESSAGES.notesTooLong),
  })
  .and(timeRange(true));
export type TLogMeetingRequest = z.input<typeof ZLogMeetingRequest>;

export const ZMeetingParam = z.object({ id: zIdText(), meetingId: zIdText("meetingId") });

/** GET /api/chat/meetings: meetings across the issues the viewer may read. */
export const ZMeetingListQuery = z.object({
  aid: z.preprocess((v) => (v === "" ? undefined : v), zIdText("aid").optional()),
  /** upcoming: not ended yet, soonest first; past: ended, newest first. */
  when: z
    .preprocess((v) => (v === "" ? undefined : v), z.enum(["upcoming", "past", "all"]).optional())
    .default("upcoming"),
  page: z.preprocess((v) => (v === "" ? undefined : v), zIntText("page", 1, MAX_ID).optional()).default(1),
  page_size: z
    .preprocess((v) => (v === "" ? undefined : v), zIntText("page_size", 1, 100).optional())
    .default(25),
});

export const ZMeetingPerson = z.object({ user_id: z.number().nullable(), name: z.string() });

/** A meeting (spec §3): `meeting_link` is the video call, `meeting_url` its place in Portico. */
export const ZMeeting = z.object({
  id: z.number(),
  issue_number: z.number(),
  issue_title: z.string(),
  account_id: z.number(),
  kind: z.enum(["scheduled", "logged"]),
  title: z.string(),
  meeting_link: z.string().nullable(),
  meeting_url: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  participants: z.array(ZMeetingPerson),
  /** The agenda of a scheduled meeting, what was agreed in a logged one. */
  notes: z.string(),
  created_by: ZMeetingPerson,
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type TMeeting = z.infer<typeof ZMeeting>;

export const ZMeetingListResponse = z.object({
  items: z.array(ZMeeting),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
