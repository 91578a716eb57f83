/**
 * The vendor's console (issue 16): the customer list and page, every account action of spec §2.4,
 * the audit ("history"), time logs, engineers' roles on accounts (eng_acc_roles), following and
 * use cases. Every route here is under /api/auth (spec §7.1) and, unless said otherwise, for
 * vendor engineers only: a customer gets 403 and nothing changes.
 */
import { ORGANIZATION_DISABLED } from "../errors";
import { ACCOUNT_STATUS_FILTERS, CUSTOMER_QUICK_FILTERS, ENGINEER_ROLES } from "../rules/roles";
import { parseIsoDate, zId, zIdText } from "../validation";
import { z } from "../zod";
import { SERVICE_TYPES, ZAccountDetail, ZAccountSummary } from "./accounts";
import { ZSubscribedProduct } from "./billing";

export const CUSTOMER_MESSAGES = {
  stale: "This organization was changed by someone else. Reload to see their changes.",
  billingFixed: "The currency and payment provider are fixed once the organization has subscribed",
  notesLinkHttps: "The notes link must be an https:// address",
  notesLinkInvalid: "The notes link is not a valid address",
  notesLinkTooLong: "The notes link cannot be longer than 2000 characters",
  vendorAccount: "The vendor's own organization cannot be changed this way",
  notEmpty: "Only an empty organization can be deleted",
  accountDisabled: ORGANIZATION_DISABLED,
  adminsOnly: "Only an admin can do this",
  notVendorEngineer: "Only engineers of the vendor's own organization can be made admin",
  lastAdmin: "Portico needs at least one admin: make another engineer admin first",
  lastOwner: "An organization needs at least one owner: make someone else owner first",
  notAMember: "This user is not a member of the organization",
  notACustomer: "Only a customer's user can be added to an organization",
  alreadyMember: "This user is already a member of the organization",
  userNotFound: "User not found",
  notYourself: "You cannot do this to yourself",
  timeLogMinutes: "Minutes must be a whole number from 1 to 1440",
  timeLogDate: "Enter the date as yyyy-mm-dd, today or earlier",
  timeLogNoteTooLong: "The note cannot be longer than 2000 characters",
  timeLogNotFound: "Time log entry not found",
  timeLogOwnOnly: "Only the engineer who logged the time (or an admin) can delete it",
  issueNotOfAccount: "That issue is not one of this organization's",
  notAnEngineer: "Only vendor engineers can hold a role on an account",
  useCaseName: "Use case name is required",
  useCaseNameTooLong: "Use case name cannot be longer than 80 characters",
  useCaseDescriptionTooLong: "The description cannot be longer than 500 characters",
  useCaseTaken: "A use case of that name already exists",
  useCaseNotFound: "Use case not found",
} as const;

const M = CUSTOMER_MESSAGES;

// ---------------------------------------------------------------------------------------------
// The customer list: GET accountsinfo (customers: their own organizations; engineers: all) and
// GET accountsinfo/export (engineers: the same filters as CSV, every matching row).

export const CUSTOMER_SORTS = [
  "company",
  "created_at",
  "plan",
  "users",
  "contract_capacity",
  "reported_capacity",
  "last_message_at",
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const SORT_ORDERS = ["ASC", "DESC"] as const;

const csvList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v === "" ? [] : v.split(",")) : v),
    z.array(z.enum(values)).max(values.length),
  );
const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * Filters of spec §3/§6/§9. `quick_filter` = an engineer role narrows to accounts where
 * `engineer_id` (default: the viewer) holds that role. `status` absent = both. `plans` narrows
 * to those plans (empty = no narrowing). `trial=true` = only trial accounts. `following=true` =
 * accounts the viewer follows. Sorting is on the server (the list is paged): ties by company, id.
 */
export const ZCustomerListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
  quick_filter: z.enum(CUSTOMER_QUICK_FILTERS).default("all"),
  engineer_id: zIdText("engineer_id").optional(),
  status: z.enum(ACCOUNT_STATUS_FILTERS).optional(),
  plans: csvList(SERVICE_TYPES).default([]),
  trial: flag.optional(),
  following: flag.optional(),
  sort: z.enum(CUSTOMER_SORTS).default("company"),
  order: z.enum(SORT_ORDERS).default("ASC"),
});
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuery>;

export const ZEngineerOnAccount = z.object({
  role: z.enum(ENGINEER_ROLES),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
});
export type TEngineerOnAccount = z.infer<typeof ZEngineerOnAccount>;

/** One row of the customer list (engineers see every field; customers see their own organizations). */
export const ZCustomerRow = ZAccountSummary.extend({
  contract_capacity: z.number().nullable(),
  reported_capacity: z.number().nullable(),
  sla_hours: z.number().nullable(),
  subscription_provider: z.enum(["STRIPE", "CHARGEBEE"]).nullable(),
  currency_code: z.enum(["USD", "EUR"]).nullable(),
  last_message_at: z.string().nullable(),
  engineers: z.array(ZEngineerOnAccount),
  following: z.boolean(),
});
export type TCustomerRow = z.infer<typeof ZCustomerRow>;

