/** The SLA breach sweep: once per overdue issue, to the right engineers, and never for one answered. */
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountEngineers, accounts, alerts, jobs } from "../../db/schema";
import { isEngineerSql } from "../../platform/auth/viewer";
import { createAccount, createUser, signIn } from "../../test/helper";
import { castSuite, openIssue, post } from "../conversations/test-fixtures";
import { ensureSlaBreachSweep, SLA_BREACH_JOB, slaBreachMessage } from "./sla-breach";

const s = castSuite();

beforeAll(async () => {
  await s.t.db
    .update(accounts)
    .set({ slaHours: 4, slaCoverage: "24x7" })
    .where(eq(accounts.id, s.cast.orgA.id));
});

const pendingSweeps = () =>
  s.t.db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, SLA_BREACH_JOB), isNull(jobs.failedAt)));

/** Makes the pending sweep due and runs it, as the minute passing would. */
async function sweep() {
  await s.t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, SLA_BREACH_JOB));
  await s.t.app.ctx.jobs.flush();
}

/** Moves an issue's deadline into the past, as if it had waited since `hoursAgo`. */
const overdue = (issueNumber: number, minutesPast = 5) =>
  s.t.db.execute(
    sql`update issues set sla_due_at = now() - make_interval(mins => ${minutesPast}) where issue_number = ${issueNumber}`,
  );

const breachAlerts = async (issueNumber: number) =>
  (
    await s.t.db
      .select({ userId: alerts.userId, message: alerts.message, link: alerts.link })
      .from(alerts)
      .where(and(eq(alerts.type, "SLA_BREACH"), eq(alerts.issueNumber, issueNumber)))
  ).sort((a, b) => a.userId - b.userId);

const recipientsOf = async (issueNumber: number) => (await breachAlerts(issueNumber)).map((a) => a.userId);

async function engineer(name: string) {
  const user = await createUser(s.t.db, { accountId: 1, role: "engineer", name });
  return { id: user.id, authorization: (await signIn(s.t.app, user)).authorization };
}

describe("the SLA breach sweep", () => {
  it("is pending exactly once from start-up on, and each run plans the next a minute later", async () => {
    expect(await pendingSweeps()).toHaveLength(1);
    await ensureSlaBreachSweep(s.t.app.ctx);
    expect(await pendingSweeps()).toHaveLength(1);
    const before = Date.now();
    await sweep();
    const pending = await pendingSweeps();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.runAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1000);
  });

  it("alerts the assignees of an overdue issue once, with a link to it", async () => {
    const assignee = await engineer("Ann Assignee");
    const title = 'Backups "stuck" since Monday';
    const n = await openIssue(s.t.app, s.cast.userA, s.cast.orgA.id, title);
    const assigned = await s.call(s.cast.engineer, "POST", `/api/chat/issue/${n}/assignees`, {
      user_id: assignee.id,
    });
    expect(assigned.status).toBeLessThan(300);
    await sweep();
    expect(await breachAlerts(n)).toEqual([]);

    await overdue(n);
    await sweep();
    await sweep();
    const message = slaBreachMessage(n, title, 4, s.cast.orgA.company);
    expect(message).toBe(
      `Issue #${n} "${title}" has waited past its 4-hour first response (${s.cast.orgA.company})`,
    );
    expect(await breachAlerts(n)).toEqual([{ userId: assignee.id, message, link: `/issues/${n}` }]);
    // What the assignee sees in their alerts.
    const listed = await s.call(assignee.authorization, "GET", "/api/chat/alerts");
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ type: "SLA_BREACH", message, link: `/issues/${n}`, issue_number: n }),
    );
  });

  it("without assignees alerts the account's engineers; without those, every engineer", async () => {
    const ofAccount = await engineer("Acct Engineer");
    const other = await createAccount(s.t.db);
    await s.t.db.update(accounts).set({ slaHours: 8, slaCoverage: "24x7" }).where(eq(accounts.id, other.id));
    await s.t.db
      .insert(accountEngineers)
      .values({ accountId: other.id, userId: ofAccount.id, role: "customer_engineer" });
    const owner = await signIn(s.t.app, await createUser(s.t.db, { accountId: other.id, role: "owner" }));
    const toAccountEngineers = await openIssue(s.t.app, owner.authorization, other.id, "Slow writes");

    const toEveryone = await openIssue(s.t.app, s.cast.userA, s.cast.orgA.id, "Disk alarm");
    await overdue(toAccountEngineers);
    await overdue(toEveryone);
    await sweep();

    expect(await recipientsOf(toAccountEngineers)).toEqual([ofAccount.id]);
    expect((await breachAlerts(toAccountEngineers))[0]?.message).toBe(
      slaBreachMessage(toAccountEngineers, "Slow writes", 8, other.company),
    );
    const engineers = (await s.t.db.execute(
      sql`select id from users where ${isEngineerSql(sql`users.id`)} and not is_disabled order by id`,
    )) as unknown as { rows: { id: number }[] };
    expect(await recipientsOf(toEveryone)).toEqual(engineers.rows.map((r) => r.id));
    expect(await recipientsOf(toEveryone)).toContain(s.cast.engineerId);
  });

  it("skips issues responded to, answered, or without an SLA", async () => {
    const responded = await openIssue(s.t.app, s.cast.userA, s.cast.orgA.id);
    await post(s.t.app, s.cast.engineer, responded, "On it");
    const answered = await openIssue(s.t.app, s.cast.userA, s.cast.orgA.id);
    // Answered by hand, its first response forgotten: still not a breach while answered.
    await s.call(s.cast.engineer, "POST", `/api/chat/issue/${answered}/answer`, { answered: true });
    await s.t.db.execute(sql`update issues set first_response_at = null where issue_number = ${answered}`);
    const noSla = await openIssue(s.t.app, s.cast.ownerB, s.cast.orgB.id);
    const stillWaiting = await openIssue(s.t.app, s.cast.userA, s.cast.orgA.id);
    for (const n of [responded, answered, stillWaiting]) await overdue(n);
    await sweep();
    expect(await breachAlerts(responded)).toEqual([]);
    expect(await breachAlerts(answered)).toEqual([]);
    expect(await breachAlerts(noSla)).toEqual([]);
    expect(await breachAlerts(stillWaiting)).not.toEqual([]);
  });
});
