/**
 * Demo clusters of the demo customer (development only, with the rest of the demo data): a month
 * of reports, four a day, recorded through the same analysis as received ones, so /health, the
 * cluster page's checks, trends, forecast and history have something true to show.
 *
 * - prod-east: healthy, filling steadily (full in a few months at this rate);
 * - backup-west: broken in its latest report (an offline drive, a drive nearly full, two
 *   versions, a clock adrift), which raised the alert its owner and engineer would have had.
 *
 * The demo admin is Acme's customer engineer. No call-home key is issued (rotate one to try it).
 */
import { randomUUID } from "node:crypto";
import { BROKEN_FAULTS, generateHealthHistory } from "@portico/shared/rules/health-report-generator";
import { recordReportHistory } from "../modules/clusters/ingest";
import type { Executor } from "../platform/db/client";
import { accountEngineers, clusters } from "./schema";

const HOUR = 3600_000;

const DEMO_CLUSTERS = [
  {
    name: "prod-east",
    deploymentId: "prod-east-7f3a",
    description: "Primary object store, us-east",
    history: { startUsedFraction: 0.52, endUsedFraction: 0.66, nodes: 8 },
    faults: [],
  },
  {
    name: "backup-west",
    deploymentId: "backup-west-21c9",
    description: "Nightly backups, us-west",
    history: { startUsedFraction: 0.6, endUsedFraction: 0.72, nodes: 4 },
    faults: BROKEN_FAULTS,
  },
] as const;

export async function seedDemoClusters(
  tx: Executor,
  demo: { accountId: number; engineerId: number; ownerId: number },
) {
  await tx
    .insert(accountEngineers)
    .values({ accountId: demo.accountId, userId: demo.engineerId, role: "customer_engineer" })
    .onConflictDoNothing();
  const end = new Date(Date.now() - HOUR);
  for (const spec of DEMO_CLUSTERS) {
    const [row] = await tx
      .insert(clusters)
      .values({
        id: randomUUID(),
        accountId: demo.accountId,
        deploymentId: spec.deploymentId,
        name: spec.name,
        description: spec.description,
        registeredBy: demo.ownerId,
        createdAt: new Date(end.getTime() - 31 * 24 * HOUR),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    const reports = generateHealthHistory({
      deploymentId: spec.deploymentId,
      end,
      days: 30,
      perDay: 4,
      ...spec.history,
      faults: spec.faults,
    });
    // Only the latest report's failures are news.
    await recordReportHistory(tx, row, reports, { alerts: true });
  }
}
