/**
 * Reports and engineer activity (issue 18; spec §7.1 reports accounts and clusters, §7.2 reports,
 * users activity and v2). Engineers only: a customer gets 403 "Only vendor engineers can do this".
 *
 * - GET /api/auth/reports/accounts            ZReportRangeQuery → ZAccountsReport
 * - GET /api/auth/reports/accounts/capacity   ZCapacityQuery → ZCapacityPage
 * - GET /api/auth/reports/accounts/export     ZReportRangeQuery → CSV, every account
 * - GET /api/auth/reports/clusters            ZReportRangeQuery → ZClustersReport
 * - GET /api/auth/reports/clusters/export     ZReportRangeQuery → CSV, every cluster
 * - GET /api/chat/reports                     ZReportRangeQuery → ZIssuesReport
 * - GET /api/chat/reports/export              ZReportRangeQuery → CSV, one row per period
 * - GET /api/chat/users/activity              ZActivityQuery → ZActivityReport
 * - GET /api/chat/users/activity/v2           ZActivityQuery → ZActivityTimeline
 * - GET /api/chat/users/activity/export       ZActivityExportQuery → CSV (summary, daily or breaches)
 *
 * Every range is days (yyyy-mm-dd, both included, UTC) checked by rules/date-range.ts with spec
 * §5's messages, at most MAX_RANGE_DAYS, the end not after today; without one, the last 30 days.
 * Time series come in buckets (day, week or month, by the range's length unless asked), every
 * bucket present, empty ones as zero.
 */
import {
  bucketFor,
  checkDateRange,
  dateRangeError,
  defaultRange,
  MAX_RANGE_DAYS,
  REPORT_BUCKETS,
} from "../rules/date-range";
import { zIdText, zIntText } from "../validation";
import { z } from "../zod";
import { SERVICE_TYPES } from "./accounts";
import { SLA_COVERAGES } from "./billing";

const blank = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const rangeFields = {
  from: optional(z.string()),
  to: optional(z.string()),
  bucket: optional(z.enum(REPORT_BUCKETS)),
};

/** Defaults, then the §5 checks; answers {from, to, bucket}. */
function resolveRange<
  T extends { from?: string | undefined; to?: string | undefined; bucket?: string | undefined },
>(query: T, ctx: z.RefinementCtx) {
  const fallback = defaultRange();
  const to = query.to ?? (query.from && query.from > fallback.to ? query.from : fallback.to);
  const from = query.from ?? (to < fallback.from ? to : fallback.from);
  const problem = dateRangeError(checkDateRange(from, to, { maxDays: MAX_RANGE_DAYS, endNotInFuture: true }));
  if (problem !== null) {
    ctx.addIssue({ code: "custom", message: problem, path: [query.from === undefined ? "to" : "from"] });
    return z.NEVER;
  }
  const bucket = (query.bucket as (typeof REPORT_BUCKETS)[number] | undefined) ?? bucketFor({ from, to });
  return { ...query, from, to, bucket };
}

export const ZReportRangeQuery = z.object(rangeFields).transform(resolveRange);
export type TReportRangeQuery = z.input<typeof ZReportRangeQuery>;

export const ZReportRange = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_BUCKETS),
});
export type TReportRange = z.infer<typeof ZReportRange>;

/** A period of a time series: the first day of its bucket (yyyy-mm-dd). */
const period = z.string();

// ---------------------------------------------------------------- accounts (§7.1 reports accounts)

/** The account's standing: disabled first, then its plan's status, "no_plan" before any plan. */
export const ACCOUNT_REPORT_STATUSES = ["active", "past_due", "canceled", "no_plan", "disabled"] as const;
export type AccountReportStatus = (typeof ACCOUNT_REPORT_STATUSES)[number];

/** Reported capacity at or above this share of the contract is "near" it; above 100 % "over". */
export const CAPACITY_NEAR_PCT = 90;
export const CAPACITY_FLAGS = ["over", "near", "within", "unknown"] as const;
export type CapacityFlag = (typeof CAPACITY_FLAGS)[number];

