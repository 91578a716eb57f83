/**
 * System alerts (issue 17; spec §7.1 system-alert, system-alerts): a banner engineers post for
 * every signed-in user (an outage, planned work), at a level, from a start (now by default) to an
 * optional end. Changes are pushed on the realtime `broadcast` channel as `{type: "system-alerts"}`
 * and every open browser reads the live ones again.
 *
 * - GET  /api/auth/system-alert               → ZLiveSystemAlerts (any signed-in user): the live ones
 *                                               and the ones starting within 24 hours
 * - GET  /api/auth/system-alerts              ZSystemAlertListQuery → ZPage(ZSystemAlert), newest first (engineers)
 * - POST /api/auth/system-alerts              ZSystemAlertRequest → 201 ZSystemAlert (engineers)
 * - PUT  /api/auth/system-alerts/:id          ZSystemAlertRequest → ZSystemAlert (engineers; 409 once cleared)
 * - POST /api/auth/system-alerts/:id/clear    → ZSystemAlert (engineers; clearing twice changes nothing)
 *
 * Dates are ISO 8601 date-times with an offset (what `Date.toISOString()` writes). Spec §5's
 * messages: a start that is no date-time "Invalid start date", an end that is none "End date is
 * invalid", an end not after the start "End date should be after start date.", an end already
 * past "Invalid end date".
 */
import { MESSAGES } from "../validation";
import { z } from "../zod";

export const SYSTEM_ALERT_LEVELS = ["info", "warning", "critical"] as const;
export type SystemAlertLevel = (typeof SYSTEM_ALERT_LEVELS)[number];

/** live: showing now; scheduled: starts later; ended: its end has passed; cleared: taken down by an engineer. */
export const SYSTEM_ALERT_STATES = ["live", "scheduled", "ended", "cleared"] as const;
export type SystemAlertState = (typeof SYSTEM_ALERT_STATES)[number];

export const SYSTEM_ALERT_MESSAGE_MAX = 500;

/** How far ahead GET system-alert lists the scheduled ones, so a browser shows them on time. */
export const SYSTEM_ALERT_LOOKAHEAD_MS = 24 * 60 * 60 * 1000;

export const SYSTEM_ALERT_MESSAGES = {
  levelRequired: "Choose a level: info, warning or critical",
  messageRequired: "Message is required",
  messageTooLong: `Message cannot be longer than ${SYSTEM_ALERT_MESSAGE_MAX} characters`,
  notFound: "System alert not found",
  cleared: "This system alert was cleared and can no longer be changed",
} as const;

export const SYSTEM_ALERT_LEVEL_LABELS: Record<SystemAlertLevel, string> = {
  info: "Info",
  warning: "Warning",
  critical: "Critical",
};

export const SYSTEM_ALERT_STATE_LABELS: Record<SystemAlertState, string> = {
  live: "Live",
  scheduled: "Scheduled",
  ended: "Ended",
  cleared: "Cleared",
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The instant an ISO date-time with an offset names, or null when it names none. */
export function parseDateTime(value: string): Date | null {
  if (!DATE_TIME.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // "2026-02-30T10:00Z" is rolled over by Date; refuse a day the calendar does not have.
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  const local = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return local.getUTCMonth() === (m ?? 1) - 1 && local.getUTCDate() === d ? date : null;
}

const blankToNull = (v: unknown) => (v === "" ? null : v);

/**
 * The window rule of one alert, in §5's order: an end must be after the start and still to come.
 * `start` null: now (a new alert) or unchanged (an edit; the server checks it against the stored
 * start). Returns the message of the first broken rule, or null.
 */
export function systemAlertWindowError(
  start: Date | null,
  end: Date | null,
  now = Date.now(),
): string | null {
  if (end === null) return null;
  if (start !== null && end.getTime() <= start.getTime()) return MESSAGES.endDateBeforeStart;
  if (end.getTime() <= now) return MESSAGES.invalidEndDate;
  return null;
}

/** POST system-alerts and PUT system-alerts/:id. A missing `starts_at`: now (new) or unchanged (edit). */
export const ZSystemAlertRequest = z
  .object({
    level: z.enum(SYSTEM_ALERT_LEVELS, { error: SYSTEM_ALERT_MESSAGES.levelRequired }),
    message: z
      .string({ error: SYSTEM_ALERT_MESSAGES.messageRequired })
      .trim()
      .min(1, SYSTEM_ALERT_MESSAGES.messageRequired)
      .max(SYSTEM_ALERT_MESSAGE_MAX, SYSTEM_ALERT_MESSAGES.messageTooLong),
    starts_at: z.preprocess(
      blankToNull,
      z
        .string({ error: MESSAGES.invalidStartDate })
        .refine((v) => parseDateTime(v) !== null, MESSAGES.invalidStartDate)
        .nullable()
        .optional(),
    ),
    ends_at: z.preprocess(
      blankToNull,
      z
        .string({ error: MESSAGES.endDateInvalid })
        .refine((v) => parseDateTime(v) !== null, MESSAGES.endDateInvalid)
        .nullable()
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const start = v.starts_at ? parseDateTime(v.starts_at) : null;
    const end = v.ends_at ? parseDateTime(v.ends_at) : null;
    const message = systemAlertWindowError(start, end);
    if (message) ctx.addIssue({ code: "custom", message, path: ["ends_at"] });
  });
export type TSystemAlertRequest = z.input<typeof ZSystemAlertRequest>;

/** What the banner needs. */
export const ZLiveSystemAlert = z.object({
  id: z.number(),
  level: z.enum(SYSTEM_ALERT_LEVELS),
  message: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export type TLiveSystemAlert = z.infer<typeof ZLiveSystemAlert>;

export const ZLiveSystemAlerts = z.object({
  /** Live ones and those starting within 24 hours, by start then id. */
  items: z.array(ZLiveSystemAlert),
  /** The server's clock when it answered, so a browser with a wrong clock shows them on time. */
  now: z.string(),
});
export type TLiveSystemAlerts = z.infer<typeof ZLiveSystemAlerts>;

export const ZSystemAlert = ZLiveSystemAlert.extend({
  state: z.enum(SYSTEM_ALERT_STATES),
  created_by_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  cleared_at: z.string().nullable(),
  cleared_by_name: z.string().nullable(),
});
export type TSystemAlert = z.infer<typeof ZSystemAlert>;

export const ZSystemAlertPage = z.object({
  items: z.array(ZSystemAlert),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TSystemAlertPage = z.infer<typeof ZSystemAlertPage>;

export const ZSystemAlertListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  state: z.preprocess((v) => (v === "" ? undefined : v), z.enum(SYSTEM_ALERT_STATES).optional()),
});
