/** The queue by SLA deadline (GET /api/chat/issue?order=sla): overdue first, then soonest due, then the §4 order. */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../db/schema";
import { createAccount, createUser, signIn } from "../../test/helper";
import { castSuite, openIssue, post } from "../conversations/test-fixtures";

const s = castSuite();

let account: { id: number; owner: string };
let other: { id: number; owner: string };
const opened: Record<string, number> = {};

async function slaAccount() {
  const row = await createAccount(s.t.db);
  await s.t.db.update(accounts).set({ slaHours: 4, slaCoverage: "24x7" }).where(eq(accounts.id, row.id));
  const owner = await signIn(s.t.app, await createUser(s.t.db, { accountId: row.id, role: "owner" }));
  return { id: row.id, owner: owner.authorization };
}

const dueIn = (issueNumber: number, minutes: number) =>
  s.t.db.execute(
    sql`update issues set sla_due_at = now() + make_interval(mins => ${minutes}) where issue_number = ${issueNumber}`,
  );

const numbers = async (authorization: string, query: string) => {
  const res = await s.call(authorization, "GET", `/api/chat/issue?${query}`);
  expect(res.status).toBe(200);
  return (res.body.items as { issue: { issue_number: number } }[]).map((i) => i.issue.issue_number);
};

beforeAll(async () => {
  account = await slaAccount();
  other = await slaAccount();
  opened.waiting = await openIssue(s.t.app, account.owner, account.id, "Waiting");
  opened.overdue = await openIssue(s.t.app, account.owner, account.id, "Overdue");
  opened.soon = await openIssue(s.t.app, account.owner, account.id, "Due soon");
  opened.responded = await openIssue(s.t.app, account.owner, account.id, "Responded");
  await post(s.t.app, s.cast.engineer, opened.responded, "On it");
  opened.byEngineer = await openIssue(s.t.app, s.cast.engineer, account.id, "Opened by us");
  opened.answered = await openIssue(s.t.app, account.owner, account.id, "Answered");
  await s.call(s.cast.engineer, "POST", `/api/chat/issue/${opened.answered}/answer`, { answered: true });
  opened.elsewhere = await openIssue(s.t.app, other.owner, other.id, "Another organization's");
  await dueIn(opened.overdue as number, -30);
  await dueIn(opened.soon as number, 60);
  await dueIn(opened.elsewhere as number, -90);
});

describe("GET /api/chat/issue?order=sla", () => {
  it("lists the overdue first, then the soonest due, then the rest in the §4 order", async () => {
    const bySla = await numbers(s.cast.engineer, `aid=${account.id}&order=sla`);
    const byQueue = await numbers(s.cast.engineer, `aid=${account.id}`);
    const clocked = [opened.overdue, opened.soon, opened.waiting];
    expect(bySla.slice(0, 3)).toEqual(clocked);
    expect(bySla.slice(3)).toEqual(byQueue.filter((n) => !clocked.includes(n)));
    expect(bySla).toHaveLength(6);
    // The answer says which order it is in.
    expect(
      (await s.call(s.cast.engineer, "GET", `/api/chat/issue?aid=${account.id}&order=sla`)).body.order,
    ).toBe("sla");
  });

  it("the whole queue puts every organization's overdue issues first, the most overdue first", async () => {
    const bySla = await numbers(s.cast.engineer, "order=sla&page_size=2");
    expect(bySla).toEqual([opened.elsewhere, opened.overdue]);
  });

  it("a customer's list by deadline holds only their organization's issues", async () => {
    const own = await numbers(account.owner, "order=sla");
    expect(own.slice(0, 3)).toEqual([opened.overdue, opened.soon, opened.waiting]);
    expect(own).not.toContain(opened.elsewhere);
    expect(await numbers(other.owner, "order=sla")).toEqual([opened.elsewhere]);
    // Another organization's list stays refused, whatever the order.
    const refused = await s.call(other.owner, "GET", `/api/chat/issue?aid=${account.id}&order=sla`);
    expect(refused.status).toBe(403);
  });

  it("refuses an unknown order", async () => {
    const res = await s.call(s.cast.engineer, "GET", "/api/chat/issue?order=deadline");
    expect(res.status).toBe(400);
  });
});
