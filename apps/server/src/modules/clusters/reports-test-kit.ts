/** Clusters and their reports for API tests: a registered cluster with its key, a report sent home. */
import { randomUUID } from "node:crypto";
import {
  type GenerateHealthReportOptions,
  generateHealthReport,
} from "@portico/shared/rules/health-report-generator";
import { CALL_HOME_KEY_PREFIX } from "@portico/shared/schemas/clusters";
import { eq } from "drizzle-orm";
import type { App } from "../../app";
import { clusters } from "../../db/schema";
import { issueSecret } from "../../platform/auth/secrets";
import type { Db } from "../../platform/db/client";

export interface TestCluster {
  id: string;
  accountId: number;
  deploymentId: string;
  name: string;
  /** Its call-home key, as a bearer header. */
  key: string;
}

/** A cluster of the account with a call-home key, as registering it would leave it. */
export async function insertCluster(
  db: Db,
  accountId: number,
  opts: { name?: string; createdAt?: Date } = {},
): Promise<TestCluster> {
  const issued = issueSecret(CALL_HOME_KEY_PREFIX);
  const deploymentId = `dep-${randomUUID().slice(0, 8)}`;
  const name = opts.name ?? `cluster-${deploymentId.slice(4)}`;
  const [row] = await db
    .insert(clusters)
    .values({
      id: randomUUID(),
      accountId,
      deploymentId,
      name,
      callHomeKeyHash: issued.hash,
      callHomeKeyHint: issued.hint,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error("cluster insert failed");
  return { id: row.id, accountId, deploymentId, name, key: `Bearer ${issued.secret}` };
}

/** A report of the cluster (healthy unless faults are given), as JSON text. */
export const reportOf = (
  cluster: Pick<TestCluster, "deploymentId">,
  opts: Partial<GenerateHealthReportOptions> = {},
) => JSON.stringify(generateHealthReport({ deploymentId: cluster.deploymentId, at: new Date(), ...opts }));

/** POST /api/health/report with a body (a string or bytes, sent as is). */
export async function sendReport(
  app: App,
  authorization: string | undefined,
  body: string | Buffer,
  opts: { query?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method: "POST",
    url: `/api/health/report${opts.query ?? ""}`,
    payload: body,
    headers: {
      "content-type": "application/json",
      ...(authorization ? { authorization } : {}),
      ...opts.headers,
    },
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

export async function clusterRow(db: Db, id: string) {
  const [row] = await db.select().from(clusters).where(eq(clusters.id, id));
  if (!row) throw new Error("cluster gone");
  return row;
}
