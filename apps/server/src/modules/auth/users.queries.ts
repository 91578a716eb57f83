import { eq, sql } from "drizzle-orm";
import { accounts, memberships, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

export { loadVendorRole } from "../../platform/auth/viewer";

export async function findUserByEmail(exec: Executor, email: string) {
  const [user] = await exec.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/**
 * True when every organization the user belongs to is disabled (issue 16): such a member may not
 * sign in or refresh. A user who belongs to none yet (a new sign-up) is not locked out.
 */
export async function onlyInDisabledOrganizations(exec: Executor, userId: number): Promise<boolean> {
  const [row] = await exec
    .select({
      enabled: sql<number>`count(*) filter (where not ${accounts.isDisabled})::int`,
      disabled: sql<number>`count(*) filter (where ${accounts.isDisabled})::int`,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId));
  return row !== undefined && row.enabled === 0 && row.disabled > 0;
}
