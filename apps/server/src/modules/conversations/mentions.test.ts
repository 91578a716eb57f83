import { ISSUE_WORK_MESSAGES } from "@portico/shared/schemas/issue-work";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { issueEvents, issueMentions, outbox, users } from "../../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  lastMailTo,
  signIn,
  TEST_PUBLIC_URL,
  type TestContext,
} from "../../test/helper";
import { ChatTestClient } from "./chat-test-client";
import { call as callAs, type Method, openIssue, post } from "./test-fixtures";

let t: TestContext;
let base: string;
const sockets: ChatTestClient[] = [];

interface Person {
  id: number;
  email: string;
  authorization: string;
}
let orgA: number;
let orgB: number;
let owner: Person;
let user: Person;
let quiet: Person;
let disabled: Person;
let outsider: Person;
let engineer: Person;
let engineer2: Person;

const person = async (opts: Parameters<typeof createUser>[1]): Promise<Person> => {
  const u = await createUser(t.db, opts);
  const authorization = opts?.disabled ? "" : (await signIn(t.app, u)).authorization;
  return { id: u.id, email: u.email, authorization };
};

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  orgA = (await createAccount(t.db)).id;
  orgB = (await createAccount(t.db)).id;
  owner = await person({ accountId: orgA, role: "owner", name: "Olga <Owner>" });
  user = await person({ accountId: orgA, role: "user", name: "Una User" });
  quiet = await person({ accountId: orgA, role: "user", name: "Quinn Quiet" });
  await t.db.update(users).set({ emailNotification: false }).where(eq(users.id, quiet.id));
  disabled = await person({ accountId: orgA, role: "user", name: "Dora Disabled", disabled: true });
  outsider = await person({ accountId: orgB, role: "owner", name: "Bob B" });
  engineer = await person({ accountId: 1, role: "engineer", name: "Erin Engineer" });
  engineer2 = await person({ accountId: 1, role: "engineer", name: "Eli Engineer" });
});
afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map((c) => (c.socket.readyState === WebSocket.OPEN ? c.close() : undefined)),
  );
});
afterAll(() => t.close());

const call = (authorization: string, method: Method, url: string, payload?: object) =>
  callAs(t.app, authorization, method, url, payload);
const notify = (as: Person, issue: number, payload: object, query = "") =>
  call(as.authorization, "POST", `/api/chat/issue/${issue}/notify${query}`, payload);
const issueOfA = (title = "Pool degraded") => openIssue(t.app, owner.authorization, orgA, title);
const connect = async (as: Person) => {
  const client = await ChatTestClient.connect(t.app, base, as.authorization);
  sockets.push(client);
  return client;
};

const mentionsOf = (issue: number) =>
  t.db
    .select({
      userId: issueMentions.userId,
      byId: issueMentions.byId,
      messageIndex: issueMentions.messageIndex,
    })
    .from(issueMentions)
    .where(eq(issueMentions.issueNumber, issue))
    .orderBy(issueMentions.userId);
const mentionEvents = (issue: number) =>
  t.db
    .select()
    .from(issueEvents)
    .where(sql`${issueEvents.issueNumber} = ${issue} and ${issueEvents.type} = 'mentioned'`);
const mailCount = async (people: Person[]) => {
  await t.app.ctx.jobs.flush();
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      inArray(
        outbox.to,
        people.map((p) => p.email),
      ),
    );
  return row?.n ?? 0;
};

/** Nothing about the call stayed behind: no mention, no event, no mail. */
const expectNothingRecorded = async (issue: number, mailsBefore: number, people: Person[]) => {
  expect(await mentionsOf(issue)).toEqual([]);
  expect(await mentionEvents(issue)).toEqual([]);
  expect(await mailCount(people)).toBe(mailsBefore);
};

