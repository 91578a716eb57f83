import { MEETING_MESSAGES } from "@portico/shared/schemas/meetings";
import { MESSAGES } from "@portico/shared/validation";
import { and, count, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, meetings, outbox } from "../../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  signIn,
  TEST_PUBLIC_URL,
  type TestContext,
} from "../../test/helper";
import { call as callAs, ENGINEERS_ONLY, type Method, openIssue } from "../conversations/test-fixtures";
import { icsUtc, parseIcs } from "./ics-test-kit";

let t: TestContext;
interface Person {
  id: number;
  email: string;
  name: string;
  authorization: string;
}
let orgA: number;
let orgB: number;
let owner: Person;
let user: Person;
let outsider: Person;
let engineer: Person;
let issueA: number;
let issueB: number;

const person = async (opts: Parameters<typeof createUser>[1] & { name: string }): Promise<Person> => {
  const u = await createUser(t.db, opts);
  return { id: u.id, email: u.email, name: opts.name, authorization: (await signIn(t.app, u)).authorization };
};

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await createAccount(t.db)).id;
  orgB = (await createAccount(t.db)).id;
  owner = await person({ accountId: orgA, role: "owner", name: "Olga Owner" });
  user = await person({ accountId: orgA, role: "user", name: "Una User" });
  outsider = await person({ accountId: orgB, role: "owner", name: "Bob B" });
  engineer = await person({ accountId: 1, role: "engineer", name: "Erin Engineer" });
  issueA = await openIssue(t.app, owner.authorization, orgA, "Pool degraded");
  issueB = await openIssue(t.app, outsider.authorization, orgB, "Replication lag");
});
afterAll(() => t.close());

const call = (as: Person, method: Method, url: string, payload?: object) =>
  callAs(t.app, as.authorization, method, url, payload);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** One instant for both ends (two calls of `at` can land a millisecond apart). */
const sameStartAndEnd = (t: string) => ({ start_time: t, end_time: t });
const ZOOM = "https://acme.zoom.us/j/123456789?pwd=abc";

const scheduleBody = (over: object = {}) => ({
  title: "Upgrade review",
  meeting_link: ZOOM,
  participant_ids: [owner.id, user.id],
  agenda: "Walk through the pool upgrade",
  start_time: at(48),
  end_time: at(49),
  ...over,
});
const logBody = (over: object = {}) => ({
  issue_number: issueA,
  title: "Triage call",
  participant_ids: [owner.id],
  notes: "Agreed to replace disk 4",
  start_time: at(-3),
  end_time: at(-2),
  ...over,
});
const schedule = (as: Person, issue: number, over: object = {}) =>
  call(as, "POST", `/api/chat/issue/${issue}/meetings`, scheduleBody(over));
const log = (as: Person, over: object = {}) => call(as, "POST", "/api/chat/log-meeting", logBody(over));

const meetingCount = async () => (await t.db.select({ n: count() }).from(meetings))[0]?.n ?? 0;
const mailCount = async () => (await t.db.select({ n: count() }).from(outbox))[0]?.n ?? 0;
/** Mail to an address written after outbox row `afterId`. */
const mailsTo = (email: string, afterId: number) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), gt(outbox.id, afterId)))
    .orderBy(outbox.id);
const lastOutboxId = async () =>
  (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;
const icsOf = (mail: { attachments: { contentBase64: string }[] | null }) =>
  Buffer.from(mail.attachments?.[0]?.contentBase64 ?? "", "base64").toString("utf8");
const meetingAlertsOf = async (who: Person) =>
  (
    await t.db
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.type, "MEETING"), eq(alerts.userId, who.id)))
  )[0]?.n ?? 0;
const eventsOf = async (as: Person, issue: number) =>
  (await call(as, "GET", `/api/chat/issue/${issue}/events`)).body.items as { data: { type: string } }[];

