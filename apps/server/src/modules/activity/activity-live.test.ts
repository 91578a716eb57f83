/**
 * Activity as the conversations API leaves it (no instants moved): the SLA clock columns the
 * issue routes fill are what the activity report counts, today, in the default range.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import { call, openIssue, post } from "../conversations/test-fixtures";
import { organizationWithSla, signedIn } from "./test-fixtures";

let t: TestContext;
let owner: string;
let engineer: { id: number; authorization: string };
let issueNumber: number;

const activity = async () => {
  const res = await call(
    t.app,
    engineer.authorization,
    "GET",
    `/api/chat/users/activity?user_id=${engineer.id}`,
  );
  expect(res.status).toBe(200);
  return res.body as unknown as {
    engineers: Record<string, unknown>[];
    totals: Record<string, unknown>;
    breaches_total: number;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const org = await organizationWithSla(t, 4, "24x7");
  owner = (await signedIn(t, { accountId: org.id, role: "owner" })).authorization;
  engineer = await signedIn(t, { accountId: 1, role: "engineer", name: "Lee Live" });
  issueNumber = await openIssue(t.app, owner, org.id, "Live issue");
});
afterAll(() => t.close());

describe("activity through the real API", () => {
  it("answers a range with nothing in it with zeros and empty lists, not an error", async () => {
    const quiet = "from=2020-02-29&to=2020-03-01";
    const report = await call(t.app, engineer.authorization, "GET", `/api/chat/users/activity?${quiet}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      totals: {
        messages_sent: 0,
        issues_answered: 0,
        first_responses: 0,
        within_sla: 0,
        late_responses: 0,
        breaches: 0,
        minutes_logged: 0,
        first_response_median_minutes: null,
        resolution_median_minutes: null,
        weekend_issues: 0,
        weekend_issues_responded: 0,
        weekend_messages: 0,
      },
      breaches: [],
      breaches_total: 0,
    });
    expect(report.body.engineers).toContainEqual(
      expect.objectContaining({ name: "Lee Live", messages_sent: 0 }),
    );
    const timeline = await call(t.app, engineer.authorization, "GET", `/api/chat/users/activity/v2?${quiet}`);
    expect(timeline.body).toMatchObject({
      engineers: [],
      days: [
        { date: "2020-02-29", weekend: true, messages_sent: 0, engineers: [] },
        { date: "2020-03-01", weekend: true, messages_sent: 0, engineers: [] },
      ],
    });
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/chat/users/activity/export?${quiet}&view=breaches`,
      headers: { authorization: engineer.authorization },
    });
    expect(csv.body.split("\r\n")).toHaveLength(2);
  });

  it("counts the engineer's reply as a first response in time, and their answer until the customer writes again", async () => {
    await post(t.app, engineer.authorization, issueNumber, "Looking now");
    await post(t.app, engineer.authorization, issueNumber, "Try this");
    expect(
      (await call(t.app, engineer.authorization, "POST", `/api/chat/issue/${issueNumber}/answer`, {})).status,
    ).toBe(200);
    const answered = await activity();
    expect(answered.engineers).toEqual([
      expect.objectContaining({
        name: "Lee Live",
        messages_sent: 2,
        first_responses: 1,
        within_sla: 1,
        late_responses: 0,
        issues_answered: 1,
        overdue_assigned: 0,
      }),
    ]);
    expect(answered.engineers[0]?.first_response_median_minutes).toBeGreaterThanOrEqual(0);
    expect(answered.breaches_total).toBe(0);

    await post(t.app, owner, issueNumber, "Still broken");
    const reopened = await activity();
    expect(reopened.engineers[0]).toMatchObject({ messages_sent: 2, first_responses: 1, issues_answered: 0 });
  });
});
