/**
 * Notifications (issue 17): engineers send a notice to everyone, chosen organizations or chosen
 * users; each enabled recipient gets one NOTICE alert (and an e-mail when asked and their flag is
 * on), delivered in batches by a resumable job.
 */
import { ALERTS } from "@portico/shared/errors";
import { NOTICE_MESSAGES } from "@portico/shared/schemas/notices";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, alerts, jobs, memberships, notices, outbox, users } from "../../db/schema";
import type { JobHandler } from "../../platform/jobs/queue";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { createDeliverHandler, deliverBatch } from "./notices.job";
import { NOTICE_JOB } from "./notices.service";

let t: TestContext;
let acme: { id: number };
let globex: { id: number };
let purging: { id: number };
const who = { engineer: "", owner: "", member: "", other: "" };
const id = { engineer: 0, owner: 0, member: 0, both: 0, quiet: 0, disabled: 0, other: 0, purged: 0 };
const emails: Record<string, string> = {};

type Method = "GET" | "POST" | "PUT";
async function call(auth: string | null, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: auth ? { authorization: auth } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const send = (payload: object, auth = who.engineer) => call(auth, "POST", "/api/auth/notices", payload);
const notice = (n: number) => call(who.engineer, "GET", `/api/auth/notices/${n}`);
const alertsOf = (noticeId: number) => t.db.select().from(alerts).where(eq(alerts.noticeId, noticeId));
const mailsWith = (subject: string) => t.db.select().from(outbox).where(eq(outbox.subject, subject));
const noticeCount = async () => (await t.db.select({ id: notices.id }).from(notices)).length;

/** Sends and runs the delivery to its end; the notice as GET notices/:id answers it. */
async function sendAndDeliver(payload: object) {
  const res = await send(payload);
  expect(res.status).toBe(202);
  await t.app.ctx.jobs.flush();
  return (await notice(res.body.id)).body;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createAccount(t.db, "Acme-notices");
  globex = await createAccount(t.db, "Globex-notices");
  purging = await createAccount(t.db, "Going-notices");
  await t.db.update(accounts).set({ purgeStartedAt: new Date() }).where(eq(accounts.id, purging.id));
  const make = async (key: keyof typeof id, opts: Parameters<typeof createUser>[1], signed = false) => {
    const user = await createUser(t.db, { name: `${key} person`, ...opts });
    id[key] = user.id;
    emails[key] = user.email;
    if (signed) who[key as keyof typeof who] = (await signIn(t.app, user)).authorization;
  };
  await make("engineer", { accountId: 1, role: "engineer" }, true);
  await make("owner", { accountId: acme.id, role: "owner" }, true);
  await make("member", { accountId: acme.id, role: "user" }, true);
  await make("both", { accountId: acme.id });
  await t.db.insert(memberships).values({ accountId: globex.id, userId: id.both, role: "user" });
  await make("quiet", { accountId: globex.id });
  await t.db.update(users).set({ emailNotification: false }).where(eq(users.id, id.quiet));
  await make("disabled", { accountId: acme.id, disabled: true });
  await make("other", { accountId: globex.id, role: "owner" }, true);
  await make("purged", { accountId: purging.id });
});
afterAll(() => t.close());

describe("who may send and read notices", () => {
  const routes: [Method, string, object?][] = [
    ["POST", "/api/auth/notices", { title: "Hi", body: "There", audience: "everyone" }],
    ["POST", "/api/auth/notices/preview", { audience: "everyone" }],
    ["GET", "/api/auth/notices"],
    ["GET", "/api/auth/notices/1"],
  ];

  it.each(routes)("%s %s answers 401 without a token, before reading the body", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { "content-type": "application/json" },
      ...(method === "POST" ? { payload: "{not json" } : {}),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(routes)(
    "%s %s is refused (403) to an owner and a plain user, and nothing is sent",
    async (method, url, body) => {
      const before = await noticeCount();
      for (const auth of [who.owner, who.member, who.other]) {
        const res = await call(auth, method, url, body);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(method === "POST" ? ALERTS.SEND_NOTICE.code : ALERTS.LIST_NOTICES.code);
      }
      await t.app.ctx.jobs.flush();
      expect(await noticeCount()).toBe(before);
    },
  );
});

describe("POST notices/preview", () => {
  it("counts enabled members of the chosen organizations once each, and those who also get the e-mail", async () => {
    const res = await call(who.engineer, "POST", "/api/auth/notices/preview", {
      audience: "accounts",
      account_ids: [acme.id, globex.id],
    });
    // owner, member, both (in the two), quiet (no e-mail), other; not the disabled one.
    expect(res).toEqual({ status: 200, body: { recipients: 5, emailed: 4 } });
  });

  it("counts chosen users who are enabled; an organization being purged reaches nobody", async () => {
    const users_ = await call(who.engineer, "POST", "/api/auth/notices/preview", {
      audience: "users",
      user_ids: [id.member, id.disabled, id.quiet],
    });
    expect(users_.body).toEqual({ recipients: 2, emailed: 1 });
    const gone = await call(who.engineer, "POST", "/api/auth/notices/preview", {
      audience: "accounts",
      account_ids: [purging.id],
    });
    expect(gone.body).toEqual({ recipients: 0, emailed: 0 });
  });

  it("counts every enabled user for everyone", async () => {
    const [row] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        mailed: sql<number>`count(*) filter (where email_notification)::int`,
      })
      .from(users)
      .where(eq(users.isDisabled, false));
    const res = await call(who.engineer, "POST", "/api/auth/notices/preview", { audience: "everyone" });
    expect(res.body).toEqual({ recipients: row?.n, emailed: row?.mailed });
  });

  it("refuses an audience without recipients with code 4002", async () => {
    const res = await call(who.engineer, "POST", "/api/auth/notices/preview", {
      audience: "users",
      user_ids: [],
    });
    expect(res).toEqual({
      status: 400,
      body: { error: NOTICE_MESSAGES.noRecipients, status: 400, code: ALERTS.SEND_NOTICE.code },
    });
  });
});

