/**
 * Purging an account (issue 17): refusals, what purge-info counts, the purge itself (everything of
 * the account gone from every table and from the storage, a member of another organization kept),
 * 410 afterwards, an interrupted purge resuming with exact counts, the list and details, and the
 * tenancy matrix (engineers only).
 */
import { randomUUID } from "node:crypto";
import { PURGE_MESSAGES } from "@portico/shared/schemas/purge";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountPurges,
  accounts,
  billingPlans,
  files,
  jobs,
  memberships,
  sessions,
  subscriptions,
  users,
} from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { call } from "../conversations/test-fixtures";
import { createPurgeHandler, PURGE_JOB } from "./purge.job";
import { leftovers, type PurgeFixture, seedPurgeFixture } from "./purge-test-kit";

let t: TestContext;
let engineer: string;

beforeAll(async () => {
  t = await createTestApp();
  const eng = await createUser(t.db, { accountId: 1, role: "engineer", name: "Erin Engineer" });
  engineer = (await signIn(t.app, eng)).authorization;
});
afterAll(() => t.close());

const as = (authorization: string, method: "GET" | "POST", url: string, payload?: object) =>
  call(t.app, authorization, method, url, payload);

async function purgeRow(accountId: number) {
  const [row] = await t.db.select().from(accountPurges).where(eq(accountPurges.accountId, accountId));
  return row;
}

async function start(fixture: Pick<PurgeFixture, "accountId" | "company">, reason?: string) {
  const res = await as(engineer, "POST", `/api/auth/accounts/${fixture.accountId}/purge`, {
    company: fixture.company,
    ...(reason ? { reason } : {}),
  });
  expect(res.status, res.raw).toBe(202);
  return res.body as { id: number; status: string; stage: string; company: string };
}

async function storedObjects(keys: string[]) {
  const left: string[] = [];
  for (const key of keys) if (await t.app.ctx.storage.stat(key)) left.push(key);
  return left;
}

