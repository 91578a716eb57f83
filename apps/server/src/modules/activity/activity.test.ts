/**
 * Engineer activity against SLAs (issue 18): "Tests compute SLA figures for a seeded set of issues
 * whose expected first-response times and breaches are known." The issues are opened, replied to,
 * assigned and answered through the API; then their instants are moved by SQL to fixed times of a
 * past range (the deadlines through portico_sla_due_at), so every figure below is known exactly.
 *
 * The range is Monday 2 to Tuesday 10 November 2026; its weekend window runs from Saturday 7,
 * 04:00 to Monday 9, 04:00 UTC. Organizations: A (4 h, 24x7), B (24 h, business hours: the clock
 * stops over the weekend), C (no SLA).
 *
 * | # | org | opened (UTC)  | first response          | due             | answered         |
 * | 1 | A   | Mon 2 10:00   | Alma Mon 2 11:30 (90)   | Mon 2 14:00     | Alma Mon 2 12:00 |
 * | 2 | A   | Tue 3 09:00   | Bert Tue 3 15:00 (360)  | Tue 3 13:00 late| Bert Tue 3 16:00 |
 * | 3 | A   | Wed 4 08:00   | none, assigned to Alma  | Wed 4 12:00 late| —                |
 * | 4 | B   | Fri 6 20:00   | Alma Sat 7 10:00 (840)  | Mon 9 20:00     | —                |
 * | 5 | B   | Sat 7 12:00   | Bert Tue 10 06:00 (3960)| Tue 10 04:00 late| —               |
 * | 6 | C   | Sun 8 09:00   | Alma Sun 8 09:30 (30)   | no SLA          | Alma Sun 8 10:00 |
 * | 7 | A   | 20 Oct 10:00  | Alma 20 Oct 20:00 (late, before the range)  | Alma 20 Oct   |
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import { call, ENGINEERS_ONLY, openIssue, post } from "../conversations/test-fixtures";
import { organizationWithSla, signedIn } from "./test-fixtures";

const RANGE = "from=2026-11-02&to=2026-11-10";

let t: TestContext;
const people = {} as Record<"alma" | "bert" | "cora" | "owner", { id: number; authorization: string }>;
const issue: Record<number, number> = {};
const orgs = {} as Record<"a" | "b" | "c", { id: number; company: string }>;

const get = async (authorization: string | null, url: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: authorization ? { authorization } : {} });
  return {
    status: res.statusCode,
    body: String(res.headers["content-type"]).includes("json") ? res.json() : res.body,
    headers: res.headers,
  };
};

/** Moves an issue to fixed instants, its deadline computed by the database's SLA rule. */
async function place(
  n: number,
  opened: string,
  first?: { at: string; by: number; index: number },
  answered?: { at: string; by: number },
) {
  await t.db.execute(sql`update issues i set created_at = ${opened}::timestamptz,
      sla_hours = a.sla_hours, sla_coverage = a.sla_coverage,
      sla_due_at = portico_sla_due_at(${opened}::timestamptz, a.sla_hours, a.sla_coverage),
      first_response_at = ${first?.at ?? null}::timestamptz, first_responder_id = ${first?.by ?? null}::int,
      resolved_at = ${answered?.at ?? null}::timestamptz, resolved_by = ${answered?.by ?? null}::int,
      answer_at = coalesce(${answered?.at ?? null}::timestamptz, i.answer_at)
    from accounts a where a.id = i.account_id and i.issue_number = ${n}`);
  await t.db.execute(
    sql`update messages set created_at = ${opened}::timestamptz where issue_number = ${n} and index = 1`,
  );
  if (first)
    await t.db.execute(
      sql`update messages set created_at = ${first.at}::timestamptz where issue_number = ${n} and index = ${first.index}`,
    );
}

