/**
 * Who may see and change clusters. Clusters belong to an account: its members and engineers see
 * them (anyone else: the account is not found); owners of the account and engineers register,
 * rename, delete them and rotate their keys (a plain member: 403). The explorer is gated by the
 * spec §6 rule for the account acted on.
 */
import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import type { Config } from "../../config";
import { featureAllowed } from "../../platform/auth/feature-gate";
import { resolveAccount, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { forbidden } from "../../platform/errors";
import { assertMaySeeAccount } from "../accounts/accounts.policy";

export const assertMaySeeClusters = (exec: Executor, viewer: Viewer, accountId: number) =>
  assertMaySeeAccount(exec, viewer, accountId);

/** 404 unless the account is visible, 403 unless the viewer owns it or is an engineer. */
export async function assertMayChangeClusters(exec: Executor, viewer: Viewer, accountId: number) {
  const access = await assertMaySeeAccount(exec, viewer, accountId);
  if (!access.canManage) throw forbidden(CLUSTER_MESSAGES.ownersOnly);
}

/**
 * The account a /api/health call reads: `accId` (404 unless visible), else `aid` (a customer's
 * own only), else the viewer's organization.
 */
export async function healthAccount(
  exec: Executor,
  viewer: Viewer,
  accId: number | undefined,
  aid: number | undefined,
): Promise<number> {
  const accountId = accId ?? resolveAccount(viewer, aid).accountId;
  await assertMaySeeAccount(exec, viewer, accountId);
  return accountId;
}

/** 403 explorerNotAvailable where spec §6 keeps the cluster explorer closed. */
export function assertExplorerAllowed(
  config: Pick<Config, "deployEnv">,
  viewer: Viewer | null,
  accountId: number,
) {
  const allowed = featureAllowed(config, viewer, "cluster_explorer", accountId);
  if (!allowed) throw forbidden(CLUSTER_MESSAGES.explorerNotAvailable);
}