describe("refusals", () => {
  it("refuses the vendor's own organization (400) and an unknown one (404)", async () => {
    const vendor = await as(engineer, "POST", "/api/auth/accounts/1/purge", { company: "Portico" });
    expect(vendor.status).toBe(400);
    expect(vendor.body.error).toBe(PURGE_MESSAGES.vendorAccount);
    const info = await as(engineer, "GET", "/api/auth/accounts/1/purge-info");
    expect(info.body).toMatchObject({ allowed: false, reason: PURGE_MESSAGES.vendorAccount });
    const unknown = await as(engineer, "POST", "/api/auth/accounts/987654/purge", { company: "Nobody" });
    expect(unknown.status).toBe(404);
    expect((await as(engineer, "GET", "/api/auth/accounts/987654/purge-info")).status).toBe(404);
  });

  it("refuses a name typed differently (400) and changes nothing", async () => {
    const org = await createAccount(t.db, "Exact Name Ltd");
    const res = await as(engineer, "POST", `/api/auth/accounts/${org.id}/purge`, {
      company: "exact name ltd",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PURGE_MESSAGES.confirmMismatch);
    const empty = await as(engineer, "POST", `/api/auth/accounts/${org.id}/purge`, { company: " " });
    expect(empty.body.error).toBe(PURGE_MESSAGES.confirmMismatch);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, org.id));
    expect(row).toMatchObject({ isDisabled: false, purgeStartedAt: null });
    expect(await purgeRow(org.id)).toBeUndefined();
  });

  it("refuses an organization with an active paid subscription (409); a trial one does not count", async () => {
    const paid = await createAccount(t.db);
    const trial = await createAccount(t.db);
    const planWhere = async (where: ReturnType<typeof sql>) => {
      const [row] = await t.db
        .select({ id: billingPlans.id, productId: billingPlans.productId, code: billingPlans.code })
        .from(billingPlans)
        .where(where)
        .limit(1);
      if (!row) throw new Error("no such plan in the catalogue");
      return row;
    };
    const paidPlan = await planWhere(sql`${billingPlans.priceUsdMinor} > 0`);
    const trialPlan = await planWhere(sql`${billingPlans.code} = 'TRIAL'`);
    const sub = (accountId: number, p: { id: number; productId: number; code: string }) => ({
      accountId,
      provider: "STRIPE" as const,
      testMode: true,
      productId: p.productId,
      planId: p.id,
      serviceType: p.code,
      currency: "USD" as const,
      quantity: 10,
      minQuantity: 1,
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    await t.db.insert(subscriptions).values([sub(paid.id, paidPlan), sub(trial.id, trialPlan)]);

    const refused = await as(engineer, "POST", `/api/auth/accounts/${paid.id}/purge`, {
      company: paid.company,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(PURGE_MESSAGES.activeSubscription);
    const info = await as(engineer, "GET", `/api/auth/accounts/${paid.id}/purge-info`);
    expect(info.body).toMatchObject({ allowed: false, reason: PURGE_MESSAGES.activeSubscription });
    expect(info.body.contents).toMatchObject({ subscriptions: 1 });

    const trialInfo = await as(engineer, "GET", `/api/auth/accounts/${trial.id}/purge-info`);
    expect(trialInfo.body).toMatchObject({ allowed: true, reason: null });
    await start({ accountId: trial.id, company: trial.company });
    await t.app.ctx.jobs.flush();
    expect(await purgeRow(trial.id)).toMatchObject({ status: "done", counts: { subscriptions: 1 } });
  });

  it("refuses a second purge while one runs (409), then answers 410 once it is done", async () => {
    const org = await createAccount(t.db);
    // The job is not run yet: the first purge is still running.
    await t.db.transaction(async (tx) => {
      const { startPurge } = await import("./purge.service");
      await startPurge(tx, t.app.ctx.jobs, { userId: 1, name: "Test" }, org.id, { company: org.company });
    });
    const again = await as(engineer, "POST", `/api/auth/accounts/${org.id}/purge`, { company: org.company });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(PURGE_MESSAGES.alreadyPurging);
    // Being purged: the console's loaders already answer 410.
    const detail = await as(engineer, "GET", `/api/auth/accountsinfo/${org.id}`);
    expect(detail.status).toBe(410);
    expect(detail.body.error).toBe(PURGE_MESSAGES.purged);
    await t.app.ctx.jobs.flush();
    const gone = await as(engineer, "POST", `/api/auth/accounts/${org.id}/purge`, { company: org.company });
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe(PURGE_MESSAGES.purged);
  });
});

describe("a purge", () => {
  let fixture: PurgeFixture;
  let contents: Record<string, number>;

  beforeAll(async () => {
    fixture = await seedPurgeFixture(t.app, engineer);
  });

  it("purge-info lists what would go", async () => {
    const res = await as(engineer, "GET", `/api/auth/accounts/${fixture.accountId}/purge-info`);
    expect(res.status).toBe(200);
    contents = res.body.contents;
    expect(res.body).toMatchObject({
      account_id: fixture.accountId,
      company: fixture.company,
      allowed: true,
    });
    expect(contents).toMatchObject({
      users: 2,
      memberships: 3,
      issues: 2,
      messages: 4,
      files: 3,
      clusters: 1,
      cluster_reports: 1,
      api_tokens: 1,
      registration_keys: 1,
      licences: 1,
      time_logs: 1,
      feedback: 1,
    });
    expect(contents.file_bytes).toBeGreaterThan(2048);
    // The walk that must come back empty afterwards finds the account everywhere now.
    expect(await leftovers(t.db, fixture)).toEqual(
      expect.arrayContaining([
        "accounts.id",
        "users.id",
        "files.account_id",
        "issues.account_id",
        "memberships.user_id",
      ]),
    );
    expect(await storedObjects(fixture.storageKeys)).toEqual(fixture.storageKeys);
  });

  it("starts (202), disables the organization, signs out members with nothing else, and hides it", async () => {
    const kept = await t.db.select().from(users).where(eq(users.id, fixture.keptUser.id));
    expect(kept).toHaveLength(1);
    const record = await start(fixture, "Customer asked to be forgotten");
    expect(record).toMatchObject({ company: fixture.company, status: "running" });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, fixture.accountId));
    // The job may already have finished in the background; either way nothing is visible.
    if (account) expect(account.isDisabled).toBe(true);
    const list = await as(engineer, "GET", `/api/auth/accountsinfo?q=${encodeURIComponent(fixture.company)}`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
    await t.app.ctx.jobs.flush();
  });

  it("leaves nothing of the account in any table or in the storage, with exact counts", async () => {
    const row = await purgeRow(fixture.accountId);
    expect(row).toMatchObject({
      status: "done",
      stage: "done",
      company: fixture.company,
      reason: "Customer asked to be forgotten",
      requestedByName: "Erin Engineer",
      lastError: null,
    });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(row?.counts).toEqual(Object.fromEntries(Object.entries(contents).filter(([, n]) => n > 0)));
    expect(await leftovers(t.db, fixture)).toEqual([]);
    expect(await storedObjects(fixture.storageKeys)).toEqual([]);
    // The member of another organization stays there.
    const kept = await t.db.select().from(memberships).where(eq(memberships.userId, fixture.keptUser.id));
    expect(kept.map((m) => m.accountId)).toEqual([fixture.otherAccountId]);
  });

  it("answers 410 to every engineer action on the purged account id afterwards", async () => {
    for (const [method, url, body] of [
      ["GET", `/api/auth/accountsinfo/${fixture.accountId}`],
      ["GET", `/api/auth/accounts/${fixture.accountId}/purge-info`],
      ["POST", `/api/auth/accounts/${fixture.accountId}/purge`, { company: fixture.company }],
      ["POST", `/api/auth/account/${fixture.accountId}`, { disable: false }],
      ["GET", `/api/auth/accounts/${fixture.accountId}/time-logs`],
    ] as const) {
      const res = await as(engineer, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(410);
      expect(res.body.error).toBe(PURGE_MESSAGES.purged);
    }
  });

  it("is listed and described", async () => {
    const list = await as(engineer, "GET", `/api/auth/purge?q=${encodeURIComponent(fixture.company)}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1 });
    const [item] = list.body.items;
    expect(item).toMatchObject({
      account_id: fixture.accountId,
      company: fixture.company,
      status: "done",
      requested_by: { name: "Erin Engineer" },
    });
    const detail = await as(engineer, "GET", `/api/auth/purge/${item.id}`);
    expect(detail.body).toEqual(item);
    const missing = await as(engineer, "GET", "/api/auth/purge/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(PURGE_MESSAGES.recordNotFound);
    const all = await as(engineer, "GET", "/api/auth/purge?page_size=1");
    expect(all.body.items).toHaveLength(1);
    expect(all.body.total).toBeGreaterThan(1);
  });
});

describe("sessions", () => {
  it("signs out a member left with no organization at the start; a member of another keeps theirs", async () => {
    const org = await createAccount(t.db);
    const other = await createAccount(t.db);
    const alone = await createUser(t.db, { accountId: org.id, role: "owner" });
    const both = await createUser(t.db, { accountId: org.id, role: "user" });
    await t.db.insert(memberships).values({ accountId: other.id, userId: both.id, role: "user" });
    await signIn(t.app, alone);
    await signIn(t.app, both);
    await t.db.transaction(async (tx) => {
      const { startPurge } = await import("./purge.service");
      await startPurge(tx, t.app.ctx.jobs, { userId: 1, name: "Test" }, org.id, { company: org.company });
    });
    const live = async (userId: number) =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).filter(
        (s) => s.revokedAt === null,
      ).length;
    expect(await live(alone.id)).toBe(0);
    expect(await live(both.id)).toBe(1);
    await t.app.ctx.jobs.flush();
  });
});

describe("an interrupted purge", () => {
  it("resumes after a crash between batches and after a failing batch, counting each row once", async () => {
    const fixture = await seedPurgeFixture(t.app, engineer, "Interrupted");
    const info = await as(engineer, "GET", `/api/auth/accounts/${fixture.accountId}/purge-info`);
    const expected = Object.fromEntries(
      Object.entries(info.body.contents as Record<string, number>).filter(([, n]) => n > 0),
    );
    const ctx = { jobs: t.app.ctx.jobs, storage: t.app.ctx.storage, log: t.app.log };
    const real = createPurgeHandler(ctx, { batchSize: 1 });
    // Batches of one row; the 3rd run dies before doing anything (as a killed process would).
    let runs = 0;
    t.app.ctx.jobs.register(PURGE_JOB, async (tx, payload, afterCommit) => {
      runs += 1;
      if (runs === 3) throw new Error("process killed");
      return real(tx, payload, afterCommit);
    });
    // The next batch's storage fails once: the purge records it and retries.
    let deletes = 0;
    const flaky = {
      ...ctx,
      storage: Object.assign(Object.create(t.app.ctx.storage), {
        delete: async (key: string) => {
          deletes += 1;
          if (deletes === 1) throw new Error("S3 unavailable");
          return t.app.ctx.storage.delete(key);
        },
      }),
    };
    const flakyHandler = createPurgeHandler(flaky, { batchSize: 1 });
    await start(fixture);
    await t.app.ctx.jobs.flush();
    expect(runs).toBe(3);
    const stopped = await purgeRow(fixture.accountId);
    expect(stopped).toMatchObject({ status: "running", stage: "files" });
    expect(stopped?.counts.files).toBe(2);

    // A restart (its retry made due now): the storage fails once on the next batch.
    t.app.ctx.jobs.register(PURGE_JOB, flakyHandler);
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, PURGE_JOB));
    await t.app.ctx.jobs.flush();
    const failing = await purgeRow(fixture.accountId);
    expect(failing).toMatchObject({ status: "running", lastError: "S3 unavailable" });

    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, PURGE_JOB));
    await t.app.ctx.jobs.flush();
    const done = await purgeRow(fixture.accountId);
    expect(done).toMatchObject({ status: "done", stage: "done", lastError: null });
    expect(done?.counts).toEqual(expected);
    expect(await leftovers(t.db, fixture)).toEqual([]);
    expect(await storedObjects(fixture.storageKeys)).toEqual([]);
    t.app.ctx.jobs.register(PURGE_JOB, createPurgeHandler(ctx));
  });
});

describe("a purge that keeps failing", () => {
  it("is marked failed with its last error once the retries are spent", async () => {
    const org = await createAccount(t.db);
    const ctx = { jobs: t.app.ctx.jobs, storage: t.app.ctx.storage, log: t.app.log };
    const broken = Object.assign(Object.create(t.app.ctx.storage), {
      delete: async () => {
        throw new Error("bucket gone");
      },
    });
    await t.db.insert(files).values({
      uuid: randomUUID(),
      accountId: org.id,
      fileType: "legal_doc",
      filename: "a.pdf",
      storedName: "a.pdf",
      size: 3,
      uploaderName: "Fixture",
    });
    t.app.ctx.jobs.register(PURGE_JOB, createPurgeHandler({ ...ctx, storage: broken }));
    const started = await start({ accountId: org.id, company: org.company });
    await t.app.ctx.jobs.flush();
    // Five failures already spent: the next one gives up.
    await t.db
      .update(jobs)
      .set({ runAt: new Date(), payload: { purge_id: started.id, attempt: 5 } })
      .where(eq(jobs.kind, PURGE_JOB));
    await t.app.ctx.jobs.flush();
    const row = await purgeRow(org.id);
    expect(row).toMatchObject({ status: "failed", lastError: "bucket gone" });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, PURGE_JOB))).toEqual([]);
    const detail = await as(engineer, "GET", `/api/auth/purge/${started.id}`);
    expect(detail.body).toMatchObject({ status: "failed", last_error: "bucket gone", stage: "files" });
    t.app.ctx.jobs.register(PURGE_JOB, createPurgeHandler(ctx));

    // Started again once the storage is back: it removes what is left and is done.
    const info = await as(engineer, "GET", `/api/auth/accounts/${org.id}/purge-info`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ allowed: true, reason: null, contents: { files: 1 } });
    const again = await start({ accountId: org.id, company: org.company });
    expect(again.id).not.toBe(started.id);
    await t.app.ctx.jobs.flush();
    const retried = await as(engineer, "GET", `/api/auth/purge/${again.id}`);
    expect(retried.body).toMatchObject({ status: "done", counts: { files: 1 } });
    const gone = await as(engineer, "GET", `/api/auth/accounts/${org.id}/purge-info`);
    expect(gone.status).toBe(410);
  });
});

describe("tenancy", () => {
  let org: { id: number; company: string };
  let owner: string;
  let plain: string;
  let foreign: string;

  beforeAll(async () => {
    org = await createAccount(t.db);
    owner = (await signIn(t.app, await createUser(t.db, { accountId: org.id, role: "owner" }))).authorization;
    plain = (await signIn(t.app, await createUser(t.db, { accountId: org.id, role: "user" }))).authorization;
    const otherOrg = await createAccount(t.db);
    foreign = (await signIn(t.app, await createUser(t.db, { accountId: otherOrg.id, role: "owner" })))
      .authorization;
  });

  const routes = () =>
    [
      ["GET", `/api/auth/accounts/${org.id}/purge-info`],
      ["POST", `/api/auth/accounts/${org.id}/purge`, { company: org.company }],
      ["GET", "/api/auth/purge"],
      ["GET", "/api/auth/purge/1"],
    ] as const;

  it("answers 403 to the organization's owner, a plain user and another account's customer; nothing changes", async () => {
    for (const who of [owner, plain, foreign]) {
      for (const [method, url, body] of routes()) {
        const res = await as(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, org.id));
    expect(row).toMatchObject({ isDisabled: false, purgeStartedAt: null });
    expect(await purgeRow(org.id)).toBeUndefined();
  });

  it("answers 401 without a token, before reading the body", async () => {
    for (const [method, url] of routes()) {
      const res = await t.app.inject({
        method,
        url,
        headers: { "content-type": "application/json" },
        ...(method === "POST" ? { payload: "{not json" } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
