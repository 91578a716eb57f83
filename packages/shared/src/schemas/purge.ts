/**
 * Purging an account (issue 17; spec §7.1 "purge list, details and info"): its personal data,
 * files (local and S3), clusters, tokens and licences go for good, in a resumable background
 * job; one `account_purges` row is kept with what was removed. Engineers only.
 *
 * - GET  /api/auth/accounts/:id/purge-info  ZPurgeInfo: what a purge would remove, and whether it may
 * - POST /api/auth/accounts/:id/purge       ZPurgeRequest → 202 ZPurgeRecord (the job runs after)
 * - GET  /api/auth/purge                    ZPurgeListQuery → ZPage(ZPurgeRecord), newest first
 * - GET  /api/auth/purge/:id                ZPurgeRecord
 */
import { z } from "../zod";

export const PURGE_MESSAGES = {
  vendorAccount: "The vendor's own organization cannot be purged",
  activeSubscription:
    "This organization has an active paid subscription: end the subscription before purging it",
  confirmMismatch: "Type the organization's name exactly to confirm the purge",
  alreadyPurging: "This organization is already being purged",
  /** 410 to anyone acting on an account that was (or is being) purged. */
  purged: "This organization was purged",
  recordNotFound: "Purge record not found",
  reasonTooLong: "The reason cannot be longer than 500 characters",
} as const;

/** The job's stages, in order; each deletes in batches and commits its progress. */
export const PURGE_STAGES = [
  "files",
  "clusters",
  "issues",
  "access",
  "billing",
  "people",
  "account",
  "done",
] as const;
export type PurgeStage = (typeof PURGE_STAGES)[number];

/** What a purge removes (or removed), by kind. Every key is a count; file_bytes is bytes. */
export const PURGE_COUNT_LABELS = {
  users: "Users (members of no other organization)",
  memberships: "Memberships",
  invites: "Invitations",
  issues: "Issues",
  messages: "Messages",
  files: "Files",
  file_bytes: "Bytes of files",
  clusters: "Clusters",
  cluster_reports: "Cluster reports",
  api_tokens: "API tokens",
  registration_keys: "Registration keys",
  licences: "Licences",
  subscriptions: "Subscriptions",
  payments: "Payments",
  alerts: "Alerts",
  todos: "Todos",
  meetings: "Meetings",
  time_logs: "Time logs",
  feedback: "Feedback",
  audit_entries: "History entries",
} as const;
export type PurgeCountKey = keyof typeof PURGE_COUNT_LABELS;
export type PurgeCounts = Partial<Record<PurgeCountKey, number>>;

export const ZPurgeCounts = z.record(z.string(), z.number().int().min(0));

export const ZPurgeRequest = z.object({
  /** The organization's name, typed by the engineer as confirmation (compared case-sensitively, trimmed). */
  company: z.string().trim().min(1, PURGE_MESSAGES.confirmMismatch).max(200, PURGE_MESSAGES.confirmMismatch),
  reason: z.string().trim().max(500, PURGE_MESSAGES.reasonTooLong).optional(),
});
export type TPurgeRequest = z.infer<typeof ZPurgeRequest>;

export const ZPurgeInfo = z.object({
  account_id: z.number(),
  company: z.string(),
  /** Whether a purge may start now; `reason` says why not. */
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** What would be removed now. */
  contents: ZPurgeCounts,
});
export type TPurgeInfo = z.infer<typeof ZPurgeInfo>;

export const ZPurgeRecord = z.object({
  id: z.number(),
  account_id: z.number(),
  company: z.string(),
  reason: z.string().nullable(),
  requested_by: z.object({ user_id: z.number().nullable(), name: z.string() }),
  requested_at: z.string(),
  status: z.enum(["running", "done", "failed"]),
  stage: z.enum(PURGE_STAGES),
  /** Removed so far (all of it once done). */
  counts: ZPurgeCounts,
  last_error: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TPurgeRecord = z.infer<typeof ZPurgeRecord>;

export const ZPurgeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  /** Company contains. */
  q: z.string().trim().max(100).optional(),
});
