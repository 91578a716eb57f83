import { organizationName, zId, zIdText } from "../validation";
import { z } from "../zod";

export const VENDOR_ACCOUNT_ID = 1;

export const ACCOUNT_TYPES = ["SUBSCRIBED", "CUSTOM"] as const;
export const SERVICE_TYPES = [
  "STANDARD",
  "ENTERPRISE",
  "ENTERPRISE-LITE",
  "ENTERPRISE-PLUS",
  "TRIAL",
  "CUSTOM",
] as const;
export const PLAN_STATUSES = ["active", "canceled", "past_due"] as const;

export const ZAccountType = z.object({
  type: z.enum(ACCOUNT_TYPES).nullable(),
  serviceType: z.string().nullable(),
  status: z.enum(PLAN_STATUSES).nullable(),
  hasSupport: z.boolean(),
});
export type TAccountType = z.infer<typeof ZAccountType>;

/** GET /api/chat/user */
export const ZUserInfo = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  /** The account acted on by default; null until the user creates or joins one. */
  accountId: z.number().nullable(),
  companyName: z.string().nullable(),
  isEngineer: z.boolean(),
  /** "admin" for vendor admins, "account_owner" when owner of accountId. */
  roles: z.array(z.enum(["admin", "account_owner"])),
  accountType: ZAccountType.nullable(),
  mfaEnabled: z.boolean(),
  /** Whether GET user/{userId}/thumbnail has a picture to serve (so the app asks only then). */
  hasPicture: z.boolean(),
  /**
   * A customer who has not finished or dismissed the welcome tour (issue 18): the app offers it
   * once. Always false for engineers and for users who existed before the tour.
   */
  tourPending: z.boolean(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** PUT /api/chat/user/tour: the welcome tour was finished or dismissed (true), or is offered again (false). */
export const ZTourRequest = z.object({ completed: z.boolean() });

export const ZAccountSummary = z.object({
  account_id: z.number(),
  company: z.string(),
  is_trial: z.boolean(),
  is_disabled: z.boolean(),
  account_type: ZAccountType,
  users: z.number(),
  created_at: z.string(),
});
export type TAccountSummary = z.infer<typeof ZAccountSummary>;

export const ZAccountDetail = ZAccountSummary.extend({
  contract_capacity: z.number().nullable(),
  reported_capacity: z.number().nullable(),
  sla_hours: z.number().nullable(),
  subscription_provider: z.enum(["STRIPE", "CHARGEBEE"]).nullable(),
  currency_code: z.enum(["USD", "EUR"]).nullable(),
  last_message_at: z.string().nullable(),
  /** What the viewer may do with this account. */
  abilities: z.object({ rename: z.boolean(), invite: z.boolean(), manageUsers: z.boolean() }),
});
export type TAccountDetail = z.infer<typeof ZAccountDetail>;

export const ZAccountUser = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["user", "owner"]),
  is_disabled: z.boolean(),
  /** The e-mailed sign-in code is on (owners and engineers see who has it). */
  mfa_enabled: z.boolean(),
  joined_at: z.string(),
});
export type TAccountUser = z.infer<typeof ZAccountUser>;

export const ZPendingInvite = z.object({
  invite_id: z.number(),
  email: z.string(),
  role: z.enum(["user", "owner"]),
  created_at: z.string(),
});

export const ZAccountUsersResponse = z.object({
  users: z.array(ZAccountUser),
  invites: z.array(ZPendingInvite),
});

/** GET /api/auth/teams: the organizations the caller belongs to. */
export const ZTeam = z.object({
  account_id: z.number(),
  company: z.string(),
  role: z.enum(["user", "owner"]),
});
export type TTeam = z.infer<typeof ZTeam>;

/**
 * POST accounts: the new organization. A customer who creates one owns it; an engineer creating a
 * customer's organization from the console does not join it (engineers reach every organization),
 * so `role` is null.
 */
export const ZCreatedAccount = ZTeam.extend({ role: z.enum(["user", "owner"]).nullable() });
export type TCreatedAccount = z.infer<typeof ZCreatedAccount>;

export const ZPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });

/** `:id` in a path. */
export const ZIdParam = z.object({ id: zIdText() });

/** `?aid=`: the account a request acts on (DESIGN §4); empty means none. */
export const ZAidQuery = z.object({
  aid: z.preprocess((v) => (v === "" ? undefined : v), zIdText("aid").optional()),
});

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
});

export const ZCreateAccountRequest = z.object({ company: organizationName });
export const ZValidateOrganizationNameRequest = z.object({ name: organizationName });
export const ZUpdateOrganizationNameRequest = z.object({
  account_id: zId("account_id"),
  name: organizationName,
});

export const ZUserWithoutMembership = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});

export const ORGANIZATION_NAME_TAKEN = "Organization name is already taken";
