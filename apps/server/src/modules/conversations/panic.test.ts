/** Panic issues: who may raise one, the top of every engineer's queue at once, mail to engineers. */
import { CONVERSATION_MESSAGES, MESSAGE_MAX_LENGTH } from "@portico/shared/schemas/conversations";
import { PANIC_MESSAGES } from "@portico/shared/schemas/search";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, issues, outbox } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { ChatTestClient } from "./chat-test-client";
import { type Cast, call, createCast, openIssue } from "./test-fixtures";

let t: TestContext;
let cast: Cast;
let base: string;

const panic = (authorization: string, body: object, aid?: number) =>
  call(t.app, authorization, "POST", `/api/chat/panic${aid ? `?aid=${aid}` : ""}`, body);
const allowed = (authorization: string, aid?: number) =>
  call(t.app, authorization, "GET", `/api/chat/ispanicallowed${aid ? `?aid=${aid}` : ""}`);
const panicsOf = async (accountId: number) =>
  (await t.db.select().from(issues).where(eq(issues.accountId, accountId))).filter(
    (i) => i.issueType === "panic",
  );
/** Lets the next panic of an account through (the cooldown is a minute). */
const forgetPanics = () =>
  t.db.execute(sql`update issues set created_at = created_at - interval '2 minutes'`);

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  cast = await createCast(t); // organization A is on ENTERPRISE, B has no plan
}, 60_000);
afterAll(() => t.close());

describe("GET /api/chat/ispanicallowed", () => {
  it("allows a member of an account whose plan carries support, and tells others why not", async () => {
    expect((await allowed(cast.userA)).body).toEqual({ allowed: true, reason: null });
    expect((await allowed(cast.ownerB)).body).toEqual({
      allowed: false,
      reason: PANIC_MESSAGES.notAllowedPlan,
    });
    expect((await allowed(cast.engineer, cast.orgB.id)).body).toEqual({ allowed: true, reason: null });
  });

  it("refuses another account's aid and answers 401 without a token", async () => {
    expect((await allowed(cast.ownerB, cast.orgA.id)).status).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/chat/ispanicallowed" })).statusCode).toBe(401);
  });
});

describe("POST /api/chat/panic", () => {
  it("opens a panic that tops every engineer's queue live and e-mails every available engineer", async () => {
    await forgetPanics();
    // Normal issues already waiting in the queue, from an account of the best plan rank.
    const standard = await createAccount(t.db);
    await t.db.update(accounts).set({ serviceType: "STANDARD" }).where(eq(accounts.id, standard.id));
    const standardOwner = await signIn(
      t.app,
      await createUser(t.db, { accountId: standard.id, role: "owner" }),
    );
    await openIssue(t.app, standardOwner.authorization, standard.id, "Slow dashboard", "Not urgent");

    const unavailable = await createUser(t.db, { accountId: 1, role: "engineer" });
    const off = await signIn(t.app, unavailable);
    expect(
      (await call(t.app, off.authorization, "PUT", "/api/chat/engineers", { is_available: false })).status,
    ).toBe(200);

    const watcher = await ChatTestClient.connect(t.app, base, cast.engineer);
    await watcher.subscribe("queue");
    const since = new Date();
    const res = await panic(cast.userA, {
      panic_title: "Cluster down in Lisbon",
      panic_message: "All nodes offline",
    });
    expect(res.status).toBe(201);
    const n = res.body.conversation.issue.issue_number;
    expect(res.body.conversation).toMatchObject({ issueType: "panic", issue: { issue_type: "panic" } });

    const pushed = await watcher.next((f) => f.type === "issue" && f.item.issue.issue_number === n);
    expect(pushed.item.issueType).toBe("panic");
    await watcher.close();

    const queue = await call(t.app, cast.engineer, "GET", "/api/chat/issue");
    expect(queue.body.items[0].issue.issue_number).toBe(n);

    const sent = await t.db.select().from(outbox).where(sql`${outbox.createdAt} >= ${since.toISOString()}`);
    const recipients = sent.filter((m) => m.subject.startsWith("PANIC:")).map((m) => m.to);
    expect(recipients).toContain((await userEmail(cast.engineerId)) ?? "");
    expect(recipients).not.toContain(unavailable.email);
    const mail = sent.find((m) => m.subject.startsWith("PANIC:"));
    expect(mail?.text).toContain(`/issues/${n}`);
  });

  it("takes one panic per account per minute, also when two arrive at once", async () => {
    await forgetPanics();
    const before = (await panicsOf(cast.orgA.id)).length;
    const body = { panic_title: "Twice", panic_message: "Double click" };
    const results = await Promise.all([panic(cast.ownerA, body), panic(cast.userA, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 429]);
    const refused = results.find((r) => r.status === 429);
    expect(refused?.body.error).toBe(PANIC_MESSAGES.tooSoon);
    expect((await panicsOf(cast.orgA.id)).length).toBe(before + 1);
  });

  it("refuses a plan without panic support, an oversized message and another account's aid; nothing is opened", async () => {
    await forgetPanics();
    const refused = await panic(cast.ownerB, { panic_title: "Help", panic_message: "Down" });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: PANIC_MESSAGES.notAllowedPlan, code: 1002 },
    });
    const huge = await panic(cast.ownerA, { panic_title: "Huge", panic_message: "x".repeat(1_000_000) });
    expect(huge).toMatchObject({ status: 400, body: { error: CONVERSATION_MESSAGES.messageTooLong } });
    expect(MESSAGE_MAX_LENGTH).toBeLessThan(1_000_000);
    const foreign = await panic(cast.ownerB, { panic_title: "Spoof", panic_message: "Into A" }, cast.orgA.id);
    expect(foreign.status).toBe(403);
    expect(await panicsOf(cast.orgB.id)).toEqual([]);
    expect((await panicsOf(cast.orgA.id)).some((i) => i.title === "Huge" || i.title === "Spoof")).toBe(false);
  });

  it("lets an engineer raise a panic for any account", async () => {
    const res = await panic(
      cast.engineer,
      { panic_title: "On behalf", panic_message: "Customer called" },
      cast.orgB.id,
    );
    expect(res.status).toBe(201);
    expect(res.body.conversation.issue.account_id).toBe(cast.orgB.id);
  });

  it("answers 401 without a token before reading the body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/chat/panic", payload: "{not json" });
    expect(res.statusCode).toBe(401);
  });
});