const answer = async (n: number, who: string) => {
  const res = await call(t.app, who, "POST", `/api/chat/issue/${n}/answer`, { answered: true });
  expect(res.status).toBe(200);
};
const assign = async (n: number, userId: number) => {
  const res = await call(t.app, people.alma.authorization, "POST", `/api/chat/issue/${n}/assignees`, {
    user_id: userId,
  });
  expect(res.status).toBeLessThan(300);
};
const logTime = async (who: string, accountId: number, day: string, minutes: number) => {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/auth/accounts/${accountId}/time-logs`,
    headers: { authorization: who },
    payload: { work_date: day, minutes },
  });
  expect(res.statusCode).toBe(201);
};

beforeAll(async () => {
  t = await createTestApp();
  orgs.a = await organizationWithSla(t, 4, "24x7");
  orgs.b = await organizationWithSla(t, 24, "business-hours");
  orgs.c = await organizationWithSla(t, null, null);
  people.alma = await signedIn(t, { accountId: 1, role: "engineer", name: "Alma Engineer" });
  people.bert = await signedIn(t, { accountId: 1, role: "engineer", name: "Bert Engineer" });
  people.cora = await signedIn(t, { accountId: 1, role: "admin", name: "Cora Admin" });
  people.owner = await signedIn(t, { accountId: orgs.a.id, role: "owner", name: "Olga Owner" });
  for (const org of [orgs.b, orgs.c])
    await t.db.execute(
      sql`insert into memberships (account_id, user_id, role) values (${org.id}, ${people.owner.id}, 'owner')`,
    );

  const { alma, bert, owner } = people;
  const open = (n: number, org: { id: number }) =>
    openIssue(t.app, owner.authorization, org.id, `Issue ${n}`);
  issue[1] = await open(1, orgs.a);
  await post(t.app, alma.authorization, issue[1], "Looking");
  await post(t.app, alma.authorization, issue[1], "Fixed");
  await answer(issue[1], alma.authorization);
  issue[2] = await open(2, orgs.a);
  await post(t.app, bert.authorization, issue[2], "Sorry for the wait");
  await assign(issue[2], bert.id);
  await answer(issue[2], bert.authorization);
  issue[3] = await open(3, orgs.a);
  await assign(issue[3], alma.id);
  issue[4] = await open(4, orgs.b);
  await post(t.app, alma.authorization, issue[4], "On it");
  issue[5] = await open(5, orgs.b);
  await post(t.app, bert.authorization, issue[5], "Morning");
  issue[6] = await open(6, orgs.c);
  await post(t.app, alma.authorization, issue[6], "Done");
  await answer(issue[6], alma.authorization);
  issue[7] = await open(7, orgs.a);
  await post(t.app, alma.authorization, issue[7], "Late");
  await answer(issue[7], alma.authorization);

  await place(
    issue[1],
    "2026-11-02T10:00:00Z",
    { at: "2026-11-02T11:30:00Z", by: alma.id, index: 2 },
    { at: "2026-11-02T12:00:00Z", by: alma.id },
  );
  await t.db.execute(
    sql`update messages set created_at = '2026-11-02T11:45:00Z' where issue_number = ${issue[1]} and index = 3`,
  );
  await place(
    issue[2],
    "2026-11-03T09:00:00Z",
    { at: "2026-11-03T15:00:00Z", by: bert.id, index: 2 },
    { at: "2026-11-03T16:00:00Z", by: bert.id },
  );
  await place(issue[3], "2026-11-04T08:00:00Z");
  await place(issue[4], "2026-11-06T20:00:00Z", { at: "2026-11-07T10:00:00Z", by: alma.id, index: 2 });
  await place(issue[5], "2026-11-07T12:00:00Z", { at: "2026-11-10T06:00:00Z", by: bert.id, index: 2 });
  await place(
    issue[6],
    "2026-11-08T09:00:00Z",
    { at: "2026-11-08T09:30:00Z", by: alma.id, index: 2 },
    { at: "2026-11-08T10:00:00Z", by: alma.id },
  );
  await place(
    issue[7],
    "2026-10-20T10:00:00Z",
    { at: "2026-10-20T20:00:00Z", by: alma.id, index: 2 },
    { at: "2026-10-20T21:00:00Z", by: alma.id },
  );

  await logTime(alma.authorization, orgs.a.id, "2026-11-02", 60);
  await logTime(alma.authorization, orgs.b.id, "2026-11-07", 30);
  await logTime(alma.authorization, orgs.a.id, "2026-10-20", 45);
  await logTime(bert.authorization, orgs.b.id, "2026-11-10", 15);
});
afterAll(() => t.close());

const zeros = {
  messages_sent: 0,
  issues_answered: 0,
  first_responses: 0,
  first_response_median_minutes: null,
  first_response_avg_minutes: null,
  resolution_median_minutes: null,
  within_sla: 0,
  late_responses: 0,
  overdue_assigned: 0,
  minutes_logged: 0,
  weekend_messages: 0,
  weekend_first_responses: 0,
};

describe("GET /api/chat/users/activity", () => {
  it("computes each engineer's first responses, SLA figures, time and weekend work", async () => {
    const res = await get(people.cora.authorization, `/api/chat/users/activity?${RANGE}`);
    expect(res.status).toBe(200);
    const { engineers, totals, range } = res.body;
    expect(range).toEqual({ from: "2026-11-02", to: "2026-11-10", bucket: "day" });
    expect(engineers[0]).toEqual({
      user_id: people.alma.id,
      name: "Alma Engineer",
      messages_sent: 4,
      issues_answered: 2,
      first_responses: 3,
      first_response_median_minutes: 90,
      first_response_avg_minutes: 320,
      resolution_median_minutes: 90,
      within_sla: 2,
      late_responses: 0,
      overdue_assigned: 1,
      minutes_logged: 90,
      weekend_messages: 2,
      weekend_first_responses: 2,
    });
    expect(engineers[1]).toEqual({
      user_id: people.bert.id,
      name: "Bert Engineer",
      messages_sent: 2,
      issues_answered: 1,
      first_responses: 2,
      first_response_median_minutes: 2160,
      first_response_avg_minutes: 2160,
      resolution_median_minutes: 420,
      within_sla: 0,
      late_responses: 2,
      overdue_assigned: 0,
      minutes_logged: 15,
      weekend_messages: 0,
      weekend_first_responses: 0,
    });
    // Every engineer is listed, those with nothing as zeros, by name.
    expect(engineers.slice(2)).toContainEqual({ user_id: people.cora.id, name: "Cora Admin", ...zeros });
    expect(totals).toEqual({
      messages_sent: 6,
      issues_answered: 3,
      first_responses: 5,
      within_sla: 2,
      late_responses: 2,
      breaches: 3,
      minutes_logged: 105,
      first_response_median_minutes: 360,
      resolution_median_minutes: 120,
      weekend_issues: 2,
      weekend_issues_responded: 1,
      weekend_messages: 2,
    });
  });

  it("lists the missed deadlines, latest first, with how late, the responder and the assignees", async () => {
    const before = Date.now();
    const { body } = await get(people.alma.authorization, `/api/chat/users/activity?${RANGE}`);
    const after = Date.now();
    expect(body.breaches_total).toBe(3);
    expect(body.breaches.map((b: { issue_number: number }) => b.issue_number)).toEqual([
      issue[5],
      issue[3],
      issue[2],
    ]);
    const [fifth, third, second] = body.breaches;
    expect(fifth).toEqual({
      issue_number: issue[5],
      title: "Issue 5",
      account_id: orgs.b.id,
      company: orgs.b.company,
      sla_hours: 24,
      sla_coverage: "business-hours",
      opened_at: "2026-11-07T12:00:00.000Z",
      due_at: "2026-11-10T04:00:00.000Z",
      first_response_at: "2026-11-10T06:00:00.000Z",
      responder: { user_id: people.bert.id, name: "Bert Engineer" },
      late_minutes: 120,
      assignees: [],
    });
    expect(second).toMatchObject({
      due_at: "2026-11-03T13:00:00.000Z",
      sla_hours: 4,
      sla_coverage: "24x7",
      late_minutes: 120,
      responder: { user_id: people.bert.id, name: "Bert Engineer" },
      assignees: [{ user_id: people.bert.id, name: "Bert Engineer" }],
    });
    // Still waiting: late until now.
    const due = Date.parse("2026-11-04T12:00:00Z");
    expect(third).toMatchObject({
      due_at: "2026-11-04T12:00:00.000Z",
      first_response_at: null,
      responder: null,
    });
    expect(third.assignees).toEqual([{ user_id: people.alma.id, name: "Alma Engineer" }]);
    expect(third.late_minutes).toBeGreaterThanOrEqual(Math.floor((before - due) / 60_000));
    expect(third.late_minutes).toBeLessThanOrEqual(Math.ceil((after - due) / 60_000));
  });

  it("narrows to one engineer: their figures, and the breaches they answered late or are assigned", async () => {
    const alma = await get(
      people.bert.authorization,
      `/api/chat/users/activity?${RANGE}&user_id=${people.alma.id}`,
    );
    expect(alma.status).toBe(200);
    expect(alma.body.engineers.map((e: { name: string }) => e.name)).toEqual(["Alma Engineer"]);
    expect(alma.body.breaches.map((b: { issue_number: number }) => b.issue_number)).toEqual([issue[3]]);
    expect(alma.body.totals).toMatchObject({
      messages_sent: 4,
      first_responses: 3,
      within_sla: 2,
      breaches: 1,
      minutes_logged: 90,
    });
    const bert = await get(
      people.bert.authorization,
      `/api/chat/users/activity?${RANGE}&user_id=${people.bert.id}`,
    );
    expect(bert.body.breaches.map((b: { issue_number: number }) => b.issue_number)).toEqual([
      issue[5],
      issue[2],
    ]);
    expect(bert.body.breaches_total).toBe(2);
  });

  it("counts a range's own work only: the October issue, its time and its breach are outside", async () => {
    const { body } = await get(
      people.cora.authorization,
      "/api/chat/users/activity?from=2026-10-20&to=2026-10-20",
    );
    expect(body.engineers[0]).toMatchObject({
      name: "Alma Engineer",
      messages_sent: 1,
      first_responses: 1,
      late_responses: 1,
      issues_answered: 1,
      minutes_logged: 45,
      first_response_median_minutes: 600,
      resolution_median_minutes: 660,
    });
    expect(body.breaches.map((b: { issue_number: number }) => b.issue_number)).toEqual([issue[7]]);
  });

  it("answers 404 for a user who is not an engineer, and 400 with §5's words for a bad range", async () => {
    expect(
      await get(people.cora.authorization, `/api/chat/users/activity?user_id=${people.owner.id}`),
    ).toMatchObject({
      status: 404,
      body: { error: "User not found" },
    });
    expect((await get(people.cora.authorization, `/api/chat/users/activity/v2?user_id=999999`)).status).toBe(
      404,
    );
    for (const [query, error] of [
      ["from=2026-11-10&to=2026-11-02", "End date should be after start date."],
      ["from=2026-13-01", "Invalid start date"],
      ["from=2026-11-01&to=2026-11-31", "End date is invalid"],
      ["from=2026-11-01&to=2099-01-01", "Invalid end date"],
      ["from=2016-11-01&to=2026-11-01", "Choose a range of two years or less"],
    ] as const) {
      for (const path of [
        "/api/chat/users/activity",
        "/api/chat/users/activity/v2",
        "/api/chat/users/activity/export",
      ]) {
        const res = await get(people.cora.authorization, `${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.error, `${path}?${query}`).toBe(error);
      }
    }
  });

  it("is for engineers: a customer gets 403, no token 401", async () => {
    for (const path of [
      "/api/chat/users/activity",
      "/api/chat/users/activity/v2",
      "/api/chat/users/activity/export",
    ]) {
      expect(await get(people.owner.authorization, `${path}?${RANGE}`)).toMatchObject({
        status: 403,
        body: ENGINEERS_ONLY,
      });
      expect((await get(null, `${path}?${RANGE}`)).status).toBe(401);
    }
  });
});

