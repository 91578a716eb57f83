/** Accounts an engineer follows (the customer list's Following filter). Following twice is following. */
import { and, eq, sql } from "drizzle-orm";
import { accountFollowers, accounts } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

/** The viewer's followed accounts, by company name. */
export async function listFollowedAccounts(exec: Executor, userId: number) {
  const rows = await exec
    .select({
      account_id: accountFollowers.accountId,
      company: accounts.company,
      followed_at: accountFollowers.createdAt,
    })
    .from(accountFollowers)
    .innerJoin(accounts, eq(accounts.id, accountFollowers.accountId))
    .where(eq(accountFollowers.userId, userId))
    .orderBy(sql`lower(${accounts.company})`, accounts.id);
  return rows.map((r) => ({ ...r, followed_at: r.followed_at.toISOString() }));
}

export async function setFollowing(exec: Executor, userId: number, accountId: number, following: boolean) {
  if (following) {
    await exec.insert(accountFollowers).values({ accountId, userId }).onConflictDoNothing();
  } else {
    await exec
      .delete(accountFollowers)
      .where(and(eq(accountFollowers.accountId, accountId), eq(accountFollowers.userId, userId)));
  }
  return { following };
}