describe("POST notices", () => {
  it.each([
    ["no title", () => ({ title: "  ", body: "b", audience: "everyone" }), NOTICE_MESSAGES.titleRequired],
    [
      "a long title",
      () => ({ title: "t".repeat(201), body: "b", audience: "everyone" }),
      NOTICE_MESSAGES.titleTooLong,
    ],
    ["no message", () => ({ title: "t", body: "", audience: "everyone" }), NOTICE_MESSAGES.bodyRequired],
    [
      "no organization",
      () => ({ title: "t", body: "b", audience: "accounts", account_ids: [] }),
      NOTICE_MESSAGES.noRecipients,
    ],
    ["no user", () => ({ title: "t", body: "b", audience: "users" }), NOTICE_MESSAGES.noRecipients],
    [
      "only a disabled user",
      () => ({ title: "t", body: "b", audience: "users", user_ids: [id.disabled] }),
      NOTICE_MESSAGES.nobodyToReach,
    ],
    [
      "only an organization being purged",
      () => ({ title: "t", body: "b", audience: "accounts", account_ids: [purging.id] }),
      NOTICE_MESSAGES.nobodyToReach,
    ],
  ])("refuses %s with 400 (code 4002) and sends nothing", async (_name, payload, message) => {
    const before = await noticeCount();
    const res = await send(payload());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, status: 400, code: ALERTS.SEND_NOTICE.code });
    expect(await noticeCount()).toBe(before);
  });

  it("sends to chosen organizations: one alert per enabled member (one for a member of both), mail per flag", async () => {
    const res = await send({
      title: "Planned upgrade",
      body: "We upgrade the portal on Saturday.\nExpect 10 minutes of downtime.",
      audience: "accounts",
      account_ids: [acme.id, globex.id, acme.id],
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      title: "Planned upgrade",
      audience: "accounts",
      accounts: [
        { account_id: acme.id, company: "Acme-notices" },
        { account_id: globex.id, company: "Globex-notices" },
      ],
      users: [],
      send_email: true,
      sent_by: { user_id: id.engineer, name: "engineer person" },
      status: "sending",
      read_count: 0,
      finished_at: null,
    });
    await t.app.ctx.jobs.flush();
    const sent = (await notice(res.body.id)).body;
    expect(sent).toMatchObject({ status: "sent", recipient_count: 5, emailed_count: 4, read_count: 0 });
    expect(sent.finished_at).not.toBeNull();
    const rows = await alertsOf(res.body.id);
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual(
      [id.owner, id.member, id.both, id.quiet, id.other].sort((a, b) => a - b),
    );
    const mails = await mailsWith("Portico: Planned upgrade");
    expect(mails.map((m) => m.to).sort()).toEqual(
      [emails.owner, emails.member, emails.both, emails.other].sort() as string[],
    );
    expect(mails[0]?.text).toContain("We upgrade the portal on Saturday.");
    expect(mails[0]?.text).toContain("http://portico.test/alerts");
    // The member finds it in their alerts: the title, the body as its detail, leading to /alerts.
    const mine = await call(who.member, "GET", "/api/chat/alerts");
    expect(mine.body.items[0]).toMatchObject({
      type: "NOTICE",
      category: "account",
      message: "Planned upgrade",
      detail: "We upgrade the portal on Saturday.\nExpect 10 minutes of downtime.",
      link: "/alerts",
      read_at: null,
    });
  });

  it("sends to chosen enabled users only, without e-mail when asked", async () => {
    const sent = await sendAndDeliver({
      title: "Just you two",
      body: "Hello",
      audience: "users",
      user_ids: [id.member, id.disabled, id.other],
      send_email: false,
    });
    expect(sent).toMatchObject({ status: "sent", recipient_count: 2, emailed_count: 0, send_email: false });
    expect(sent.users.map((u: { user_id: number }) => u.user_id).sort()).toEqual(
      [id.member, id.disabled, id.other].sort(),
    );
    expect((await alertsOf(sent.id)).map((r) => r.userId).sort()).toEqual([id.member, id.other].sort());
    expect(await mailsWith("Portico: Just you two")).toHaveLength(0);
  });

  it("sends to everyone enabled, customers and engineers alike, and pushes each alert live", async () => {
    const publish = vi.spyOn(t.app.ctx.realtime, "publish");
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isDisabled, false));
    const sent = await sendAndDeliver({ title: "Hello all", body: "Everyone", audience: "everyone" });
    expect(sent.recipient_count).toBe(row?.n);
    const got = (await alertsOf(sent.id)).map((r) => r.userId);
    expect(got).toEqual(expect.arrayContaining([id.engineer, id.owner, id.purged, id.quiet]));
    expect(got).not.toContain(id.disabled);
    const frames = publish.mock.calls.filter(([, frame]) => (frame as { type: string }).type === "alert");
    expect(frames.map(([channel]) => channel)).toEqual(expect.arrayContaining([`user:${id.member}`]));
    const toMember = frames.find(([channel]) => channel === `user:${id.member}`)?.[1] as {
      alert: { message: string; detail: string };
      unread: number;
    };
    expect(toMember.alert).toMatchObject({ message: "Hello all", detail: "Everyone" });
    expect(toMember.unread).toBeGreaterThan(0);
    publish.mockRestore();
  });

  it("counts who read it", async () => {
    const sent = await sendAndDeliver({
      title: "Read me",
      body: "Please",
      audience: "users",
      user_ids: [id.member, id.owner],
    });
    const [alert] = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.noticeId, sent.id), eq(alerts.userId, id.member)));
    const read = await call(who.member, "PUT", `/api/chat/alert/${alert?.id}`, { read: true });
    expect(read.status).toBe(200);
    expect((await notice(sent.id)).body.read_count).toBe(1);
    const list = await call(who.engineer, "GET", "/api/auth/notices?q=read%20me");
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: sent.id, recipient_count: 2, read_count: 1 });
  });
});