describe("GET /api/chat/users/activity/v2", () => {
  it("gives every day of the range, weekends marked, with each active engineer's figures", async () => {
    const { status, body } = await get(people.cora.authorization, `/api/chat/users/activity/v2?${RANGE}`);
    expect(status).toBe(200);
    expect(body.engineers).toEqual([
      { user_id: people.alma.id, name: "Alma Engineer" },
      { user_id: people.bert.id, name: "Bert Engineer" },
    ]);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
      "2026-11-08",
      "2026-11-09",
      "2026-11-10",
    ]);
    const day = (date: string) => body.days.find((d: { date: string }) => d.date === date);
    const alma = (figures: object) => ({ user_id: people.alma.id, ...dayZeros, ...figures });
    const bert = (figures: object) => ({ user_id: people.bert.id, ...dayZeros, ...figures });
    expect(day("2026-11-02")).toEqual({
      date: "2026-11-02",
      weekend: false,
      messages_sent: 2,
      first_responses: 1,
      issues_answered: 1,
      breaches: 0,
      minutes_logged: 60,
      engineers: [alma({ messages_sent: 2, first_responses: 1, issues_answered: 1, minutes_logged: 60 })],
    });
    expect(day("2026-11-03")).toMatchObject({
      breaches: 1,
      engineers: [bert({ messages_sent: 1, first_responses: 1, issues_answered: 1, breaches: 1 })],
    });
    expect(day("2026-11-04")).toMatchObject({
      messages_sent: 0,
      breaches: 1,
      engineers: [alma({ breaches: 1 })],
    });
    expect(day("2026-11-05")).toEqual({ date: "2026-11-05", weekend: false, ...dayZeros, engineers: [] });
    expect(day("2026-11-07")).toMatchObject({
      weekend: true,
      engineers: [alma({ messages_sent: 1, first_responses: 1, minutes_logged: 30 })],
    });
    expect(day("2026-11-08")).toMatchObject({
      weekend: true,
      engineers: [alma({ messages_sent: 1, first_responses: 1, issues_answered: 1 })],
    });
    expect(day("2026-11-09")).toMatchObject({ weekend: false, engineers: [] });
    expect(day("2026-11-10")).toMatchObject({
      breaches: 1,
      minutes_logged: 15,
      engineers: [bert({ messages_sent: 1, first_responses: 1, breaches: 1, minutes_logged: 15 })],
    });
  });

  it("lists the engineer asked for even on a quiet range", async () => {
    const { body } = await get(
      people.cora.authorization,
      `/api/chat/users/activity/v2?${RANGE}&user_id=${people.cora.id}`,
    );
    expect(body.engineers).toEqual([{ user_id: people.cora.id, name: "Cora Admin" }]);
    expect(
      body.days.every(
        (d: { engineers: unknown[]; messages_sent: number }) =>
          d.engineers.length === 0 && d.messages_sent === 0,
      ),
    ).toBe(true);
  });
});

