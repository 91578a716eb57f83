import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { MESSAGES } from "@portico/shared/validation";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountAudit, timeLogs } from "../../db/schema";
import { accountWorkSuite } from "./account-work-test-kit";

const s = accountWorkSuite();
const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

const logsOf = (accountId: number) => s.t.db.select().from(timeLogs).where(eq(timeLogs.accountId, accountId));
const auditOf = (accountId: number, action: "time.logged" | "time.deleted") =>
  s.t.db
    .select()
    .from(accountAudit)
    .where(and(eq(accountAudit.accountId, accountId), eq(accountAudit.action, action)));

describe("logging time on an account", () => {
  it("stores the engineer's entry about one of the account's issues, and audits it", async () => {
    const { engineer, orgA, issueA } = s.cast;
    const res = await s.call(engineer.authorization, "POST", `/accounts/${orgA.id}/time-logs`, {
      work_date: daysAgo(1),
      minutes: 90,
      note: "  Tuned the replication  ",
      issue_number: issueA,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: orgA.id,
      company: orgA.company,
      user_id: engineer.id,
      user_name: "Erin Engineer",
      work_date: daysAgo(1),
      minutes: 90,
      note: "Tuned the replication",
      issue_number: issueA,
    });
    const [audit] = await auditOf(orgA.id, "time.logged");
    expect(audit).toMatchObject({
      actorId: engineer.id,
      actorName: "Erin Engineer",
      details: { log_id: res.body.id, minutes: 90, work_date: daysAgo(1), issue_number: issueA },
    });
    expect(audit?.ip).toBeTruthy();
  });

  it("takes today, no issue and no note", async () => {
    const { engineer, orgA } = s.cast;
    const res = await s.call(engineer.authorization, "POST", `/accounts/${orgA.id}/time-logs`, {
      work_date: daysAgo(0),
      minutes: 1440,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ minutes: 1440, note: "", issue_number: null });
  });

  it.each([
    ["-5 minutes", { minutes: -5 }, M.timeLogMinutes],
    ["10,000 minutes", { minutes: 10_000 }, M.timeLogMinutes],
    ["no minutes", { minutes: undefined }, M.timeLogMinutes],
    ["0 minutes", { minutes: 0 }, M.timeLogMinutes],
    ["1.5 minutes", { minutes: 1.5 }, M.timeLogMinutes],
    ["minutes as text", { minutes: "30" }, M.timeLogMinutes],
    ["a future date", { work_date: daysAgo(-1) }, M.timeLogDate],
    ["a date that does not exist", { work_date: "2025-02-30" }, M.timeLogDate],
    ["a dd-mm-yyyy date", { work_date: "24-11-2025" }, M.timeLogDate],
    ["no date", { work_date: undefined }, M.timeLogDate],
    ["a note over 2000 characters", { note: "x".repeat(2001) }, M.timeLogNoteTooLong],
    ["an issue of another account", { issue_number: -1 }, M.issueNotOfAccount],
    ["an issue that does not exist", { issue_number: 2_000_000 }, M.issueNotOfAccount],
  ])("refuses %s with 400 and stores nothing", async (_name, change, message) => {
    const { engineer, orgA, issueB } = s.cast;
    const before = (await logsOf(orgA.id)).length;
    const audits = (await auditOf(orgA.id, "time.logged")).length;
    const body: Record<string, unknown> = { work_date: daysAgo(2), minutes: 30, ...change };
    // -1 stands for the other account's issue (known only once the cast exists).
    if (body.issue_number === -1) body.issue_number = issueB;
    const res = await s.call(engineer.authorization, "POST", `/accounts/${orgA.id}/time-logs`, body);
    expect(res).toMatchObject({ status: 400, body: { error: message, status: 400 } });
    expect(await logsOf(orgA.id)).toHaveLength(before);
    expect(await auditOf(orgA.id, "time.logged")).toHaveLength(audits);
  });

  it("answers 404 for an account that does not exist", async () => {
    const res = await s.call(s.cast.engineer.authorization, "POST", "/accounts/999999/time-logs", {
      work_date: daysAgo(1),
      minutes: 10,
    });
    expect(res).toMatchObject({ status: 404, body: { error: "Account not found" } });
  });
});

