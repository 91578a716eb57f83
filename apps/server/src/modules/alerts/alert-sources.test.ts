/**
 * Where alerts come from: a reply, an assignment, a mention, a panic. Each reaches the right
 * people and only them, live on their own channel with their unread count; PANIC and
 * ISSUE_ASSIGNED also text the engineers who opted in with a verified phone.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accounts, alerts, outbox, users } from "../../db/schema";
import { createAccount, createUser, multipart, TEST_PUBLIC_URL } from "../../test/helper";
import { openIssue, post } from "../conversations/test-fixtures";
import { alertSuite, type Person } from "./alerts-test-kit";

const s = alertSuite();
const { person, call } = s;

let orgA: number;
let owner: Person;
let colleague: Person;
let outsider: Person;
let engineer: Person;
let texter: Person;
let admin: Person;
let disabledEngineer: number;

beforeAll(async () => {
  const { t } = s;
  orgA = (await createAccount(t.db)).id;
  await t.db.update(accounts).set({ serviceType: "ENTERPRISE" }).where(eq(accounts.id, orgA));
  const orgB = (await createAccount(t.db)).id;
  owner = await person({ accountId: orgA, role: "owner", name: "Olga Owner" });
  colleague = await person({ accountId: orgA, role: "user", name: "Una User" });
  outsider = await person({ accountId: orgB, role: "owner", name: "Bob B" });
  engineer = await person({ accountId: 1, role: "engineer", name: "Erin Engineer" });
  texter = await person({ accountId: 1, role: "engineer", name: "Tess Texter" });
  admin = await person({ accountId: 1, role: "admin", name: "Ada Admin" });
  disabledEngineer = (await createUser(t.db, { accountId: 1, role: "engineer", disabled: true })).id;
  await t.db
    .update(users)
    .set({ phone: "+15550001111", phoneVerifiedAt: new Date(), smsAlerts: true })
    .where(eq(users.id, texter.id));
  // Opted in but the number is not verified: no text.
  await t.db
    .update(users)
    .set({ phone: "+15550002222", phoneVerifiedAt: null, smsAlerts: true })
    .where(eq(users.id, engineer.id));
  // A customer with a verified phone and the flag (set behind the API's back) never gets one either.
  await t.db
    .update(users)
    .set({ phone: "+15550003333", phoneVerifiedAt: new Date(), smsAlerts: true })
    .where(eq(users.id, owner.id));
});
beforeEach(async () => {
  await s.t.db.delete(alerts);
  await s.t.db.delete(outbox);
});
const alertsOf = async (type: string) =>
  (
    await s.t.db
      .select({ userId: alerts.userId, message: alerts.message, link: alerts.link })
      .from(alerts)
      .where(eq(alerts.type, type as never))
      .orderBy(alerts.userId)
  ).map((a) => a);
const recipients = async (type: string) => (await alertsOf(type)).map((a) => a.userId);
const texts = () =>
  s.t.db
    .select({ to: outbox.to, text: outbox.text })
    .from(outbox)
    .where(eq(outbox.channel, "sms"))
    .orderBy(outbox.id);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);
const follow = (as: Person, n: number) => call(as, "POST", `/api/chat/issue/${n}/follow`);

describe("ISSUE_REPLY", () => {
  it("goes to the issue's followers but the author, naming the issue and leading to the message", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Pool degraded"); // the opener follows
    await follow(colleague, n);
    await follow(engineer, n);
    const message = await post(s.t.app, engineer.authorization, n, "Looking at it");
    expect(await alertsOf("ISSUE_REPLY")).toEqual(
      [owner.id, colleague.id]
        .sort((a, b) => a - b)
        .map((userId) => ({
          userId,
          message: `Erin Engineer replied on #${n} Pool degraded`,
          link: `/issues/${n}?msgIndex=${message.index}`,
        })),
    );
  });

  it("skips a follower who turned replies off, a disabled one, and one who left the organization", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Disk failed");
    await follow(colleague, n);
    await follow(engineer, n);
    const leaver = await person({ accountId: orgA, role: "user" });
    await follow(leaver, n);
    await s.t.db.execute(sql`delete from memberships where user_id = ${leaver.id}`);
    const gone = await person({ accountId: orgA, role: "user" });
    await follow(gone, n);
    await s.t.db.update(users).set({ isDisabled: true }).where(eq(users.id, gone.id));
    const off = await call(colleague, "PUT", "/api/alert-subscriptions", {
      type: "ISSUE_REPLY",
      enabled: false,
    });
    expect(off.status).toBe(200);
    await post(s.t.app, owner.authorization, n, "Any news?");
    expect(await recipients("ISSUE_REPLY")).toEqual([engineer.id]);
    await call(colleague, "PUT", "/api/alert-subscriptions", { type: "ISSUE_REPLY", enabled: true });
  });

  it("comes with an attachment message too", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Logs attached");
    await follow(engineer, n);
    const form = await multipart(
      { file_type: "attachment", issue_number: String(n) },
      { name: "file", filename: "app.log", type: "text/plain", data: Buffer.from("log line\n") },
    );
    const res = await s.t.app.inject({
      method: "POST",
      url: `/api/accounts/${orgA}/files`,
      payload: form.payload,
      headers: { ...form.headers, authorization: owner.authorization },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await alertsOf("ISSUE_REPLY")).toEqual([
      {
        userId: engineer.id,
        message: `Olga Owner replied on #${n} Logs attached`,
        link: `/issues/${n}?msgIndex=2`,
      },
    ]);
  });

  it("is pushed live on the follower's own channel with their unread count", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Live one");
    const olga = await s.listen(owner);
    const erin = await s.listen(engineer);
    await post(s.t.app, engineer.authorization, n, "First");
    const first = await olga.next((f) => f.type === "alert");
    expect(first).toEqual({
      type: "alert",
      channel: `user:${owner.id}`,
      unread: 1,
      alert: {
        alert_id: expect.any(Number),
        type: "ISSUE_REPLY",
        category: "issues",
        message: `Erin Engineer replied on #${n} Live one`,
        detail: null,
        link: `/issues/${n}?msgIndex=2`,
        issue_number: n,
        created_at: expect.any(String),
        read_at: null,
      },
    });
    await post(s.t.app, engineer.authorization, n, "Second");
    const second = await olga.next((f) => f.type === "alert" && f.alert.alert_id !== first.alert.alert_id);
    expect(second.unread).toBe(2);
    // The author's own channel carried none, and nobody may listen on another's.
    expect(erin.frames.filter((f) => f.type === "alert")).toEqual([]);
    expect(await erin.subscribe(`user:${owner.id}`)).toMatchObject({ type: "error" });
  });
});

describe("ISSUE_ASSIGNED", () => {
  it("goes to the assignee (texted when opted in with a verified phone), never when self-assigned", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Needs an owner");
    expect((await call(admin, "POST", `/api/chat/issue/${n}/assignees`, { user_id: texter.id })).status).toBe(
      200,
    );
    expect(await alertsOf("ISSUE_ASSIGNED")).toEqual([
      { userId: texter.id, message: `Ada Admin assigned you #${n} Needs an owner`, link: `/issues/${n}` },
    ]);
    expect(await texts()).toEqual([
      {
        to: "+15550001111",
        text: `Portico: Ada Admin assigned you #${n} Needs an owner ${TEST_PUBLIC_URL}/issues/${n}`,
      },
    ]);
    // Assigning again changes nothing; assigning oneself alerts nobody.
    await call(admin, "POST", `/api/chat/issue/${n}/assignees`, { user_id: texter.id });
    await call(engineer, "POST", `/api/chat/issue/${n}/assignees`, { user_id: engineer.id });
    expect(await recipients("ISSUE_ASSIGNED")).toEqual([texter.id]);
    expect(await texts()).toHaveLength(1);
  });

  it("is not sent to an engineer who turned it off", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Quiet one");
    await call(engineer, "PUT", "/api/alert-subscriptions", { type: "ISSUE_ASSIGNED", enabled: false });
    await call(admin, "POST", `/api/chat/issue/${n}/assignees`, { user_id: engineer.id });
    expect(await recipients("ISSUE_ASSIGNED")).toEqual([]);
    await call(engineer, "PUT", "/api/alert-subscriptions", { type: "ISSUE_ASSIGNED", enabled: true });
  });
});

describe("MENTION", () => {
  it("goes to each person mentioned, not to the one mentioning", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Who knows");
    const res = await call(owner, "POST", `/api/chat/issue/${n}/notify`, {
      user_ids: [colleague.id, engineer.id, owner.id],
      message_index: 1,
    });
    expect(res.status).toBe(200);
    expect(await alertsOf("MENTION")).toEqual(
      sorted(colleague.id, engineer.id).map((userId) => ({
        userId,
        message: `Olga Owner mentioned you on #${n} Who knows`,
        link: `/issues/${n}?msgIndex=1`,
      })),
    );
  });

  it("a refused notify raises nothing", async () => {
    const n = await openIssue(s.t.app, owner.authorization, orgA, "Nope");
    const res = await call(owner, "POST", `/api/chat/issue/${n}/notify`, { user_ids: [outsider.id] });
    expect(res.status).toBe(400);
    expect(await recipients("MENTION")).toEqual([]);
  });
});

describe("PANIC", () => {
  it("goes to every enabled engineer (texting the opted-in), never to a customer", async () => {
    const res = await call(owner, "POST", `/api/chat/panic?aid=${orgA}`, {
      panic_title: "Everything is down",
      panic_message: "All nodes offline",
    });
    expect(res.status, res.raw).toBe(201);
    const n = res.body.conversation.issue.issue_number as number;
    const got = await recipients("PANIC");
    expect(got).toEqual(expect.arrayContaining([engineer.id, texter.id, admin.id]));
    expect(got).not.toContain(disabledEngineer);
    const engineers = await s.t.db.execute(
      sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id
          where m.account_id = 1 and m.role in ('engineer', 'admin') and not u.is_disabled`,
    );
    expect(got).toHaveLength((engineers as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1);
    for (const customer of [owner, colleague, outsider]) expect(got).not.toContain(customer.id);
    const [one] = await s.t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.type, "PANIC"), eq(alerts.userId, engineer.id)));
    expect(one).toMatchObject({ link: `/issues/${n}`, issueNumber: n });
    expect(one?.message).toContain(`#${n} Everything is down`);
    expect((await texts()).map((s) => s.to)).toEqual(["+15550001111"]);
  });

  it("cannot be turned off", async () => {
    const res = await call(engineer, "PUT", "/api/alert-subscriptions", { type: "PANIC", enabled: false });
    expect(res).toMatchObject({ status: 400, body: { error: "This alert cannot be turned off" } });
  });
});
