/**
 * One alerts model for the whole product (spec §3 Alert; §7.2 alerts by page, summary, read-all,
 * PUT alert/{id}; §7.1 alert types, categories and subscriptions; §8 TNC_UPDATE). An alert is
 * one user's: created for what concerns them, pushed live on `user:{id}`, counted by the bell.
 */
import { MAX_ID, zIdText, zIntText } from "../validation";
import { z } from "../zod";

export const ALERT_CATEGORIES = ["issues", "planning", "clusters", "account"] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

/**
 * Alert types, their category, whether a user may turn them off, and whether only engineers
 * receive them. Later capabilities add theirs (clusters, notices, SLA) here.
 */
export const ALERT_TYPES = {
  ISSUE_REPLY: {
    category: "issues",
    name: "Replies on issues you follow",
    mandatory: false,
    engineersOnly: false,
  },
  ISSUE_ASSIGNED: {
    category: "issues",
    name: "Issues assigned to you",
    mandatory: false,
    engineersOnly: true,
  },
  MENTION: { category: "issues", name: "Mentions", mandatory: false, engineersOnly: false },
  PANIC: { category: "issues", name: "Panic issues", mandatory: true, engineersOnly: true },
  MEETING: {
    category: "planning",
    name: "Meetings you are invited to",
    mandatory: false,
    engineersOnly: false,
  },
  TODO_DUE: { category: "planning", name: "Todos due", mandatory: false, engineersOnly: false },
  /** A check of a cluster's health that passed before fails now (owners and assigned engineers). */
  CLUSTER_CHECK: {
    category: "clusters",
    name: "Failing cluster health checks",
    mandatory: false,
    engineersOnly: false,
  },
  /** A cluster has not reported for NOT_REPORTING_AFTER_HOURS. */
  CLUSTER_NOT_REPORTING: {
    category: "clusters",
    name: "Clusters that stopped reporting",
    mandatory: false,
    engineersOnly: false,
  },
  /** An open issue passed its SLA's first-response deadline with no response (issue 18). */
  SLA_BREACH: {
    category: "issues",
    name: "First responses overdue under the customer's SLA",
    mandatory: false,
    engineersOnly: true,
  },
  /** A notification engineers sent (issue 17): to chosen accounts, users or everyone. */
  NOTICE: {
    category: "account",
    name: "Notifications from Portico",
    mandatory: true,
    engineersOnly: false,
  },
  TNC_UPDATE: {
    category: "account",
    name: "Revised Terms and Conditions",
    mandatory: true,
    engineersOnly: false,
  },
} as const satisfies Record<
  string,
  { category: AlertCategory; name: string; mandatory: boolean; engineersOnly: boolean }
>;
export type AlertType = keyof typeof ALERT_TYPES;
export const ALERT_TYPE_CODES = Object.keys(ALERT_TYPES) as AlertType[];

export const ALERT_MESSAGES = {
  alertNotFound: "Alert not found",
  mandatory: "This alert cannot be turned off",
  unknownType: "Unknown alert type",
  /** §8: the banner of a TNC_UPDATE alert. */
  tncBanner: "Please review the revised Terms and Conditions.",
} as const;

const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** GET /api/chat/alerts */
export const ZAlertListQuery = z.object({
  page: optionalText(zIntText("page", 1, MAX_ID)).default(1),
  page_size: optionalText(zIntText("page_size", 1, 100)).default(25),
  /** true: unread only. */
  unread: optionalText(z.enum(["true", "false"])).transform((v) => v === "true"),
  category: optionalText(z.enum(ALERT_CATEGORIES)),
});

export const ZAlertParam = z.object({ id: zIdText() });
/** PUT /api/chat/alert/:id */
export const ZUpdateAlertRequest = z.object({ read: z.boolean() });

/** PUT /api/alert-subscriptions */
export const ZAlertSubscriptionRequest = z.object({
  type: z.enum(ALERT_TYPE_CODES as [AlertType, ...AlertType[]], { error: ALERT_MESSAGES.unknownType }),
  enabled: z.boolean(),
});

/** POST /api/alerts/tnc (admins): tell every user the terms changed. */
export const ZTncUpdateRequest = z.object({
  /** Which terms: spec §2.1 types. */
  terms_type: z.enum(["standard", "enterprise", "trial"]),
  /** yyyy-mm-dd of the revised version (its page is /terms-and-conditions/{type}/{date}). */
  effective_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "effective_date must be a date like 2026-12-31"),
});

/** An alert (spec §3: alert_id, message, type). */
export const ZAlert = z.object({
  alert_id: z.number(),
  type: z.enum(ALERT_TYPE_CODES as [AlertType, ...AlertType[]]),
  category: z.enum(ALERT_CATEGORIES),
  message: z.string(),
  /** The longer text of an alert, shown under its message (a notice's body), if it has one. */
  detail: z.string().nullable(),
  /** Where the alert leads in the app (a path), if anywhere. */
  link: z.string().nullable(),
  issue_number: z.number().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

export const ZAlertListResponse = z.object({
  items: z.array(ZAlert),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  unread: z.number(),
});

/** GET /api/chat/alerts/summary: the bell. */
export const ZAlertSummary = z.object({
  unread: z.number(),
  by_category: z.record(z.enum(ALERT_CATEGORIES), z.number()),
  /** The newest unread TNC_UPDATE alert: the terms banner shows until it is read. */
  tnc: ZAlert.nullable(),
});

export const ZAlertTypeInfo = z.object({
  type: z.enum(ALERT_TYPE_CODES as [AlertType, ...AlertType[]]),
  name: z.string(),
  category: z.enum(ALERT_CATEGORIES),
  mandatory: z.boolean(),
  engineers_only: z.boolean(),
});
export const ZAlertSubscription = z.object({
  type: z.enum(ALERT_TYPE_CODES as [AlertType, ...AlertType[]]),
  enabled: z.boolean(),
  mandatory: z.boolean(),
});