const dayZeros = { messages_sent: 0, first_responses: 0, issues_answered: 0, breaches: 0, minutes_logged: 0 };

describe("GET /api/chat/users/activity/export", () => {
  const csv = async (view: string) => {
    const res = await get(people.cora.authorization, `/api/chat/users/activity/export?${RANGE}&view=${view}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="engineer-activity-${view}-2026-11-02-to-2026-11-10.csv"`,
    );
    return (res.body as string).trimEnd().split("\r\n");
  };

  it("gives the summary, one row per engineer", async () => {
    const lines = await csv("summary");
    expect(lines[0]).toBe(
      "engineer_id,engineer,messages_sent,issues_answered,first_responses,first_response_median_minutes,first_response_avg_minutes,resolution_median_minutes,within_sla,late_responses,overdue_assigned,minutes_logged,weekend_messages,weekend_first_responses",
    );
    expect(lines[1]).toBe(`${people.alma.id},Alma Engineer,4,2,3,90,320,90,2,0,1,90,2,2`);
    expect(lines[2]).toBe(`${people.bert.id},Bert Engineer,2,1,2,2160,2160,420,0,2,0,15,0,0`);
    expect(lines).toContain(`${people.cora.id},Cora Admin,0,0,0,,,,0,0,0,0,0,0`);
  });

  it("gives the days, one row per day and active engineer", async () => {
    const lines = await csv("daily");
    expect(lines).toEqual([
      "date,weekend,engineer_id,engineer,messages_sent,first_responses,issues_answered,breaches,minutes_logged",
      `2026-11-02,no,${people.alma.id},Alma Engineer,2,1,1,0,60`,
      `2026-11-03,no,${people.bert.id},Bert Engineer,1,1,1,1,0`,
      `2026-11-04,no,${people.alma.id},Alma Engineer,0,0,0,1,0`,
      `2026-11-07,yes,${people.alma.id},Alma Engineer,1,1,0,0,30`,
      `2026-11-08,yes,${people.alma.id},Alma Engineer,1,1,1,0,0`,
      `2026-11-10,no,${people.bert.id},Bert Engineer,1,1,0,1,15`,
    ]);
  });

  it("gives every breach, latest deadline first", async () => {
    const lines = await csv("breaches");
    expect(lines[0]).toBe(
      "issue_number,title,account_id,company,sla_hours,sla_coverage,opened_at,due_at,first_response_at,responder,late_minutes,assignees",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${issue[5]},Issue 5,${orgs.b.id},${orgs.b.company},24,business-hours,2026-11-07T12:00:00.000Z,2026-11-10T04:00:00.000Z,2026-11-10T06:00:00.000Z,Bert Engineer,120,`,
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${issue[3]},Issue 3,.*,2026-11-04T12:00:00.000Z,,,\\d+,Alma Engineer$`),
    );
    expect(lines[3]).toMatch(new RegExp(`^${issue[2]},Issue 2,.*,Bert Engineer,120,Bert Engineer$`));
  });
});
