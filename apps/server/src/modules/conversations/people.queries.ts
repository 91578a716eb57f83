/** The people of conversations: who an issue can involve, and the vendor's engineers. */
import { VENDOR_STAFF_ROLES } from "@portico/shared/rules/roles";
import type { TEngineer } from "@portico/shared/schemas/conversations";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { engineerSettings, memberships, users } from "../../db/schema";
import { isEngineerSql, VENDOR_ACCOUNT_ID } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";

export interface PeopleQuery {
  page: number;
  page_size: number;
  q?: string | undefined;
}

/**
 * Enabled users an issue of `accountId` can involve: the account's members and the engineers.
 * Without an account (engineers only), every enabled user. Engineers first, then by name.
 */
export async function listChatUsers(exec: Executor, accountId: number | undefined, query: PeopleQuery) {
  const member =
    accountId === undefined
      ? undefined
      : sql<boolean>`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.accountId} = ${accountId})`;
  const isEngineer = isEngineerSql(users.id);
  const filters: SQL[] = [eq(users.isDisabled, false)];
  if (member) filters.push(or(member, isEngineer) as SQL);
  if (query.q)
    filters.push(or(ilike(users.name, containing(query.q)), ilike(users.email, containing(query.q))) as SQL);
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    exec
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        defaultAccountId: users.defaultAccountId,
        isEngineer,
        isMember: member ?? sql<boolean>`false`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(isEngineer), asc(users.name), asc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    exec.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Engineers (and admins) of the vendor with their settings; defaults where none were saved. */
export async function listEngineers(
  exec: Executor,
  opts: { onCallOnly?: boolean; availableOnly?: boolean; userId?: number } = {},
): Promise<Array<Omit<TEngineer, "online"> & { email: string }>> {
  const filters: SQL[] = [eq(users.isDisabled, false)];
  if (opts.onCallOnly) filters.push(eq(engineerSettings.isOnCall, true));
  if (opts.availableOnly) filters.push(sql`coalesce(${engineerSettings.isAvailable}, true)`);
  if (opts.userId !== undefined) filters.push(eq(users.id, opts.userId));
  const rows = await exec
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      is_available: sql<boolean>`coalesce(${engineerSettings.isAvailable}, true)`,
      is_contributor: sql<boolean>`coalesce(${engineerSettings.isContributor}, false)`,
      is_on_call: sql<boolean>`coalesce(${engineerSettings.isOnCall}, false)`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(engineerSettings, eq(engineerSettings.userId, users.id))
    .where(
      and(
        eq(memberships.accountId, VENDOR_ACCOUNT_ID),
        inArray(memberships.role, [...VENDOR_STAFF_ROLES]),
        ...filters,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows;
}
