/** Who may see and manage an organization. A foreign organization is "not found", never described. */
import { and, eq } from "drizzle-orm";
import { accounts, memberships } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { forbidden, notFound } from "../../platform/errors";

export const ACCOUNT_NOT_FOUND = "Account not found";
export const OWNERS_ONLY = "Only an owner of the organization can do this";

export interface AccountAccess {
  /** The viewer's membership role, or null for an engineer outside the account. */
  role: "user" | "owner" | "engineer" | "admin" | null;
  canManage: boolean;
}

export async function accountAccess(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
): Promise<AccountAccess | undefined> {
  const [row] = await exec
    .select({ id: accounts.id, role: memberships.role })
    .from(accounts)
    .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.userId, viewer.userId)))
    .where(eq(accounts.id, accountId));
  if (!row) return undefined;
  if (viewer.isEngineer) return { role: row.role, canManage: true };
  if (!row.role) return undefined;
  return { role: row.role, canManage: row.role === "owner" };
}

/** 404 unless the viewer may see the account. */
export async function assertMaySeeAccount(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
): Promise<AccountAccess> {
  const access = await accountAccess(exec, viewer, accountId);
  if (!access) throw notFound(ACCOUNT_NOT_FOUND);
  return access;
}

/** 404 unless visible, 403 unless the viewer owns it or is an engineer. */
export async function assertMayManageAccount(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
): Promise<void> {
  const access = await assertMaySeeAccount(exec, viewer, accountId);
  if (!access.canManage) throw forbidden(OWNERS_ONLY);
}

export function assertEngineer(viewer: Viewer): void {
  if (!viewer.isEngineer) throw forbidden("Only vendor engineers can do this");
}