/** The CSV's columns, in order (the export writes this header row). */
export const CUSTOMER_CSV_COLUMNS = [
  "account_id",
  "company",
  "status",
  "plan",
  "plan_status",
  "trial",
  "users",
  "contract_capacity_tib",
  "reported_capacity_tib",
  "sla_hours",
  "provider",
  "currency",
  "account_manager",
  "field_architect",
  "customer_engineer",
  "last_message_at",
  "created_at",
] as const;

// ---------------------------------------------------------------------------------------------
// The customer page: GET accountsinfo/:id answers ZCustomerDetail, ZAccountDetail
// (schemas/accounts.ts) with these extra fields.

export const ZUseCaseRef = z.object({ id: z.number(), name: z.string() });

export const ZAccountSubscriptionDates = z.object({
  plan: z.enum(SERVICE_TYPES),
  status: z.enum(["active", "canceled", "past_due"]),
  started_at: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  auto_renew: z.boolean(),
});

/** What an engineer may do on the customer page (customers: all false). */
export const ZAccountConsoleAbilities = z.object({
  editDetails: z.boolean(),
  disable: z.boolean(),
  enable: z.boolean(),
  /** Only an empty organization (no users, issues, files, clusters, licences, subscription). */
  delete: z.boolean(),
  /** Why delete is false, for the screen; null when it is true or the viewer is a customer. */
  deleteReason: z.string().nullable(),
  /** Admins only. */
  setAdmin: z.boolean(),
  logTime: z.boolean(),
});

export const ZAccountConsoleFields = z.object({
  notes_link: z.string().nullable(),
  /** Optimistic concurrency: send it back with POST accounts/:id. */
  version: z.number(),
  subscription: ZAccountSubscriptionDates.nullable(),
  subscribed_products: z.array(ZSubscribedProduct),
  eng_acc_roles: z.array(ZEngineerOnAccount),
  use_cases: z.array(ZUseCaseRef),
  following: z.boolean(),
  console: ZAccountConsoleAbilities,
});

/** GET accountsinfo/:id: the account (spec §3) with the console's fields (customers: notes_link null, console all false). */
export const ZCustomerDetail = ZAccountDetail.extend(ZAccountConsoleFields.shape);
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

// ---------------------------------------------------------------------------------------------
// Account actions

/** https://host[:port][/path][?query][#fragment]; no spaces, no credentials in the address. */
const HTTPS_URL = /^https:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

const notesLink = z
  .string()
  .trim()
  .max(2000, M.notesLinkTooLong)
  .refine((v) => /^https:\/\//i.test(v), M.notesLinkHttps)
  .refine((v) => HTTPS_URL.test(v), M.notesLinkInvalid);

/** POST accounts/:id: edit org details (engineers). Empty string or null clears the notes link. */
export const ZUpdateAccountDetailsRequest = z.object({
  version: zId("version"),
  has_support: z.boolean().optional(),
  is_trial: z.boolean().optional(),
  notes_link: z.union([z.literal("").transform(() => null), z.null(), notesLink]).optional(),
  /** Only while the organization has never subscribed (billing fixes them once it has). */
  currency_code: z.enum(["USD", "EUR"]).optional(),
  subscription_provider: z.enum(["STRIPE", "CHARGEBEE"]).optional(),
});

/** POST account/:id {disable}: disable or enable an organization (engineers). */
export const ZDisableRequest = z.object({ disable: z.boolean({ error: "disable must be true or false" }) });

/** POST set-admin: grant or remove the vendor admin role (admins only; engineers of account 1 only). */
export const ZSetAdminRequest = z.object({ user_id: zId("user_id"), admin: z.boolean() });

export const ZSetAdminResponse = z.object({ user_id: z.number(), admin: z.boolean() });

/** POST set-account-owner: owner of their organization, or back to user (engineers, or owners of it). */
export const ZSetAccountOwnerRequest = z.object({
  account_id: zId("account_id"),
  user_id: zId("user_id"),
  owner: z.boolean().default(true),
});

export const ZAccountOwnerResponse = z.object({
  account_id: z.number(),
  user_id: z.number(),
  role: z.enum(["user", "owner"]),
});

/**
 * POST set-team: add a user to an organization, or move them from `from_account_id` to it (one
 * transaction). A "team" is an organization membership, as GET teams answers. Engineers only.
 */
export const ZSetTeamRequest = z.object({
  user_id: zId("user_id"),
  account_id: zId("account_id"),
  role: z.enum(["user", "owner"]).default("user"),
  from_account_id: zId("from_account_id").optional(),
});

/** POST users/:id/disable {disable}: engineers; disabling signs the user out everywhere. */
export const ZUserIdParam = z.object({ id: zIdText() });

/** DELETE users?aid=&user_ids=1,2: remove users from the organization (owners of it, engineers). */
export const ZRemoveUsersQuery = z.object({
  aid: zIdText("aid"),
  user_ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
    z.array(zIdText("user_ids")).min(1, "Choose at least one user").max(100),
  ),
});