export const ZAccountsReport = z.object({
  range: ZReportRange,
  /** Customer organizations now (the vendor's own and those being purged left out). */
  totals: z.object({
    accounts: z.number(),
    enabled: z.number(),
    disabled: z.number(),
    trial: z.number(),
    /** With a live paid plan (active or past due). */
    subscribed: z.number(),
  }),
  /** `plan` null: never subscribed. */
  by_plan: z.array(
    z.object({
      plan: z.enum(SERVICE_TYPES).nullable(),
      accounts: z.number(),
      contract_tib: z.number(),
      reported_tib: z.number(),
    }),
  ),
  by_trial: z.object({ trial: z.number(), not_trial: z.number() }),
  by_status: z.array(z.object({ status: z.enum(ACCOUNT_REPORT_STATUSES), accounts: z.number() })),
  capacity: z.object({
    over: z.number(),
    near: z.number(),
    within: z.number(),
    /** No contract capacity, or nothing reported yet. */
    unknown: z.number(),
    contract_tib: z.number(),
    reported_tib: z.number(),
    near_pct: z.number(),
  }),
  /** Per bucket of the range: organizations created, how many existed at its end, subscriptions started and ended. */
  growth: z.array(
    z.object({
      period,
      new_accounts: z.number(),
      total_accounts: z.number(),
      new_subscriptions: z.number(),
      ended_subscriptions: z.number(),
    }),
  ),
});
export type TAccountsReport = z.infer<typeof ZAccountsReport>;

export const CAPACITY_PAGE_SIZE_MAX = 100;

export const ZCapacityQuery = z.object({
  flag: optional(z.enum(["all", ...CAPACITY_FLAGS])).default("all"),
  /** Company contains (case-insensitive). */
  q: optional(z.string().trim().max(100)),
  page: optional(zIntText("page", 1, 100_000)).default(1),
  page_size: optional(zIntText("page_size", 1, CAPACITY_PAGE_SIZE_MAX)).default(25),
});
export type TCapacityQuery = z.input<typeof ZCapacityQuery>;

export const ZCapacityRow = z.object({
  account_id: z.number(),
  company: z.string(),
  plan: z.enum(SERVICE_TYPES).nullable(),
  is_trial: z.boolean(),
  status: z.enum(ACCOUNT_REPORT_STATUSES),
  contract_tib: z.number().nullable(),
  reported_tib: z.number().nullable(),
  /** reported / contract × 100, one decimal; null when either is unknown or the contract is 0. */
  usage_pct: z.number().nullable(),
  flag: z.enum(CAPACITY_FLAGS),
  created_at: z.string(),
});
export type TCapacityRow = z.infer<typeof ZCapacityRow>;

