import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../platform/db/client";
import { accountEngineers, accounts, alerts, clusterReports, clusters } from "./schema";
import { DEMO_SIGN_INS, seed } from "./seed";

const database = await openPglite();
afterAll(() => database.close());

describe("the demo clusters", () => {
  it("give Acme a healthy growing cluster and a broken one, each with a month of history", async () => {
    await database.migrate();
    await seed(database.db, { demo: true });
    const { db } = database;
    const [, owner] = DEMO_SIGN_INS;

    const rows = await db.select().from(clusters).where(eq(clusters.accountId, owner.accountId));
    const byName = new Map(rows.map((r) => [r.name, r]));
    const prod = byName.get("prod-east");
    const backup = byName.get("backup-west");
    expect(prod).toMatchObject({ failedChecks: 0, worstRank: 0, notReportingSince: null });
    expect(backup?.failedChecks).toBeGreaterThanOrEqual(3);
    expect(backup?.checks.filter((c) => !c.passed).map((c) => c.id)).toEqual(
      expect.arrayContaining(["drives_offline", "drive_usage", "version_skew"]),
    );
    const reports = await db
      .select()
      .from(clusterReports)
      .where(eq(clusterReports.clusterId, prod?.id ?? ""));
    expect(reports).toHaveLength(120);
    expect(reports.every((r) => r.status === "analysed")).toBe(true);
    const latest = reports.find((r) => r.id === prod?.latestReportId);
    expect(latest?.metrics?.days_to_full).toBeGreaterThan(45);

    const [acme] = await db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    expect(acme?.reportedCapacity).toBeGreaterThan(0);
    expect(
      await db.select().from(accountEngineers).where(eq(accountEngineers.role, "customer_engineer")),
    ).toMatchObject([{ accountId: owner.accountId, role: "customer_engineer" }]);
    // The broken report raised its alert; the month before it raised none.
    expect((await db.select().from(alerts).where(eq(alerts.type, "CLUSTER_CHECK"))).length).toBe(2);
  });
});