describe("scheduling a meeting", () => {
  it("answers 201, mails each participant and the organizer an invite.ics, records the event and alerts the participants", async () => {
    const since = await lastOutboxId();
    const res = await schedule(engineer, issueA);
    expect(res.status).toBe(201);
    const m = res.body;
    expect(m).toMatchObject({
      issue_number: issueA,
      issue_title: "Pool degraded",
      account_id: orgA,
      kind: "scheduled",
      title: "Upgrade review",
      meeting_link: ZOOM,
      meeting_url: `/issues/${issueA}?meeting=${m.id}`,
      notes: "Walk through the pool upgrade",
      created_by: { user_id: engineer.id, name: "Erin Engineer" },
      cancelled_at: null,
    });
    expect(m.participants).toEqual([
      { user_id: owner.id, name: "Olga Owner" },
      { user_id: user.id, name: "Una User" },
    ]);

    for (const who of [owner, user, engineer]) {
      const mails = await mailsTo(who.email, since);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe(`Invitation: Upgrade review (issue #${issueA})`);
      expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/issues/${issueA}?meeting=${m.id}`);
      expect(mail?.attachments).toHaveLength(1);
      expect(mail?.attachments?.[0]).toMatchObject({
        filename: "invite.ics",
        contentType: "text/calendar; charset=utf-8; method=REQUEST",
      });
    }
    const [mail] = await mailsTo(owner.email, since);
    const ics = parseIcs(icsOf(mail ?? { attachments: null }));
    expect(ics.calendar("METHOD")).toBe("REQUEST");
    expect(ics.calendar("VERSION")).toBe("2.0");
    expect(ics.event("UID")).toBe(`meeting-${m.id}@portico.test`);
    expect(ics.event("SEQUENCE")).toBe("0");
    expect(ics.event("DTSTART")).toBe(icsUtc(m.start_time));
    expect(ics.event("DTEND")).toBe(icsUtc(m.end_time));
    expect(ics.event("SUMMARY")).toBe("Upgrade review");
    expect(ics.event("STATUS")).toBe("CONFIRMED");
    expect(ics.event("LOCATION")).toBe(ZOOM);
    expect(ics.event("URL")).toBe(ZOOM);
    expect(ics.event("DESCRIPTION")).toContain("Walk through the pool upgrade");
    expect(ics.event("DESCRIPTION")).toContain(`${TEST_PUBLIC_URL}/issues/${issueA}`);
    expect(ics.event("ORGANIZER")).toBe(`mailto:${engineer.email}`);
    const attendees = ics.all("ATTENDEE");
    expect(attendees.map((a) => a.value).sort()).toEqual(
      [`MAILTO:${owner.email}`, `MAILTO:${user.email}`].sort(),
    );
    expect(
      attendees.every((a) => a.params.includes("RSVP=TRUE") && a.params.includes("PARTSTAT=NEEDS-ACTION")),
    ).toBe(true);

    // The customer sees the meeting in the timeline.
    expect((await eventsOf(owner, issueA)).map((e) => e.data)).toContainEqual({
      type: "meeting_scheduled",
      meeting_id: m.id,
      title: "Upgrade review",
      start_time: m.start_time,
      end_time: m.end_time,
    });
    const raised = await t.db
      .select({ userId: alerts.userId, link: alerts.link, message: alerts.message })
      .from(alerts)
      .where(and(eq(alerts.type, "MEETING"), eq(alerts.issueNumber, issueA)));
    expect(raised.map((a) => a.userId).sort()).toEqual([owner.id, user.id].sort());
    expect(raised[0]?.link).toBe(`/issues/${issueA}?meeting=${m.id}`);
    expect(raised[0]?.message).toContain('Erin Engineer invited you to "Upgrade review"');
  });

  it.each([
    ["an end before the start", { start_time: at(30), end_time: at(29) }, MESSAGES.endDateBeforeStart],
    ["an end equal to the start", sameStartAndEnd(at(30)), MESSAGES.endDateBeforeStart],
    ["an http link", { meeting_link: "http://zoom.us/j/123456789" }, MESSAGES.meetingLink],
    ["a link that is not Zoom", { meeting_link: "https://meet.example.com/abc" }, MESSAGES.meetingLink],
    ["a look-alike host", { meeting_link: "https://zoom.us.evil.example/j/1" }, MESSAGES.meetingLink],
    ["a javascript: link", { meeting_link: "javascript:alert(1)//zoom.us/j/1" }, MESSAGES.meetingLink],
    ["no link", { meeting_link: undefined }, MESSAGES.meetingLink],
    ["a start in the past", { start_time: at(-2), end_time: at(-1) }, MEETING_MESSAGES.startInPast],
    ["longer than 24 hours", { start_time: at(2), end_time: at(27) }, MEETING_MESSAGES.tooLong],
    ["a malformed end", { end_time: "next tuesday" }, MESSAGES.endDateInvalid],
    ["no end", { end_time: undefined }, MESSAGES.invalidEndDate],
    ["a malformed start", { start_time: "2026-13-40T10:00Z" }, MESSAGES.invalidStartDate],
    ["no title", { title: "  " }, MEETING_MESSAGES.titleRequired],
  ])("refuses %s with the spec's message and records nothing", async (_label, over, message) => {
    const [meetingsBefore, mailBefore] = [await meetingCount(), await mailCount()];
    const res = await schedule(engineer, issueA, over);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await meetingCount()).toBe(meetingsBefore);
    expect(await mailCount()).toBe(mailBefore);
  });

  it("invites only people who can see the issue: another account's user or an unknown id is refused by id, nothing recorded", async () => {
    const [meetingsBefore, mailBefore] = [await meetingCount(), await mailCount()];
    const res = await schedule(engineer, issueA, { participant_ids: [owner.id, outsider.id, 999_999] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MEETING_MESSAGES.cannotSee([outsider.id, 999_999]));
    expect(await meetingCount()).toBe(meetingsBefore);
    expect(await mailCount()).toBe(mailBefore);
    // Engineers can see every issue: they may be invited to a customer's meeting.
    const engineer2 = await person({ accountId: 1, role: "engineer", name: "Eli Engineer" });
    expect((await schedule(engineer, issueA, { participant_ids: [engineer2.id] })).status).toBe(201);
  });

  it("refuses customers (403, nothing recorded) and answers 404 for an issue that does not exist", async () => {
    const before = await meetingCount();
    for (const who of [owner, user, outsider]) {
      const res = await schedule(who, issueA);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(ENGINEERS_ONLY);
    }
    expect(await meetingCount()).toBe(before);
    const missing = await schedule(engineer, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Issue not found");
  });
});

describe("logging a meeting", () => {
  it("records a past meeting with its notes and event; no invitation, no alert", async () => {
    const since = await lastOutboxId();
    const alertsBefore = await meetingAlertsOf(owner);
    const res = await log(engineer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: "logged",
      issue_number: issueA,
      title: "Triage call",
      meeting_link: null,
      notes: "Agreed to replace disk 4",
      participants: [{ user_id: owner.id, name: "Olga Owner" }],
    });
    expect(await mailsTo(owner.email, since)).toEqual([]);
    expect(await mailsTo(engineer.email, since)).toEqual([]);
    expect((await eventsOf(owner, issueA)).map((e) => e.data)).toContainEqual({
      type: "meeting_logged",
      meeting_id: res.body.id,
      title: "Triage call",
      start_time: res.body.start_time,
    });
    expect(await meetingAlertsOf(owner)).toBe(alertsBefore);
  });

  it.each([
    ["a start in the future", { start_time: at(1), end_time: at(2) }, MESSAGES.invalidStartDate],
    ["an end in the future", { start_time: at(-1), end_time: at(1) }, MESSAGES.invalidEndDate],
    ["a malformed end", { end_time: "2026-02-30" }, MESSAGES.endDateInvalid],
    ["no end", { end_time: undefined }, MESSAGES.invalidEndDate],
    ["an empty end", { end_time: "" }, MESSAGES.invalidEndDate],
    ["an end before the start", { start_time: at(-2), end_time: at(-3) }, MESSAGES.endDateBeforeStart],
    ["a link that is not Zoom", { meeting_link: "https://meet.example.com/x" }, MESSAGES.meetingLink],
    ["no notes", { notes: "" }, MEETING_MESSAGES.notesRequired],
  ])("refuses %s with the spec's message", async (_label, over, message) => {
    const before = await meetingCount();
    const res = await log(engineer, over);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await meetingCount()).toBe(before);
  });

  it("refuses participants who cannot see the issue, customers (403) and another account's issue for an aid (404)", async () => {
    const before = await meetingCount();
    const refused = await log(engineer, { participant_ids: [outsider.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(MEETING_MESSAGES.cannotSee([outsider.id]));
    for (const who of [owner, outsider]) expect((await log(who)).body).toEqual(ENGINEERS_ONLY);
    const wrongAccount = await call(engineer, "POST", `/api/chat/log-meeting?aid=${orgB}`, logBody());
    expect(wrongAccount.status).toBe(404);
    expect(await meetingCount()).toBe(before);
  });
});

describe("cancelling a meeting", () => {
  it("marks it cancelled, mails a METHOD:CANCEL .ics with the next SEQUENCE, records the event; twice is 409", async () => {
    const m = (await schedule(engineer, issueA, { participant_ids: [owner.id], title: "Disk swap" })).body;
    const since = await lastOutboxId();
    const res = await call(engineer, "DELETE", `/api/chat/issue/${issueA}/meetings/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(m.id);
    expect(res.body.cancelled_at).not.toBeNull();
    for (const who of [owner, engineer]) {
      const [mail, extra] = await mailsTo(who.email, since);
      expect(extra).toBeUndefined();
      expect(mail?.subject).toBe(`Cancelled: Disk swap (issue #${issueA})`);
      expect(mail?.attachments?.[0]?.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
      const ics = parseIcs(icsOf(mail ?? { attachments: null }));
      expect(ics.calendar("METHOD")).toBe("CANCEL");
      expect(ics.event("UID")).toBe(`meeting-${m.id}@portico.test`);
      expect(ics.event("SEQUENCE")).toBe("1");
      expect(ics.event("STATUS")).toBe("CANCELLED");
      expect(ics.event("DTSTART")).toBe(icsUtc(m.start_time));
    }
    expect((await eventsOf(owner, issueA)).map((e) => e.data)).toContainEqual({
      type: "meeting_cancelled",
      meeting_id: m.id,
      title: "Disk swap",
    });
    const again = await call(engineer, "DELETE", `/api/chat/issue/${issueA}/meetings/${m.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MEETING_MESSAGES.alreadyCancelled);
  });

  it("refuses customers (403, still scheduled); another issue's or an unknown meeting is 404", async () => {
    const m = (await schedule(engineer, issueA, { participant_ids: [] })).body;
    for (const who of [owner, outsider]) {
      const res = await call(who, "DELETE", `/api/chat/issue/${issueA}/meetings/${m.id}`);
      expect(res.body).toEqual(ENGINEERS_ONLY);
    }
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, m.id));
    expect(row?.cancelledAt).toBeNull();
    const onB = await call(engineer, "DELETE", `/api/chat/issue/${issueB}/meetings/${m.id}`);
    expect(onB.status).toBe(404);
    expect(onB.body.error).toBe(MEETING_MESSAGES.meetingNotFound);
    expect((await call(engineer, "DELETE", `/api/chat/issue/${issueA}/meetings/999999`)).status).toBe(404);
  });
});

describe("meeting lists", () => {
  it("lists an issue's meetings to whoever may read the issue; another account's customer gets 404", async () => {
    const mine = await call(owner, "GET", `/api/chat/issue/${issueA}/meetings`);
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((m: { issue_number: number }) => m.issue_number === issueA)).toBe(true);
    const starts = mine.body.map((m: { start_time: string }) => m.start_time);
    expect(starts).toEqual([...starts].sort());
    const foreign = await call(outsider, "GET", `/api/chat/issue/${issueA}/meetings`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("Issue not found");
  });

  it("GET /meetings covers the issues the viewer may read: a customer their account's only", async () => {
    const onB = (await schedule(engineer, issueB, { participant_ids: [outsider.id], title: "B sync" })).body;
    const list = async (as: Person, query: string) =>
      (await call(as, "GET", `/api/chat/meetings${query}`)).body;

    const ofA = await list(owner, "?when=all&page_size=100");
    expect(ofA.items.length).toBe(ofA.total);
    expect(ofA.items.every((m: { account_id: number }) => m.account_id === orgA)).toBe(true);
    const ofB = await list(outsider, "?when=all");
    expect(ofB.items.map((m: { id: number }) => m.id)).toEqual([onB.id]);
    expect((await call(owner, "GET", `/api/chat/meetings?aid=${orgB}`)).status).toBe(403);

    const all = await list(engineer, "?when=all&page_size=100");
    expect(all.total).toBe(ofA.total + 1);
    expect((await list(engineer, `?aid=${orgB}&when=all`)).total).toBe(1);

    // Upcoming: not ended, soonest first; past: ended (the logged one), latest first.
    const upcoming = await list(owner, "?page_size=100");
    expect(upcoming.items.every((m: { end_time: string }) => m.end_time > new Date().toISOString())).toBe(
      true,
    );
    const starts = upcoming.items.map((m: { start_time: string }) => m.start_time);
    expect(starts).toEqual([...starts].sort());
    const past = await list(owner, "?when=past");
    expect(past.items.map((m: { kind: string }) => m.kind)).toEqual(["logged"]);
    expect(upcoming.total + past.total).toBe(ofA.total);

    const page = await list(engineer, "?when=all&page=2&page_size=2");
    expect(page).toMatchObject({ page: 2, page_size: 2, total: all.total });
    expect(page.items.map((m: { id: number }) => m.id)).toEqual(
      all.items.slice(2, 4).map((m: { id: number }) => m.id),
    );
  });
});