describe("weekend priority (spec §9)", () => {
  /** 10:00 UTC of the last `day` (0 Sunday … 6 Saturday) at least a day ago: access tokens stay valid. */
  const previous = (day: number) => {
    const at = new Date(Date.now() - 86_400_000);
    at.setUTCHours(10, 0, 0, 0);
    while (at.getUTCDay() !== day) at.setUTCDate(at.getUTCDate() - 1);
    return at;
  };
  const saturday = previous(6);
  const monday = previous(1);

  it("marks issues opened in the window and puts them first for engineers on call at the weekend", async () => {
    const t2 = await createTestApp();
    try {
      const c = await createCast(t2);
      vi.useFakeTimers({ toFake: ["Date"], now: monday });
      const weekday = await openIssue(t2.app, c.ownerA, c.orgA.id, "Weekday", "Raised on Monday");
      vi.setSystemTime(saturday);
      const weekend = await openIssue(t2.app, c.ownerB, c.orgB.id, "Weekend", "Raised on Saturday");
      const list = async (authorization: string) =>
        (await call(t2.app, authorization, "GET", "/api/chat/issue")).body.items.map(
          (i: { issue: { title: string; is_weekend_priority: boolean } }) => [
            i.issue.title,
            i.issue.is_weekend_priority,
          ],
        );
      // Organization A's enterprise plan outranks B's none: the usual order puts Monday's issue first.
      expect(await list(c.admin)).toEqual([
        ["Weekday", false],
        ["Weekend", true],
      ]);
      await call(t2.app, c.engineer, "PUT", "/api/chat/engineers", { is_on_call: true });
      expect(await list(c.engineer)).toEqual([
        ["Weekend", true],
        ["Weekday", false],
      ]);
      const onCall = await call(t2.app, c.engineer, "GET", "/api/chat/issue?filter=on_call");
      expect(onCall.body.items.map((i: { issue: { issue_number: number } }) => i.issue.issue_number)).toEqual(
        [weekend],
      );
      // After the window the on-call engineer sees the usual order again.
      vi.setSystemTime(monday);
      expect((await list(c.engineer))[0]).toEqual(["Weekday", false]);
      expect(weekday).toBeLessThan(weekend);
    } finally {
      vi.useRealTimers();
      await t2.close();
    }
  });
});

async function userEmail(id: number) {
  const rows = await t.db.execute(sql`select email from users where id = ${id}`);
  return (rows as unknown as { rows: Array<{ email: string }> }).rows[0]?.email;
}