/** POST users/:id/mfa {enable_mfa}: engineers turn another user's sign-in code on or off; the user is e-mailed. */
export const ZUserMfaRequest = z.object({ enable_mfa: z.boolean() });

export const ZUserStateResponse = z.object({
  user_id: z.number(),
  is_disabled: z.boolean(),
  mfa_enabled: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// The audit: GET accounts/:id/history (engineers), newest first.

export const AUDIT_ACTIONS = [
  "account.created",
  "account.renamed",
  "account.details_updated",
  "account.disabled",
  "account.enabled",
  "account.deleted",
  "user.invited",
  "invite.revoked",
  "user.removed",
  "user.disabled",
  "user.enabled",
  "user.made_owner",
  "user.owner_removed",
  "user.team_added",
  "user.team_moved",
  "user.admin_granted",
  "user.admin_revoked",
  "user.mfa_enabled",
  "user.mfa_disabled",
  "licence.trial_issued",
  "subscription.changed",
  "subscription.ended",
  "subscription.cancelled",
  "subscription.reactivated",
  "file.uploaded",
  "file.deleted",
  "time.logged",
  "time.deleted",
  "engineers.changed",
  "use_cases.changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ZAuditEntry = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it; null when the actor's user was since deleted (actor_name keeps the name). */
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  /** Whom it was done to, for user actions. */
  target_user_id: z.number().nullable(),
  target_name: z.string().nullable(),
  /** What changed: small, action-specific (e.g. {from, to}, {email}, {minutes}). */
  details: z.record(z.string(), z.unknown()),
  /** The address the request came from (TRUST_PROXY decides which one). */
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

// ---------------------------------------------------------------------------------------------
// Time log: engineers log time spent on an account.

const workDate = z.string({ error: M.timeLogDate }).refine((v) => {
  const date = parseIsoDate(v);
  return date !== null && date.getTime() <= Date.now();
}, M.timeLogDate);

/** POST accounts/:id/time-logs */
export const ZTimeLogRequest = z.object({
  work_date: workDate,
  minutes: z
    .number({ error: M.timeLogMinutes })
    .int(M.timeLogMinutes)
    .min(1, M.timeLogMinutes)
    .max(1440, M.timeLogMinutes),
  note: z.string().trim().max(2000, M.timeLogNoteTooLong).default(""),
  issue_number: zId("issue_number").nullable().optional(),
});

export const ZTimeLog = z.object({
  id: z.number(),
  account_id: z.number(),
  company: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  work_date: z.string(),
  minutes: z.number(),
  note: z.string(),
  issue_number: z.number().nullable(),
  created_at: z.string(),
});
export type TTimeLog = z.infer<typeof ZTimeLog>;

export const ZTimeLogList = z.object({
  items: z.array(ZTimeLog),
  total: z.number(),
  total_minutes: z.number(),
  page: z.number(),
  page_size: z.number(),
});

/** GET accounts/:id/time-logs and GET time-logs (per engineer; default the viewer). */
export const ZTimeLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  user_id: zIdText("user_id").optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

export const ZTimeLogParams = z.object({ id: zIdText(), logId: zIdText("logId") });

// ---------------------------------------------------------------------------------------------
// Account management info: engineers' roles on an account (eng_acc_roles), one engineer per role.

/** PUT accounts/:id/engineers: each role's engineer, or null for none. */
export const ZSetAccountEngineersRequest = z.object({
  account_manager: zId("account_manager").nullable(),
  field_architect: zId("field_architect").nullable(),
  customer_engineer: zId("customer_engineer").nullable(),
});
export const ZAccountEngineers = z.object({ roles: z.array(ZEngineerOnAccount) });

// ---------------------------------------------------------------------------------------------
// Following: GET accounts/following; POST / DELETE accounts/:id/follow (engineers).

export const ZFollowedAccount = z.object({
  account_id: z.number(),
  company: z.string(),
  followed_at: z.string(),
});
export const ZFollowResult = z.object({ following: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Use cases: a vendor-wide list (GET use-cases for everyone signed in; POST/PUT/DELETE engineers),
// chosen per account with PUT accounts/:id/use-cases.

export const ZUseCase = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  accounts: z.number(),
});
export type TUseCase = z.infer<typeof ZUseCase>;

export const ZUseCaseRequest = z.object({
  name: z.string({ error: M.useCaseName }).trim().min(1, M.useCaseName).max(80, M.useCaseNameTooLong),
  description: z.string().trim().max(500, M.useCaseDescriptionTooLong).default(""),
});

export const ZSetAccountUseCasesRequest = z.object({
  use_case_ids: z.array(zId("use_case_ids")).max(50),
});

// ---------------------------------------------------------------------------------------------
// The account's alerts: GET accounts/:id/alerts (engineers), one row per raised alert.

export const ZAccountAlert = z.object({
  alert_id: z.number(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  /** How many users got it, and how many of them read it. */
  recipients: z.number(),
  read: z.number(),
});
export const ZAccountAlertPage = z.object({
  items: z.array(ZAccountAlert),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