describe("reading time logs", () => {
  it("lists an account's entries newest work date first, with the minutes of everything the filter matches", async () => {
    const { engineer, engineer2, orgB } = s.cast;
    for (const [who, days, minutes] of [
      [engineer, 5, 10],
      [engineer2, 3, 20],
      [engineer, 4, 40],
    ] as const) {
      const res = await s.call(who.authorization, "POST", `/accounts/${orgB.id}/time-logs`, {
        work_date: daysAgo(days),
        minutes,
      });
      expect(res.status).toBe(201);
    }
    const all = await s.call(engineer.authorization, "GET", `/accounts/${orgB.id}/time-logs`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, total_minutes: 70, page: 1, page_size: 50 });
    expect(all.body.items.map((i: { minutes: number }) => i.minutes)).toEqual([20, 40, 10]);

    const page = await s.call(
      engineer.authorization,
      "GET",
      `/accounts/${orgB.id}/time-logs?page=2&page_size=1`,
    );
    expect(page.body).toMatchObject({ total: 3, total_minutes: 70, page: 2, page_size: 1 });
    expect(page.body.items.map((i: { minutes: number }) => i.minutes)).toEqual([40]);

    const mine = await s.call(
      engineer.authorization,
      "GET",
      `/accounts/${orgB.id}/time-logs?user_id=${engineer.id}`,
    );
    expect(mine.body).toMatchObject({ total: 2, total_minutes: 50 });

    // from and to are inclusive; one day is from = to.
    const range = await s.call(
      engineer.authorization,
      "GET",
      `/accounts/${orgB.id}/time-logs?from=${daysAgo(4)}&to=${daysAgo(3)}`,
    );
    expect(range.body).toMatchObject({ total: 2, total_minutes: 60 });
    const oneDay = await s.call(
      engineer.authorization,
      "GET",
      `/accounts/${orgB.id}/time-logs?from=${daysAgo(5)}&to=${daysAgo(5)}`,
    );
    expect(oneDay.body).toMatchObject({ total: 1, total_minutes: 10 });
  });

  it("lists an engineer's entries across accounts: the viewer's by default, another's by user_id", async () => {
    const { engineer, engineer2, orgA, orgB } = s.cast;
    const mine = await s.call(engineer.authorization, "GET", `/time-logs?from=${daysAgo(5)}`);
    expect(mine.status).toBe(200);
    expect(new Set(mine.body.items.map((i: { account_id: number }) => i.account_id))).toEqual(
      new Set([orgA.id, orgB.id]),
    );
    expect(mine.body.items.every((i: { user_id: number }) => i.user_id === engineer.id)).toBe(true);
    expect(mine.body.total_minutes).toBe(90 + 1440 + 10 + 40);

    const theirs = await s.call(engineer.authorization, "GET", `/time-logs?user_id=${engineer2.id}`);
    expect(theirs.body).toMatchObject({ total: 1, total_minutes: 20 });
    expect(theirs.body.items[0]).toMatchObject({ user_name: "Eve Engineer", company: orgB.company });
  });

  it.each([
    ["from=2025-13-01", MESSAGES.invalidStartDate],
    ["from=yesterday", MESSAGES.invalidStartDate],
    // Two days ahead of UTC: after today anywhere on Earth (rules/date-range.ts latestToday).
    [`from=${daysAgo(-2)}`, MESSAGES.invalidStartDate],
    ["to=2025-02-30", MESSAGES.endDateInvalid],
    [`from=${daysAgo(2)}&to=${daysAgo(3)}`, MESSAGES.endDateBeforeStart],
  ])("refuses %s with the date message", async (query, message) => {
    const { engineer, orgA } = s.cast;
    for (const url of [`/time-logs?${query}`, `/accounts/${orgA.id}/time-logs?${query}`]) {
      const res = await s.call(engineer.authorization, "GET", url);
      expect(res).toMatchObject({ status: 400, body: { error: message } });
    }
  });
});

describe("deleting a time log", () => {
  it("is for the engineer who logged it, or an admin; each deletion is audited", async () => {
    const { engineer, engineer2, admin, orgB } = s.cast;
    const [first, second] = (await logsOf(orgB.id)).filter((l) => l.userId === engineer.id);
    if (!first || !second) throw new Error("expected two entries of the engineer");

    const refused = await s.call(
      engineer2.authorization,
      "DELETE",
      `/accounts/${orgB.id}/time-logs/${first.id}`,
    );
    expect(refused).toMatchObject({ status: 403, body: { error: M.timeLogOwnOnly } });
    expect((await logsOf(orgB.id)).some((l) => l.id === first.id)).toBe(true);

    const own = await s.call(engineer.authorization, "DELETE", `/accounts/${orgB.id}/time-logs/${first.id}`);
    expect(own.status).toBe(204);
    const byAdmin = await s.call(
      admin.authorization,
      "DELETE",
      `/accounts/${orgB.id}/time-logs/${second.id}`,
    );
    expect(byAdmin.status).toBe(204);
    const left = (await logsOf(orgB.id)).map((l) => l.id);
    expect(left).not.toContain(first.id);
    expect(left).not.toContain(second.id);

    const audits = await auditOf(orgB.id, "time.deleted");
    expect(audits.map((a) => [a.actorName, a.details.log_id, a.details.engineer_id])).toEqual([
      ["Erin Engineer", first.id, engineer.id],
      ["Ada Admin", second.id, engineer.id],
    ]);
  });

  it("answers 404 for an entry that is gone or of another account", async () => {
    const { engineer, orgA, orgB } = s.cast;
    const [ofA] = await logsOf(orgA.id);
    for (const url of [
      `/accounts/${orgB.id}/time-logs/${ofA?.id}`,
      `/accounts/${orgA.id}/time-logs/999999`,
    ]) {
      const res = await s.call(engineer.authorization, "DELETE", url);
      expect(res).toMatchObject({ status: 404, body: { error: M.timeLogNotFound } });
    }
    expect((await logsOf(orgA.id)).some((l) => l.id === ofA?.id)).toBe(true);
  });
});
