/**
 * Role rules and engineer-side filters of spec §6 and §9. Pure predicates over facts the
 * caller already has, so the server's checks and the web app's hidden buttons agree.
 */

import { type ACCOUNT_TYPES, type PLAN_STATUSES, SERVICE_TYPES } from "../schemas/accounts";
import { z } from "../zod";

export type AccountTypeName = (typeof ACCOUNT_TYPES)[number];
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Roles in the vendor's own account (id 1): whoever holds one is an engineer (admins included). */
export const VENDOR_STAFF_ROLES = ["engineer", "admin"] as const;

/** The one test of "is this an engineer", from a user's role in the vendor's account. */
export function isEngineerRole(vendorRole: string | null | undefined): boolean {
  return (VENDOR_STAFF_ROLES as readonly string[]).includes(vendorRole ?? "");
}

/** Only the owner of a recurring (SUBSCRIBED), not cancelled account manages its subscription. */
export function canManageSubscription(input: {
  isOwner: boolean;
  accountType: AccountTypeName | string | null | undefined;
  isCancelled: boolean;
}): boolean {
  return input.isOwner && input.accountType === "SUBSCRIBED" && !input.isCancelled;
}

/** Non-engineers whose plan is canceled get the restricted (read-mostly) app. */
export function isRestricted(input: {
  isEngineer: boolean;
  planStatus: PlanStatus | string | null | undefined;
}): boolean {
  return !input.isEngineer && input.planStatus === "canceled";
}

/** Roles an engineer can hold on a customer account (eng_acc_roles); the customer filter selects by them. */
export const ENGINEER_ROLES = ["account_manager", "field_architect", "customer_engineer"] as const;
export type EngineerRole = (typeof ENGINEER_ROLES)[number];

export const ENGINEER_ROLE_LABELS: Readonly<Record<EngineerRole, string>> = {
  account_manager: "Account manager",
  field_architect: "Field architect",
  customer_engineer: "Customer engineer",
};

export const ENGINEER_ROLE_FILTERS: readonly { value: EngineerRole; label: string }[] = ENGINEER_ROLES.map(
  (value) => ({ value, label: ENGINEER_ROLE_LABELS[value] }),
);

/** Quick filters of the customer list: everything, or the accounts an engineer holds a role on. */
export const CUSTOMER_QUICK_FILTERS = ["all", ...ENGINEER_ROLES] as const;
export type CustomerQuickFilter = (typeof CUSTOMER_QUICK_FILTERS)[number];

/** Issue-list filters by who is assigned (spec §9). */
export const ASSIGNMENT_FILTERS = [
  "unassigned",
  "assigned",
  "assignee",
  "following",
  "participating",
  "unread",
  "on_call",
  "all",
] as const;
export type AssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

export const ACCOUNT_STATUS_FILTERS = ["active", "disabled"] as const;
export type AccountStatusFilter = (typeof ACCOUNT_STATUS_FILTERS)[number];

/**
 * The persisted customer filter (spec §3). The quick filter is "all" or an engineer role;
 * with a role, userId/userName name the engineer holding it. `plans: []` means no plan is
 * selected, i.e. plans don't narrow the list.
 */
export const ZCustomerFilter = z.object({
  quickFilter: z.enum(CUSTOMER_QUICK_FILTERS),
  userId: z.number().int().positive().nullable(),
  userName: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUS_FILTERS),
  plans: z.array(z.enum(SERVICE_TYPES)),
  trial: z.boolean(),
});
export type CustomerFilter = z.infer<typeof ZCustomerFilter>;

/** Spec §9: all, active, no plans, not trial. Frozen: copy it before changing a field. */
export const DEFAULT_CUSTOMER_FILTER: Readonly<
  Omit<CustomerFilter, "plans"> & { plans: readonly ServiceType[] }
> = Object.freeze({
  quickFilter: "all",
  userId: null,
  userName: null,
  status: "active",
  plans: Object.freeze([]),
  trial: false,
});

/** A filter read back from client storage; anything unreadable falls back to the default. */
export function parseCustomerFilter(value: unknown): CustomerFilter {
  const parsed = ZCustomerFilter.safeParse(value);
  return parsed.success ? parsed.data : { ...DEFAULT_CUSTOMER_FILTER, plans: [] };
}
