/**
 * The SLA clock through the real API (issue 18): a customer's issue takes its account's deadline
 * when opened, the first engineer message or answer stops it once, answering resolves the issue
 * and the customer writing again (or reopening) undoes the resolution.
 */
import { slaDueAt } from "@portico/shared/rules/sla";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, issues } from "../../db/schema";
import { createAccount, createUser, signIn } from "../../test/helper";
import { castSuite, openIssue, post } from "../conversations/test-fixtures";

const suite = castSuite();
let noSla: { id: number; owner: string };
let businessHours: { id: number; owner: string };

const HOUR = 3_600_000;

async function customerAccount(slaHours: number | null, slaCoverage: "24x7" | "business-hours" | null) {
  const account = await createAccount(suite.t.db);
  await suite.t.db
    .update(accounts)
    .set({ slaHours, slaCoverage, serviceType: "ENTERPRISE" })
    .where(eq(accounts.id, account.id));
  const owner = await signIn(
    suite.t.app,
    await createUser(suite.t.db, { accountId: account.id, role: "owner" }),
  );
  return { id: account.id, owner: owner.authorization };
}

beforeAll(async () => {
  await suite.t.db
    .update(accounts)
    .set({ slaHours: 4, slaCoverage: "24x7" })
    .where(eq(accounts.id, suite.cast.orgA.id));
  noSla = await customerAccount(null, null);
  businessHours = await customerAccount(24, "business-hours");
});

const issueSla = async (authorization: string, issueNumber: number) => {
  const res = await suite.call(authorization, "GET", `/api/chat/issue/${issueNumber}`);
  expect(res.status).toBe(200);
  return res.body.conversation.issue as { sla: Record<string, unknown> | null; created_at: string };
};

const row = async (issueNumber: number) => {
  const [found] = await suite.t.db.select().from(issues).where(eq(issues.issueNumber, issueNumber));
  if (!found) throw new Error(`issue ${issueNumber} missing`);
  return found;
};

const answer = (authorization: string, issueNumber: number, body: object) =>
  suite.call(authorization, "POST", `/api/chat/issue/${issueNumber}/answer`, body);

describe("opening an issue starts its SLA clock", () => {
  it("a customer's issue on a 4-hour 24x7 account is due four hours after it was opened", async () => {
    const n = await openIssue(suite.t.app, suite.cast.userA, suite.cast.orgA.id);
    const issue = await issueSla(suite.cast.userA, n);
    expect(issue.sla).toEqual({
      hours: 4,
      coverage: "24x7",
      due_at: new Date(Date.parse(issue.created_at) + 4 * HOUR).toISOString(),
      first_response_at: null,
    });
    // Engineers read the same clock.
    expect((await issueSla(suite.cast.engineer, n)).sla).toEqual(issue.sla);
  });

  it("business hours skip the weekend window, as the shared rule does", async () => {
    const n = await openIssue(suite.t.app, businessHours.owner, businessHours.id);
    const issue = await issueSla(businessHours.owner, n);
    expect(issue.sla).toMatchObject({ hours: 24, coverage: "business-hours", first_response_at: null });
    expect(issue.sla?.due_at).toBe(slaDueAt(new Date(issue.created_at), 24, "business-hours").toISOString());
  });

  it("a panic gets the clock too", async () => {
    const res = await suite.call(suite.cast.ownerA, "POST", "/api/chat/panic", {
      panic_title: "Everything is down",
      panic_message: "All nodes unreachable",
    });
    expect(res.status).toBe(201);
    expect(res.body.conversation.issue.sla).toMatchObject({ hours: 4, coverage: "24x7" });
  });

  it("an issue an engineer opens, or on an account without SLA hours, has no clock", async () => {
    const byEngineer = await openIssue(suite.t.app, suite.cast.engineer, suite.cast.orgA.id);
    expect((await issueSla(suite.cast.userA, byEngineer)).sla).toBeNull();
    const withoutSla = await openIssue(suite.t.app, noSla.owner, noSla.id);
    expect((await issueSla(noSla.owner, withoutSla)).sla).toBeNull();
  });
});

