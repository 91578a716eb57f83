/**
 * A file or an issue may name a cluster (cluster_id, a foreign key to clusters.id). It must be a
 * cluster of the same account: checked before anything is stored, so a made-up or another
 * account's id is a 400 with our message instead of a foreign-key failure.
 */
import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { and, eq } from "drizzle-orm";
import { clusters } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";

export async function assertClusterOfAccount(
  exec: Executor,
  accountId: number,
  clusterId: string | null | undefined,
): Promise<void> {
  if (clusterId === null || clusterId === undefined) return;
  const [row] = await exec
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.id, clusterId), eq(clusters.accountId, accountId)));
  if (!row) throw badRequest(CLUSTER_MESSAGES.clusterNotFound);
}
