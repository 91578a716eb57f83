/** Read models of organizations, shaped by the shared response schemas. */
import type { TAccountDetail, TAccountSummary } from "@portico/shared/schemas/accounts";
import { and, asc, count, desc, eq, ilike, inArray, isNull, notExists, type SQL, sql } from "drizzle-orm";
import { accounts, invites, memberships, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";
import type { AccountAccess } from "./accounts.policy";

type AccountRow = typeof accounts.$inferSelect;

/** The organization's member count, as a column of a query over `accounts`. */
/** Kept on the account by a trigger on memberships (migration 0015), so sorting by it reads no memberships. */
export const memberCount = sql<number>`${accounts.memberCount}`;

export function accountSummary(row: AccountRow, users: number): TAccountSummary {
  return {
    account_id: row.id,
    company: row.company,
    is_trial: row.isTrial,
    is_disabled: row.isDisabled,
    account_type: {
      type: (row.accountType as TAccountSummary["account_type"]["type"]) ?? null,
      serviceType: row.serviceType,
      status: (row.planStatus as TAccountSummary["account_type"]["status"]) ?? null,
      hasSupport: row.hasSupport,
    },
    users,
    created_at: row.createdAt.toISOString(),
  };
}

export interface PageQuery {
  page: number;
  page_size: number;
  q?: string | undefined;
}

/** All organizations (engineers) or the viewer's own (customers), by name. */
export async function listAccounts(exec: Executor, query: PageQuery, onlyForUserId?: number) {
  // An organization being purged (or purged) is no one's to see.
  const filters: SQL[] = [isNull(accounts.purgeStartedAt)];
  if (query.q) filters.push(ilike(accounts.company, containing(query.q)));
  if (onlyForUserId !== undefined) {
    const mine = exec
      .select({ id: memberships.accountId })
      .from(memberships)
      .where(eq(memberships.userId, onlyForUserId));
    filters.push(inArray(accounts.id, mine));
    // A disabled organization is out of its members' reach (the viewer leaves it out too).
    filters.push(eq(accounts.isDisabled, false));
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    exec
      .select({ account: accounts, users: memberCount })
      .from(accounts)
      .where(where)
      .orderBy(asc(sql`lower(${accounts.company})`))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    exec.select({ n: count() }).from(accounts).where(where),
  ]);
  return {
    items: rows.map((r) => accountSummary(r.account, r.users)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getAccountDetail(
  exec: Executor,
  accountId: number,
  access: AccountAccess,
): Promise<TAccountDetail | undefined> {
  const [row] = await exec
    .select({ account: accounts, users: memberCount })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) return undefined;
  const a = row.account;
  return {
    ...accountSummary(a, row.users),
    contract_capacity: a.contractCapacity,
    reported_capacity: a.reportedCapacity,
    sla_hours: a.slaHours,
    subscription_provider: (a.subscriptionProvider as TAccountDetail["subscription_provider"]) ?? null,
    currency_code: (a.currencyCode as TAccountDetail["currency_code"]) ?? null,
    last_message_at: a.lastMessageAt?.toISOString() ?? null,
    abilities: { rename: access.canManage, invite: access.canManage, manageUsers: access.canManage },
  };
}

export async function listTeams(exec: Executor, userId: number) {
  const rows = await exec
    .select({ account_id: accounts.id, company: accounts.company, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(accounts.isDisabled, false)))
    .orderBy(asc(memberships.createdAt), asc(accounts.id));
  return rows.map((r) => ({ ...r, role: r.role === "owner" ? ("owner" as const) : ("user" as const) }));
}

export async function listAccountUsers(exec: Executor, accountId: number) {
  const [members, pending] = await Promise.all([
    exec
      .select({ user: users, role: memberships.role, joined: memberships.createdAt })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.accountId, accountId))
      .orderBy(asc(users.name)),
    exec
      .select()
      .from(invites)
      .where(
        and(eq(invites.accountId, accountId), isNull(invites.acceptedAt), sql`${invites.expiresAt} > now()`),
      )
      .orderBy(desc(invites.createdAt)),
  ]);
  return {
    users: members.map((m) => ({
      user_id: m.user.id,
      name: m.user.name,
      email: m.user.email,
      role: m.role === "owner" ? ("owner" as const) : ("user" as const),
      is_disabled: m.user.isDisabled,
      mfa_enabled: m.user.mfaEnabled,
      joined_at: m.joined.toISOString(),
    })),
    invites: pending.map((i) => ({
      invite_id: i.id,
      email: i.email,
      role: i.role,
      created_at: i.createdAt.toISOString(),
    })),
  };
}

export async function listUsersWithoutMembership(exec: Executor, query: PageQuery) {
  const noMembership = notExists(exec.select().from(memberships).where(eq(memberships.userId, users.id)));
  const where = query.q ? and(noMembership, ilike(users.email, containing(query.q))) : noMembership;
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    exec.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map((u) => ({
      user_id: u.id,
      name: u.name,
      email: u.email,
      created_at: u.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
