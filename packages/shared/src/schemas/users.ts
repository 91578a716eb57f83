/**
 * The users directory (issue 17; spec §2.2 /users and /users-without-membership). Engineers only.
 *
 * - GET  /api/auth/users                      ZUserDirectoryQuery → ZPage(ZDirectoryUser), by name
 * - POST /api/auth/invites/:id/resend?aid=    → ZResentInvite (owner of aid or engineer): a fresh
 *                                                token and e-mail; the same limits as inviting
 *
 * Attaching a user without membership uses the existing POST set-team {user_id, account_id, role}.
 */
import { z } from "../zod";

export const USER_DIRECTORY_KINDS = ["all", "customers", "engineers"] as const;
export type UserDirectoryKind = (typeof USER_DIRECTORY_KINDS)[number];
export const USER_DIRECTORY_STATUSES = ["all", "enabled", "disabled"] as const;
export type UserDirectoryStatus = (typeof USER_DIRECTORY_STATUSES)[number];
export const USER_DIRECTORY_MEMBERSHIPS = ["any", "none"] as const;
export type UserDirectoryMembership = (typeof USER_DIRECTORY_MEMBERSHIPS)[number];

export const USER_MESSAGES = {
  inviteNotFound: "Invite not found",
} as const;

const emptyIsAbsent = (v: unknown) => (v === "" ? undefined : v);

/** GET /api/auth/users: `q` matches a name or e-mail containing it (case-insensitive). */
export const ZUserDirectoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  q: z.preprocess(emptyIsAbsent, z.string().trim().max(100).optional()),
  kind: z.preprocess(emptyIsAbsent, z.enum(USER_DIRECTORY_KINDS).default("all")),
  status: z.preprocess(emptyIsAbsent, z.enum(USER_DIRECTORY_STATUSES).default("all")),
  membership: z.preprocess(emptyIsAbsent, z.enum(USER_DIRECTORY_MEMBERSHIPS).default("any")),
});
export type TUserDirectoryQuery = z.infer<typeof ZUserDirectoryQuery>;
/** What a client may send (every field optional). */
export type TUserDirectoryQueryInput = z.input<typeof ZUserDirectoryQuery>;

export const ZUserOrganization = z.object({
  account_id: z.number(),
  company: z.string(),
  role: z.enum(["user", "owner"]),
});
export type TUserOrganization = z.infer<typeof ZUserOrganization>;

export const ZDirectoryUser = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  /** A member of the vendor's organization with role engineer or admin. */
  is_engineer: z.boolean(),
  is_admin: z.boolean(),
  is_disabled: z.boolean(),
  mfa_enabled: z.boolean(),
  created_at: z.string(),
  /** The customer organizations the user belongs to, by company (organizations being purged left out). */
  organizations: z.array(ZUserOrganization),
});
export type TDirectoryUser = z.infer<typeof ZDirectoryUser>;

export const ZUserDirectoryPage = z.object({
  items: z.array(ZDirectoryUser),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TUserDirectoryPage = z.infer<typeof ZUserDirectoryPage>;

/** POST /api/auth/invites/:id/resend?aid=: the invitation, with its new date. */
export const ZResentInvite = z.object({
  invite_id: z.number(),
  email: z.string(),
  role: z.enum(["user", "owner"]),
  created_at: z.string(),
});
export type TResentInvite = z.infer<typeof ZResentInvite>;