/** Fullest first (over, then near, then within, then unknown), then company. */
export const ZCapacityPage = z.object({
  items: z.array(ZCapacityRow),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TCapacityPage = z.infer<typeof ZCapacityPage>;

// ---------------------------------------------------------------- clusters (§7.1 reports clusters)

/**
 * A cluster's health for the report, first that applies: never reported, not reporting, the worst
 * failing check's severity (critical, warning), else healthy.
 */
export const CLUSTER_HEALTHS = ["healthy", "warning", "critical", "not_reporting", "no_report"] as const;
export type ClusterHealth = (typeof CLUSTER_HEALTHS)[number];

/** A cluster whose nodes run different versions (during an upgrade). */
export const MIXED_VERSIONS = "mixed";

export const ZClustersReport = z.object({
  range: ZReportRange,
  totals: z.object({
    clusters: z.number(),
    /** Organizations with at least one cluster. */
    accounts: z.number(),
    total_bytes: z.number(),
    used_bytes: z.number(),
  }),
  /** `version` null: no report yet; MIXED_VERSIONS when nodes differ. Most clusters first. */
  by_version: z.array(
    z.object({ version: z.string().nullable(), clusters: z.number(), accounts: z.number() }),
  ),
  /** Every health, in CLUSTER_HEALTHS order, zero included. */
  by_health: z.array(z.object({ health: z.enum(CLUSTER_HEALTHS), clusters: z.number() })),
  /** Per bucket: clusters registered, and how many existed at its end. */
  registered: z.array(z.object({ period, new_clusters: z.number(), total_clusters: z.number() })),
});
export type TClustersReport = z.infer<typeof ZClustersReport>;

// ---------------------------------------------------------------- issues over time (§7.2 reports)

export const ZIssuesReport = z.object({
  range: ZReportRange,
  totals: z.object({
    opened: z.number(),
    panics: z.number(),
    /** Issues whose first response came in the range. */
    first_responses: z.number(),
    /** Issues marked answered in the range (and still answered). */
    answered: z.number(),
    /** Issues whose first-response deadline fell in the range and was missed (or is passing unanswered). */
    breaches: z.number(),
    /** Of the first responses in the range under an SLA, the share in time (0–100, one decimal); null when none. */
    within_sla_pct: z.number().nullable(),
    median_first_response_minutes: z.number().nullable(),
  }),
  series: z.array(
    z.object({
      period,
      opened: z.number(),
      panics: z.number(),
      first_responses: z.number(),
      answered: z.number(),
      breaches: z.number(),
    }),
  ),
});
export type TIssuesReport = z.infer<typeof ZIssuesReport>;

// ---------------------------------------------------------------- engineer activity (§7.2 users activity)

export const ZActivityQuery = z
  .object({ ...rangeFields, user_id: optional(zIdText("user_id")) })
  .transform(resolveRange);
export type TActivityQuery = z.input<typeof ZActivityQuery>;

export const ACTIVITY_EXPORT_VIEWS = ["summary", "daily", "breaches"] as const;
export const ZActivityExportQuery = z
  .object({
    ...rangeFields,
    user_id: optional(zIdText("user_id")),
    view: optional(z.enum(ACTIVITY_EXPORT_VIEWS)).default("summary"),
  })
  .transform(resolveRange);

/** One engineer's figures over the range (minutes are whole, medians of the engineer's own issues). */
export const ZActivityEngineer = z.object({
  user_id: z.number(),
  name: z.string(),
  messages_sent: z.number(),
  /** Issues this engineer marked answered in the range (and still answered). */
  issues_answered: z.number(),
  /** Issues whose first response was this engineer's, in the range. */
  first_responses: z.number(),
  first_response_median_minutes: z.number().nullable(),
  first_response_avg_minutes: z.number().nullable(),
  /** From opening to being marked answered, for the issues counted in issues_answered. */
  resolution_median_minutes: z.number().nullable(),
  /** Of first_responses under an SLA: in time, and late. */
  within_sla: z.number(),
  late_responses: z.number(),
  /** Open issues assigned to the engineer whose deadline in the range passed with no response. */
  overdue_assigned: z.number(),
  minutes_logged: z.number(),
  /** Messages and first responses inside the weekend window of spec §9. */
  weekend_messages: z.number(),
  weekend_first_responses: z.number(),
});
export type TActivityEngineer = z.infer<typeof ZActivityEngineer>;

/** A missed first-response deadline: answered late, or still waiting past it. */
export const ZSlaBreach = z.object({
  issue_number: z.number(),
  title: z.string(),
  account_id: z.number(),
  company: z.string(),
  sla_hours: z.number(),
  sla_coverage: z.enum(SLA_COVERAGES),
  opened_at: z.string(),
  due_at: z.string(),
  /** Null: still waiting. */
  first_response_at: z.string().nullable(),
  responder: z.object({ user_id: z.number(), name: z.string() }).nullable(),
  /** Past the deadline: until the response, or until now while waiting. */
  late_minutes: z.number(),
  assignees: z.array(z.object({ user_id: z.number(), name: z.string() })),
});
export type TSlaBreach = z.infer<typeof ZSlaBreach>;

export const ACTIVITY_BREACHES_MAX = 100;

export const ZActivityReport = z.object({
  range: ZReportRange,
  /** Every engineer (or the one asked for), most messages first; those with nothing show zeros. */
  engineers: z.array(ZActivityEngineer),
  totals: z.object({
    messages_sent: z.number(),
    issues_answered: z.number(),
    first_responses: z.number(),
    /** Of the first responses under an SLA: in time, and late (every engineer, listed or not). */
    within_sla: z.number(),
    late_responses: z.number(),
    breaches: z.number(),
    minutes_logged: z.number(),
    first_response_median_minutes: z.number().nullable(),
    resolution_median_minutes: z.number().nullable(),
    /** Weekend coverage: issues opened in the weekend window, and how many got a first response in it. */
    weekend_issues: z.number(),
    weekend_issues_responded: z.number(),
    weekend_messages: z.number(),
  }),
  /** Deadlines in the range that were missed, latest deadline first, at most ACTIVITY_BREACHES_MAX. */
  breaches: z.array(ZSlaBreach),
  breaches_total: z.number(),
});
export type TActivityReport = z.infer<typeof ZActivityReport>;

export const ZActivityDayEngineer = z.object({
  user_id: z.number(),
  messages_sent: z.number(),
  first_responses: z.number(),
  issues_answered: z.number(),
  breaches: z.number(),
  minutes_logged: z.number(),
});

/** One UTC day of the timeline; `engineers` only those active that day. */
export const ZActivityDay = z.object({
  date: z.string(),
  /** Saturday or Sunday (UTC). */
  weekend: z.boolean(),
  messages_sent: z.number(),
  first_responses: z.number(),
  issues_answered: z.number(),
  breaches: z.number(),
  minutes_logged: z.number(),
  engineers: z.array(ZActivityDayEngineer),
});
export type TActivityDay = z.infer<typeof ZActivityDay>;

/** v2: the range day by day (every day present, oldest first). */
export const ZActivityTimeline = z.object({
  range: ZReportRange,
  engineers: z.array(z.object({ user_id: z.number(), name: z.string() })),
  days: z.array(ZActivityDay),
});
export type TActivityTimeline = z.infer<typeof ZActivityTimeline>;
