/** Who may see and manage an organization. A foreign organization is "not found", never described. */
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { accounts } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { membershipRole, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { forbidden, notFound } from "../../platform/errors";
import { purgedError, wasPurged } from "../purge/purged";

export const ACCOUNT_NOT_FOUND = "Account not found";
export const OWNERS_ONLY = "Only an owner of the organization can do this";

export interface AccountAccess {
  /** The viewer's membership role, or null for an engineer outside the account. */
  role: "user" | "owner" | "engineer" | "admin" | null;
  canManage: boolean;
}

/**
 * A member's access comes from the memberships the viewer already carries; only an engineer
 * outside the account costs a query (does the account exist?).
 */
export async function accountAccess(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
): Promise<AccountAccess | undefined> {
  const role = membershipRole(viewer, accountId) ?? null;
  if (!viewer.isEngineer) return role ? { role, canManage: role === "owner" } : undefined;
  if (role) return { role, canManage: true };
  const [row] = await exec
    .select({ id: accounts.id, purgeStartedAt: accounts.purgeStartedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  // A purged organization (being purged, or gone after a purge) answers 410 to engineers.
  if (row?.purgeStartedAt || (!row && (await wasPurged(exec, accountId)))) throw purgedError();
  return row ? { role: null, canManage: true } : undefined;
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

/** The viewer of an engineers-only route (403 for anyone else, before anything is read). */
export function requireEngineer(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  assertEngineer(viewer);
  return viewer;
}