describe("the first response", () => {
  it("is the first engineer message: set once, a later engineer's message does not move it", async () => {
    const n = await openIssue(suite.t.app, suite.cast.userA, suite.cast.orgA.id);
    await post(suite.t.app, suite.cast.userA, n, "Any news?");
    const first = await post(suite.t.app, suite.cast.engineer, n, "Looking into it");
    const after = await row(n);
    expect(after.firstResponderId).toBe(suite.cast.engineerId);
    // Stamped in the same statement as the message (the clock read twice: microseconds apart).
    const apart = (after.firstResponseAt?.getTime() ?? 0) - Date.parse(first.created_at as string);
    expect(Math.abs(apart)).toBeLessThan(1000);
    await post(suite.t.app, suite.cast.admin, n, "Me too");
    await answer(suite.cast.admin, n, { answered: true });
    const later = await row(n);
    expect(later.firstResponseAt).toEqual(after.firstResponseAt);
    expect(later.firstResponderId).toBe(suite.cast.engineerId);
    expect((await issueSla(suite.cast.userA, n)).sla?.first_response_at).toBe(
      after.firstResponseAt?.toISOString(),
    );
  });

  it("is the answer when an engineer marks it answered without writing", async () => {
    const n = await openIssue(suite.t.app, suite.cast.userA, suite.cast.orgA.id);
    expect((await answer(suite.cast.engineer, n, { answered: true })).status).toBe(200);
    const after = await row(n);
    expect(after.firstResponderId).toBe(suite.cast.engineerId);
    expect(after.firstResponseAt).not.toBeNull();
    expect(after.firstResponseAt).toEqual(after.resolvedAt);
  });

  it("a customer's messages never count, nor engineers' on an issue an engineer opened", async () => {
    const n = await openIssue(suite.t.app, suite.cast.userA, suite.cast.orgA.id);
    await post(suite.t.app, suite.cast.ownerA, n, "Same here");
    expect((await row(n)).firstResponseAt).toBeNull();
    const byEngineer = await openIssue(suite.t.app, suite.cast.engineer, suite.cast.orgA.id);
    await post(suite.t.app, suite.cast.admin, byEngineer, "Adding context");
    await answer(suite.cast.admin, byEngineer, { answered: true });
    const after = await row(byEngineer);
    expect(after.firstResponseAt).toBeNull();
    expect(after.firstResponderId).toBeNull();
    // It is still resolved, by whoever answered it.
    expect(after.resolvedBy).not.toBeNull();
  });
});

describe("resolution", () => {
  it("answering resolves; archiving keeps when; the customer writing again clears it", async () => {
    const n = await openIssue(suite.t.app, suite.cast.userA, suite.cast.orgA.id);
    await post(suite.t.app, suite.cast.engineer, n, "Fixed: restart node 3");
    await answer(suite.cast.engineer, n, { answered: true });
    const answered = await row(n);
    expect(answered.resolvedBy).toBe(suite.cast.engineerId);
    expect(answered.resolvedAt).not.toBeNull();
    // Archived later by someone else: still resolved when and by whom it was first answered.
    await suite.t.db.execute(
      sql`update issues set resolved_at = resolved_at - interval '1 hour' where issue_number = ${n}`,
    );
    const resolvedAt = (await row(n)).resolvedAt;
    await answer(suite.cast.admin, n, { answered: true, archived: false });
    expect((await row(n)).resolvedAt).toEqual(resolvedAt);
    expect((await row(n)).resolvedBy).toBe(suite.cast.engineerId);

    await post(suite.t.app, suite.cast.userA, n, "It broke again");
    const reopened = await row(n);
    expect(reopened.answered).toBe(false);
    expect(reopened.resolvedAt).toBeNull();
    expect(reopened.resolvedBy).toBeNull();
    // The first response stays what it was.
    expect(reopened.firstResponderId).toBe(suite.cast.engineerId);

    await answer(suite.cast.admin, n, { answered: true, archived: true });
    const again = await row(n);
    expect(again.resolvedAt).not.toBeNull();
    expect(again.resolvedBy).not.toBeNull();
    expect(again.resolvedBy).not.toBe(suite.cast.engineerId);
  });

  it("an engineer reopening clears the resolution", async () => {
    const n = await openIssue(suite.t.app, suite.cast.userA, suite.cast.orgA.id);
    await answer(suite.cast.engineer, n, { answered: true });
    expect((await row(n)).resolvedAt).not.toBeNull();
    await answer(suite.cast.engineer, n, { answered: false });
    const reopened = await row(n);
    expect(reopened.resolvedAt).toBeNull();
    expect(reopened.resolvedBy).toBeNull();
    expect(reopened.firstResponseAt).not.toBeNull();
  });
});
