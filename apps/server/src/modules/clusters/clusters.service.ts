/**
 * Commands on clusters, one transaction each: register (idempotent by deployment id), rename,
 * rotate the call-home key, delete. Deleting removes the clusters' reports (cascade) and their
 * health_report files (rows now, bytes by the files purge job); other files and issues stay,
 * no longer naming the cluster.
 */
import { CALL_HOME_KEY_PREFIX, CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts, clusters, files, jobs } from "../../db/schema";
import { issueSecret } from "../../platform/auth/secrets";
import type { Db, Executor } from "../../platform/db/client";
import { badRequest, notFound } from "../../platform/errors";
import { PURGE_FILE_JOB } from "../files/files.jobs";
import { reissueLicenceForClusters } from "../licences/licences.service";
import { type ClusterListRow, findCluster } from "./clusters.queries";

export interface RegisterInput {
  name: string;
  description: string;
  deployment_id: string;
}

export interface Registered {
  cluster: ClusterListRow;
  created: boolean;
  callHomeKey: string | null;
}

/**
 * The account's cluster of that deployment id, created if new. Two registrations at once insert
 * one row: the second waits on the first's unique key, does nothing, then reads the committed row.
 */
export async function registerCluster(
  db: Db,
  /** The user registering it; null for a registration key or an API token. */
  registeredBy: number | null,
  accountId: number,
  input: RegisterInput,
): Promise<Registered> {
  const key = issueSecret(CALL_HOME_KEY_PREFIX);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(clusters)
      .values({
        id: crypto.randomUUID(),
        accountId,
        deploymentId: input.deployment_id,
        name: input.name,
        description: input.description,
        registeredBy,
        callHomeKeyHash: key.hash,
        callHomeKeyHint: key.hint,
      })
      .onConflictDoNothing({ target: [clusters.accountId, clusters.deploymentId] })
      .returning({ id: clusters.id });
    const [row] = await tx
      .select({ id: clusters.id })
      .from(clusters)
      .where(and(eq(clusters.accountId, accountId), eq(clusters.deploymentId, input.deployment_id)));
    const cluster = row && (await findCluster(tx, accountId, row.id));
    if (!cluster) throw new Error("registered cluster not found");
    if (inserted) await reissueLicenceForClusters(tx, accountId);
    return { cluster, created: inserted !== undefined, callHomeKey: inserted ? key.secret : null };
  });
}

const clusterWhere = (accountId: number, clusterId: string) =>
  and(eq(clusters.accountId, accountId), eq(clusters.id, clusterId));

export async function updateCluster(
  db: Db,
  accountId: number,
  clusterId: string,
  change: { name?: string | undefined; description?: string | undefined },
): Promise<ClusterListRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(clusters)
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.description === undefined ? {} : { description: change.description }),
        updatedAt: sql`now()`,
      })
      .where(clusterWhere(accountId, clusterId))
      .returning({ id: clusters.id });
    const cluster = row && (await findCluster(tx, accountId, row.id));
    if (!cluster) throw notFound(CLUSTER_MESSAGES.clusterNotFound);
    return cluster;
  });
}

/** A new call-home key; the old one's hash is replaced, so it stops at the next report. */
export async function rotateCallHomeKey(db: Db, accountId: number, clusterId: string) {
  const key = issueSecret(CALL_HOME_KEY_PREFIX);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(clusters)
      .set({ callHomeKeyHash: key.hash, callHomeKeyHint: key.hint, updatedAt: sql`now()` })
      .where(clusterWhere(accountId, clusterId))
      .returning({ id: clusters.id });
    const cluster = row && (await findCluster(tx, accountId, row.id));
    if (!cluster) throw notFound(CLUSTER_MESSAGES.clusterNotFound);
    return { cluster, callHomeKey: key.secret };
  });
}

/**
 * The account's reported_capacity: its clusters' latest usable totals in integer TiB (null
 * without clusters). Called in the transaction of whatever changed them.
 */
export async function refreshReportedCapacity(exec: Executor, accountId: number) {
  await exec
    .update(accounts)
    .set({
      reportedCapacity: sql`(select round(sum(${clusters.totalSpace}) / power(2::numeric, 40))::int from ${clusters} where ${clusters.accountId} = ${accountId})`,
    })
    .where(eq(accounts.id, accountId));
}

export interface DeleteInput {
  account_id: number;
  cluster_ids: string[];
  delete_all: boolean;
}

export async function deleteClusters(db: Db, accountId: number, input: DeleteInput): Promise<number> {
  if (input.account_id !== accountId) throw badRequest(CLUSTER_MESSAGES.deleteAccountMismatch);
  const chosen = input.delete_all
    ? eq(clusters.accountId, accountId)
    : and(eq(clusters.accountId, accountId), inArray(clusters.id, input.cluster_ids));
  return db.transaction(async (tx) => {
    // Their reports' bytes go with them: found while the files still name the clusters.
    await tx.execute(sql`
      with gone as (
        delete from ${files}
        where ${files.accountId} = ${accountId} and ${files.fileType} = 'health_report'
          and ${files.clusterId} in (select ${clusters.id} from ${clusters} where ${chosen})
        returning ${files.uuid} as uuid)
      insert into ${jobs} (kind, payload) select ${PURGE_FILE_JOB}, jsonb_build_object('uuid', uuid) from gone`);
    const deleted = await tx.delete(clusters).where(chosen).returning({ id: clusters.id });
    await refreshReportedCapacity(tx, accountId);
    if (deleted.length > 0) await reissueLicenceForClusters(tx, accountId);
    return deleted.length;
  });
}