describe("mentioning people", () => {
  it("a customer mentions a colleague and an engineer: recorded, an event for everyone, mail with the link", async () => {
    const n = await issueOfA("Disk <3> failed");
    await post(t.app, owner.authorization, n, "More detail");
    const res = await notify(owner, n, { user_ids: [engineer.id, user.id, engineer.id], message_index: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      notified: [
        { user_id: user.id, name: "Una User" },
        { user_id: engineer.id, name: "Erin Engineer" },
      ].sort((a, b) => a.user_id - b.user_id),
      emailed: 2,
    });
    expect(await mentionsOf(n)).toEqual(
      [user.id, engineer.id]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, byId: owner.id, messageIndex: 2 })),
    );
    const events = await call(user.authorization, "GET", `/api/chat/issue/${n}/events`);
    expect(events.body.items.at(-1)).toMatchObject({
      audience: "all",
      actor: { user_id: owner.id, name: "Olga <Owner>", is_engineer: false },
      after_message_index: 2,
      data: { type: "mentioned", users: res.body.notified, message_index: 2 },
    });
    for (const to of [user, engineer]) {
      const mail = await lastMailTo(t, to.email);
      expect(mail?.subject).toBe(`Olga <Owner> mentioned you on issue #${n}: Disk <3> failed`);
      expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/issues/${n}?msgIndex=2`);
      expect(mail?.html).toContain("Olga &lt;Owner&gt; mentioned you");
      expect(mail?.html).toContain("Disk &lt;3&gt; failed");
      expect(mail?.html).not.toContain("<Owner>");
    }
  });

  it("an engineer's mention is an engineers' event; without message_index the link opens the issue", async () => {
    const n = await issueOfA();
    const res = await notify(engineer, n, { user_ids: [owner.id, engineer2.id] });
    expect(res.status).toBe(200);
    expect(res.body.emailed).toBe(2);
    const mail = await lastMailTo(t, owner.email);
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/issues/${n}\n`);
    const staffView = await call(engineer2.authorization, "GET", `/api/chat/issue/${n}/events`);
    expect(staffView.body.items.at(-1)).toMatchObject({
      audience: "engineers",
      data: { type: "mentioned", message_index: null },
    });
    const customerView = await call(owner.authorization, "GET", `/api/chat/issue/${n}/events`);
    expect(customerView.body.items.map((e: { data: { type: string } }) => e.data.type)).toEqual(["created"]);
  });

  it("mails only those whose notification flag is on; the others are still notified", async () => {
    const n = await issueOfA();
    const before = await mailCount([quiet]);
    const res = await notify(owner, n, { user_ids: [quiet.id, user.id] });
    expect(res.status).toBe(200);
    expect(res.body.notified.map((p: { user_id: number }) => p.user_id).sort()).toEqual(
      [quiet.id, user.id].sort(),
    );
    expect(res.body.emailed).toBe(1);
    expect(await mailCount([quiet])).toBe(before);
    expect((await mentionsOf(n)).map((m) => m.userId)).toContain(quiet.id);
  });

  it("skips the caller's own id silently; only oneself records nothing", async () => {
    const n = await issueOfA();
    const res = await notify(owner, n, { user_ids: [owner.id, user.id] });
    expect(res.body).toEqual({ notified: [{ user_id: user.id, name: "Una User" }], emailed: 1 });
    const m = await issueOfA();
    const before = await mailCount([owner]);
    const alone = await notify(owner, m, { user_ids: [owner.id] });
    expect(alone).toMatchObject({ status: 200, body: { notified: [], emailed: 0 } });
    await expectNothingRecorded(m, before, [owner]);
  });

  it("a plain user of the account may mention too", async () => {
    const n = await issueOfA();
    const res = await notify(user, n, { user_ids: [owner.id] });
    expect(res.status).toBe(200);
    expect(res.body.notified).toEqual([{ user_id: owner.id, name: "Olga <Owner>" }]);
  });
});

