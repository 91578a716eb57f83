/**
 * Alerts raised by the real flows belong to the account they are about, so the customer page's
 * Alerts tab shows them: a panic, an assignment and a reply on one of its issues, and a cluster
 * of it gone quiet.
 */
import { eq, isNull, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alerts, clusters, jobs } from "../../db/schema";
import { NOT_REPORTING_JOB } from "../clusters/not-reporting";
import { insertCluster } from "../clusters/reports-test-kit";
import { castSuite, post } from "../conversations/test-fixtures";

const s = castSuite();

describe("alerts raised about an account", () => {
  it("carry the account and appear on its alerts tab", async () => {
    const { orgA, orgB, ownerA, engineer, engineerId, admin } = s.cast;
    const panic = await s.call(ownerA, "POST", `/api/chat/panic?aid=${orgA.id}`, {
      panic_title: "Everything is down",
      panic_message: "All nodes offline",
    });
    expect(panic.status, panic.raw).toBe(201);
    const issue = panic.body.conversation.issue.issue_number as number;
    expect(
      (await s.call(admin, "POST", `/api/chat/issue/${issue}/assignees`, { user_id: engineerId })).status,
    ).toBe(200);
    await post(s.t.app, engineer, issue, "Looking at it now");

    const quiet = await insertCluster(s.t.db, orgA.id, { name: "backup-west" });
    await s.t.db
      .update(clusters)
      .set({ createdAt: new Date(Date.now() - 26 * 3600_000) })
      .where(eq(clusters.id, quiet.id));
    await s.t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, NOT_REPORTING_JOB));
    await s.t.app.ctx.jobs.flush();

    const raised = await s.t.db
      .select({ type: alerts.type, accountId: alerts.accountId })
      .from(alerts)
      .where(or(eq(alerts.accountId, orgA.id), isNull(alerts.accountId)));
    expect(new Set(raised.map((a) => a.type))).toEqual(
      new Set(["PANIC", "ISSUE_ASSIGNED", "ISSUE_REPLY", "CLUSTER_NOT_REPORTING"]),
    );
    expect(raised.every((a) => a.accountId === orgA.id)).toBe(true);

    const tab = await s.call(engineer, "GET", `/api/auth/accounts/${orgA.id}/alerts`);
    expect(tab.status).toBe(200);
    expect(tab.body.items.map((a: { type: string }) => a.type).sort()).toEqual(
      ["CLUSTER_NOT_REPORTING", "ISSUE_ASSIGNED", "ISSUE_REPLY", "PANIC"].sort(),
    );
    const panicRow = tab.body.items.find((a: { type: string }) => a.type === "PANIC");
    // Every enabled engineer of the cast got the panic: one row for all of them.
    expect(panicRow).toMatchObject({ link: `/issues/${issue}`, recipients: 2, read: 0 });
    const other = await s.call(engineer, "GET", `/api/auth/accounts/${orgB.id}/alerts`);
    expect(other.body).toMatchObject({ items: [], total: 0 });
  });
});