describe("GET notices", () => {
  it("pages newest first and finds words in the title or the message", async () => {
    const first = await call(who.engineer, "GET", "/api/auth/notices?page=1&page_size=2");
    expect(first.status).toBe(200);
    expect(first.body.page_size).toBe(2);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(4);
    const ids = first.body.items.map((n: { id: number }) => n.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
    const byBody = await call(who.engineer, "GET", "/api/auth/notices?q=downtime");
    expect(byBody.body.items.map((n: { title: string }) => n.title)).toEqual(["Planned upgrade"]);
    expect(byBody.body.total).toBe(1);
    const none = await call(who.engineer, "GET", "/api/auth/notices?q=nothing%20like%20this");
    expect(none.body).toEqual({ items: [], total: 0, page: 1, page_size: 25 });
  });

  it("answers 404 with code 4001 for an unknown notice", async () => {
    const res = await notice(999_999);
    expect(res).toEqual({
      status: 404,
      body: { error: NOTICE_MESSAGES.notFound, status: 404, code: ALERTS.LIST_NOTICES.code },
    });
  });
});

describe("delivery in batches", () => {
  let crowd: { id: number };
  const CROWD = 3000;
  const BATCH = 500;

  beforeAll(async () => {
    crowd = await createAccount(t.db, "Crowd-notices");
    await t.db.execute(sql`
      with made as (
        insert into ${users} (email, name, password_hash, email_notification, mfa_enabled)
        select 'crowd-' || g || '@example.com', 'Crowd ' || g, 'x', g % 3 <> 0, false
        from generate_series(1, ${CROWD}) g
        returning id)
      insert into ${memberships} (account_id, user_id, role) select ${crowd.id}, id, 'user' from made`);
  });

  /** The job's handler with batches of 500, each run counted; `fail(n)` makes run n fail after its batch. */
  function useBatches(fail?: (run: number) => boolean) {
    const real = createDeliverHandler(t.app.ctx, { batchSize: BATCH });
    let runs = 0;
    const handler: JobHandler = async (tx, payload, afterCommit) => {
      runs += 1;
      await real(tx, payload, afterCommit);
      if (fail?.(runs)) throw new Error("process killed");
    };
    t.app.ctx.jobs.register(NOTICE_JOB, handler);
    return { runs: () => runs };
  }

  const crowdMails = async (subject: string) => (await mailsWith(subject)).length;
  const expectedMails = CROWD - Math.floor(CROWD / 3);

  it("delivers 3,000 recipients in batches of 500, one job run each", async () => {
    const counter = useBatches();
    const sent = await sendAndDeliver({
      title: "Crowd one",
      body: "Many",
      audience: "accounts",
      account_ids: [crowd.id],
    });
    // Six full batches and one that finds nobody left.
    expect(counter.runs()).toBe(CROWD / BATCH + 1);
    expect(sent).toMatchObject({ status: "sent", recipient_count: CROWD, emailed_count: expectedMails });
    expect(await alertsOf(sent.id)).toHaveLength(CROWD);
    expect(await crowdMails("Portico: Crowd one")).toBe(expectedMails);
  });

  it("resumes an interrupted delivery from its last committed batch, without duplicates", async () => {
    // Run 3 is killed after writing its batch: it rolls back, and the queue retries it later.
    const counter = useBatches((run) => run === 3);
    const res = await send({
      title: "Crowd two",
      body: "Again",
      audience: "accounts",
      account_ids: [crowd.id],
    });
    await t.app.ctx.jobs.flush();
    const halfway = (await notice(res.body.id)).body;
    expect(halfway).toMatchObject({ status: "sending", recipient_count: 2 * BATCH });
    expect(await alertsOf(res.body.id)).toHaveLength(2 * BATCH);
    const [row] = await t.db.select().from(notices).where(eq(notices.id, res.body.id));
    expect(row?.cursor).toBeGreaterThan(0);
    // The retry is due now (a restarted process would find it the same way).
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, NOTICE_JOB));
    await t.app.ctx.jobs.flush();
    expect(counter.runs()).toBe(3 + (CROWD / BATCH - 2) + 1);
    const done = (await notice(res.body.id)).body;
    expect(done).toMatchObject({ status: "sent", recipient_count: CROWD, emailed_count: expectedMails });
    const rows = await alertsOf(res.body.id);
    expect(rows).toHaveLength(CROWD);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(CROWD);
    expect(await crowdMails("Portico: Crowd two")).toBe(expectedMails);
  });

  it("never delivers a notice twice to one user, even from the start again", async () => {
    useBatches();
    const sent = await sendAndDeliver({
      title: "Crowd three",
      body: "Once",
      audience: "accounts",
      account_ids: [crowd.id],
    });
    await t.db.update(notices).set({ status: "sending", cursor: 0 }).where(eq(notices.id, sent.id));
    await t.app.ctx.jobs.enqueue(t.db, NOTICE_JOB, { notice_id: sent.id });
    await t.app.ctx.jobs.flush();
    expect((await notice(sent.id)).body).toMatchObject({ status: "sent", recipient_count: CROWD });
    expect(await alertsOf(sent.id)).toHaveLength(CROWD);
    expect(await crowdMails("Portico: Crowd three")).toBe(expectedMails);
  });

  it("records a failing batch's error, retries it, and marks the notice failed after the last attempt", async () => {
    let calls = 0;
    t.app.ctx.jobs.register(
      NOTICE_JOB,
      createDeliverHandler(t.app.ctx, {
        batchSize: BATCH,
        deliver: async (tx, noticeId, opts) => {
          calls += 1;
          await deliverBatch(tx, noticeId, opts);
          throw new Error("mail server on fire");
        },
      }),
    );
    const res = await send({ title: "Doomed", body: "x", audience: "users", user_ids: [id.member] });
    await t.app.ctx.jobs.flush();
    for (let i = 0; i < 10 && calls < 6; i++) {
      await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, NOTICE_JOB));
      await t.app.ctx.jobs.flush();
    }
    expect(calls).toBe(6);
    const failed = (await notice(res.body.id)).body;
    expect(failed).toMatchObject({ status: "failed", recipient_count: 0 });
    expect(failed.finished_at).not.toBeNull();
    const [row] = await t.db.select().from(notices).where(eq(notices.id, res.body.id));
    expect(row?.lastError).toContain("mail server on fire");
    expect(await alertsOf(res.body.id)).toHaveLength(0);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, NOTICE_JOB))).toHaveLength(0);
    useBatches();
  });

  it("skips a notice that is no longer sending", async () => {
    useBatches();
    const rows = await t.db
      .select({ id: notices.id })
      .from(notices)
      .where(and(isNotNull(notices.finishedAt), inArray(notices.status, ["sent"])));
    const first = rows[0]?.id ?? 0;
    await t.app.ctx.jobs.enqueue(t.db, NOTICE_JOB, { notice_id: first });
    const before = (await alertsOf(first)).length;
    await t.app.ctx.jobs.flush();
    expect(await alertsOf(first)).toHaveLength(before);
  });
});