describe("who cannot be mentioned", () => {
  it("someone of another account, a disabled user and an id nobody has: one answer naming those ids, sorted", async () => {
    const n = await issueOfA();
    const people = [outsider, disabled, user, engineer];
    const before = await mailCount(people);
    const res = await notify(owner, n, { user_ids: [999999, outsider.id, user.id, disabled.id] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      ISSUE_WORK_MESSAGES.notifyCannotSee([outsider.id, disabled.id, 999999].sort((a, b) => a - b)),
    );
    await expectNothingRecorded(n, before, people);
  });

  it("an id of another account reads exactly like an id nobody has", async () => {
    const n = await issueOfA();
    const other = await notify(owner, n, { user_ids: [outsider.id] });
    const nobody = await notify(owner, n, { user_ids: [999999] });
    expect(other.body.error.replace(String(outsider.id), "X")).toBe(nobody.body.error.replace("999999", "X"));
    expect([other.status, nobody.status]).toEqual([400, 400]);
  });

  it("an engineer may not mention a customer of another account either", async () => {
    const n = await issueOfA();
    const res = await notify(engineer, n, { user_ids: [outsider.id, owner.id] });
    expect(res).toMatchObject({
      status: 400,
      body: { error: ISSUE_WORK_MESSAGES.notifyCannotSee([outsider.id]) },
    });
    expect(await mentionsOf(n)).toEqual([]);
  });
});

describe("bad input", () => {
  it.each([
    [
      "10,000 ids",
      { user_ids: Array.from({ length: 10_000 }, (_, i) => i + 1) },
      ISSUE_WORK_MESSAGES.notifyTooMany,
    ],
    ["51 ids", { user_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, ISSUE_WORK_MESSAGES.notifyTooMany],
    ["no ids", { user_ids: [] }, ISSUE_WORK_MESSAGES.notifyRequired],
    ["no user_ids at all", {}, ISSUE_WORK_MESSAGES.notifyRequired],
  ])("%s: 400 with the rule's message, nothing recorded", async (_label, payload, message) => {
    const n = await issueOfA();
    const before = await mailCount([user, engineer]);
    const res = await notify(owner, n, payload);
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    await expectNothingRecorded(n, before, [user, engineer]);
  });

  it("message_index past the last message is refused", async () => {
    const n = await issueOfA();
    const res = await notify(owner, n, { user_ids: [user.id], message_index: 2 });
    expect(res).toMatchObject({ status: 400, body: { error: "message_index is past the last message (1)" } });
    expect(await mentionsOf(n)).toEqual([]);
  });
});

describe("tenancy", () => {
  it("another account's customer, an unknown issue and a mismatched aid are not found", async () => {
    const n = await issueOfA();
    expect(await notify(outsider, n, { user_ids: [owner.id] })).toMatchObject({
      status: 404,
      body: { error: "Issue not found" },
    });
    expect((await notify(engineer, 999999, { user_ids: [owner.id] })).status).toBe(404);
    expect((await notify(engineer, n, { user_ids: [owner.id] }, `?aid=${orgB}`)).status).toBe(404);
    expect((await notify(owner, n, { user_ids: [user.id] }, `?aid=${orgB}`)).status).toBe(403);
    expect(await mentionsOf(n)).toEqual([]);
  });
});

describe("mentions live", () => {
  it("reach the mentioned user's own channel only", async () => {
    const n = await issueOfA();
    const una = await connect(user);
    const olga = await connect(owner);
    const erin = await connect(engineer);
    expect((await una.subscribe(`user:${user.id}`)).type).toBe("subscribed");
    expect(await olga.subscribe(`user:${user.id}`)).toMatchObject({
      type: "error",
      error: "Channel not found",
    });
    expect(await erin.subscribe(`user:${user.id}`)).toMatchObject({
      type: "error",
      error: "Channel not found",
    });
    expect((await olga.subscribe(`issue:${n}`)).type).toBe("subscribed");
    expect((await olga.subscribe(`user:${owner.id}`)).type).toBe("subscribed");
    const res = await call(engineer.authorization, "POST", `/api/chat/issue/${n}/notify`, {
      user_ids: [user.id],
      message_index: 1,
    });
    expect(res.status).toBe(200);
    const frame = await una.next((f) => f.type === "mention");
    const [row] = await t.db.select().from(issueMentions).where(eq(issueMentions.issueNumber, n));
    expect(frame).toEqual({
      type: "mention",
      channel: `user:${user.id}`,
      mention: {
        id: row?.id,
        issue_number: n,
        title: "Pool degraded",
        account_id: orgA,
        by: { user_id: engineer.id, name: "Erin Engineer" },
        message_index: 1,
        created_at: expect.any(String),
      },
    });
    await olga.roundTrip();
    await erin.roundTrip();
    expect([...olga.frames, ...erin.frames].filter((f) => f.type === "mention")).toEqual([]);
  });
});

describe("rate limit", () => {
  it("a sender's 61st notify call within the hour is refused with 429, refused calls counting", async () => {
    const sender = await person({ accountId: orgA, role: "user", name: "Sam Spammer" });
    const n = await issueOfA();
    for (let i = 0; i < 60; i++) {
      const res = await notify(sender, n, { user_ids: [999999] });
      expect(res.status).toBe(400);
    }
    const before = await mailCount([user]);
    const res = await notify(sender, n, { user_ids: [user.id] });
    expect(res).toMatchObject({ status: 429, body: { error: "Too many attempts, please try again later" } });
    await expectNothingRecorded(n, before, [user]);
    // Someone else on the same issue is not held back.
    expect((await notify(owner, n, { user_ids: [user.id] })).status).toBe(200);
  });
});
