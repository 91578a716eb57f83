import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accountAudit,
  accountEngineers,
  accountFollowers,
  accountUseCases,
  timeLogs,
  useCases,
} from "../../db/schema";
import { raiseAlerts } from "../alerts/alerts.service";
import { ENGINEERS_ONLY } from "../conversations/test-fixtures";
import { accountWorkSuite, type Method } from "./account-work-test-kit";

const s = accountWorkSuite();
const yesterday = () => new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);

/** Everything these routes write, to prove a refused call changed nothing. */
async function snapshot() {
  const { db } = s.t;
  return {
    timeLogs: await db.select().from(timeLogs).orderBy(timeLogs.id),
    engineers: await db
      .select()
      .from(accountEngineers)
      .orderBy(accountEngineers.userId, accountEngineers.role),
    followers: await db.select().from(accountFollowers).orderBy(accountFollowers.userId),
    useCases: await db.select().from(useCases).orderBy(useCases.id),
    accountUseCases: await db.select().from(accountUseCases).orderBy(accountUseCases.useCaseId),
    audit: await db.select().from(accountAudit).orderBy(accountAudit.id),
  };
}

describe("who may call the account-work routes", () => {
  let logId = 0;
  let useCaseId = 0;
  beforeAll(async () => {
    const { engineer, orgA } = s.cast;
    const log = await s.call(engineer.authorization, "POST", `/accounts/${orgA.id}/time-logs`, {
      work_date: yesterday(),
      minutes: 15,
    });
    logId = log.body.id;
    await s.call(engineer.authorization, "POST", `/accounts/${orgA.id}/follow`);
    useCaseId = (await s.call(engineer.authorization, "POST", "/use-cases", { name: "Matrix" })).body.id;
  });

  type Who = "ownerB" | "userA" | "ownerA";
  /** Each route with what a customer of another account, a plain user of A and an owner of A get. */
  const routes: Array<[string, Method, () => string, (() => object) | null, Record<Who, number>]> = [
    [
      "log time",
      "POST",
      () => `/accounts/${s.cast.orgA.id}/time-logs`,
      () => ({ work_date: yesterday(), minutes: 5 }),
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "list an account's time",
      "GET",
      () => `/accounts/${s.cast.orgA.id}/time-logs`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "list an engineer's time",
      "GET",
      () => `/time-logs?user_id=${s.cast.engineer.id}`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "delete a time log",
      "DELETE",
      () => `/accounts/${s.cast.orgA.id}/time-logs/${logId}`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "read the engineers",
      "GET",
      () => `/accounts/${s.cast.orgA.id}/engineers`,
      null,
      { ownerB: 404, userA: 200, ownerA: 200 },
    ],
    [
      "set the engineers",
      "PUT",
      () => `/accounts/${s.cast.orgA.id}/engineers`,
      () => ({ account_manager: s.cast.engineer.id, field_architect: null, customer_engineer: null }),
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "list followed accounts",
      "GET",
      () => "/accounts/following",
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "follow",
      "POST",
      () => `/accounts/${s.cast.orgA.id}/follow`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "unfollow",
      "DELETE",
      () => `/accounts/${s.cast.orgA.id}/follow`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    ["list use cases", "GET", () => "/use-cases", null, { ownerB: 200, userA: 200, ownerA: 200 }],
    [
      "create a use case",
      "POST",
      () => "/use-cases",
      () => ({ name: "Customer-made" }),
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "rename a use case",
      "PUT",
      () => `/use-cases/${useCaseId}`,
      () => ({ name: "Renamed" }),
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "delete a use case",
      "DELETE",
      () => `/use-cases/${useCaseId}`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "set an account's use cases",
      "PUT",
      () => `/accounts/${s.cast.orgA.id}/use-cases`,
      () => ({ use_case_ids: [useCaseId] }),
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
    [
      "read the account's alerts",
      "GET",
      () => `/accounts/${s.cast.orgA.id}/alerts`,
      null,
      { ownerB: 403, userA: 403, ownerA: 403 },
    ],
  ];

  it.each(routes)(
    "%s: customers get their answer and change nothing",
    async (_name, method, url, body, expected) => {
      const before = await snapshot();
      for (const who of ["ownerB", "userA", "ownerA"] as const) {
        const res = await s.call(s.cast[who].authorization, method, url(), body?.());
        expect({ who, status: res.status }).toEqual({ who, status: expected[who] });
        if (expected[who] === 403) expect(res.body).toEqual(ENGINEERS_ONLY);
        if (expected[who] === 404) expect(res.body).toMatchObject({ error: "Account not found" });
        if (who === "ownerB") expect(JSON.stringify(res.body)).not.toContain(s.cast.orgA.company);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(routes)("%s: answers 401 without a token", async (_name, method, url, body) => {
    const res = await s.call(null, method, url(), body?.());
    expect(res.status).toBe(401);
  });
});

describe("engineers' roles on an account", () => {
  const roles = (body: { roles: { role: string; user_id: number }[] }) =>
    body.roles.map((r) => [r.role, r.user_id]);
  const engineerAudits = (accountId: number) =>
    s.t.db
      .select({ details: accountAudit.details })
      .from(accountAudit)
      .where(and(eq(accountAudit.accountId, accountId), eq(accountAudit.action, "engineers.changed")))
      .orderBy(accountAudit.id);

  it("are set by an engineer, read by the account's customers, and audited with each change", async () => {
    const { engineer, engineer2, admin, orgB, ownerB } = s.cast;
    const set = await s.call(engineer.authorization, "PUT", `/accounts/${orgB.id}/engineers`, {
      account_manager: admin.id,
      field_architect: engineer2.id,
      customer_engineer: engineer2.id,
    });
    expect(set.status).toBe(200);
    expect(roles(set.body)).toEqual([
      ["account_manager", admin.id],
      ["field_architect", engineer2.id],
      ["customer_engineer", engineer2.id],
    ]);
    const read = await s.call(ownerB.authorization, "GET", `/accounts/${orgB.id}/engineers`);
    expect(read).toMatchObject({ status: 200, body: set.body });
    expect(read.body.roles[0]).toMatchObject({ name: "Ada Admin", email: expect.stringContaining("@") });

    const changed = await s.call(engineer.authorization, "PUT", `/accounts/${orgB.id}/engineers`, {
      account_manager: admin.id,
      field_architect: null,
      customer_engineer: engineer.id,
    });
    expect(roles(changed.body)).toEqual([
      ["account_manager", admin.id],
      ["customer_engineer", engineer.id],
    ]);
    // The same roles again change nothing and record nothing.
    await s.call(engineer.authorization, "PUT", `/accounts/${orgB.id}/engineers`, {
      account_manager: admin.id,
      field_architect: null,
      customer_engineer: engineer.id,
    });
    const eve = { user_id: engineer2.id, name: "Eve Engineer" };
    expect((await engineerAudits(orgB.id)).map((a) => a.details)).toEqual([
      {
        account_manager: { from: null, to: { user_id: admin.id, name: "Ada Admin" } },
        field_architect: { from: null, to: eve },
        customer_engineer: { from: null, to: eve },
      },
      {
        field_architect: { from: eve, to: null },
        customer_engineer: { from: eve, to: { user_id: engineer.id, name: "Erin Engineer" } },
      },
    ]);
  });

  it.each([
    ["a customer's user", () => s.cast.ownerA.id],
    ["a disabled engineer", () => s.cast.disabledEngineerId],
    ["a user who does not exist", () => 999999],
  ])("refuses %s with 400 and changes nothing", async (_name, id) => {
    const { engineer, orgB } = s.cast;
    const before = await snapshot();
    const res = await s.call(engineer.authorization, "PUT", `/accounts/${orgB.id}/engineers`, {
      account_manager: id(),
      field_architect: null,
      customer_engineer: null,
    });
    expect(res).toMatchObject({ status: 400, body: { error: M.notAnEngineer } });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an account that does not exist", async () => {
    const { engineer } = s.cast;
    const put = await s.call(engineer.authorization, "PUT", "/accounts/999999/engineers", {
      account_manager: null,
      field_architect: null,
      customer_engineer: null,
    });
    expect(put.status).toBe(404);
    expect((await s.call(engineer.authorization, "GET", "/accounts/999999/engineers")).status).toBe(404);
  });
});

describe("following accounts", () => {
  it("is each engineer's own, idempotent both ways", async () => {
    const { engineer2, orgA, orgB } = s.cast;
    const me = engineer2.authorization;
    expect(await s.call(me, "GET", "/accounts/following")).toEqual({ status: 200, body: [] });
    for (let i = 0; i < 2; i++) {
      expect(await s.call(me, "POST", `/accounts/${orgB.id}/follow`)).toEqual({
        status: 200,
        body: { following: true },
      });
    }
    await s.call(me, "POST", `/accounts/${orgA.id}/follow`);
    const followed = await s.call(me, "GET", "/accounts/following");
    expect(followed.body.map((f: { company: string }) => f.company)).toEqual(
      [orgA.company, orgB.company].sort((a, b) => a.localeCompare(b)),
    );
    expect(followed.body[0]).toMatchObject({ followed_at: expect.any(String) });
    for (let i = 0; i < 2; i++) {
      expect(await s.call(me, "DELETE", `/accounts/${orgB.id}/follow`)).toEqual({
        status: 200,
        body: { following: false },
      });
    }
    const left = await s.call(me, "GET", "/accounts/following");
    expect(left.body.map((f: { account_id: number }) => f.account_id)).toEqual([orgA.id]);
    // Another engineer's follows are theirs.
    const other = await s.call(s.cast.admin.authorization, "GET", "/accounts/following");
    expect(other.body).toEqual([]);
  });

  it("answers 404 for an account that does not exist", async () => {
    const res = await s.call(s.cast.engineer2.authorization, "POST", "/accounts/999999/follow");
    expect(res).toMatchObject({ status: 404, body: { error: "Account not found" } });
  });
});

describe("the account's alerts", () => {
  it("are one row per raised alert, with how many got it and read it", async () => {
    const { engineer, engineer2, admin, orgA, orgB, issueA, ownerA } = s.cast;
    const { db } = s.t;
    // A cluster-style alert naming the account, one about an issue (its account found from the
    // issue) and one of another account.
    await raiseAlerts(db, {
      type: "CLUSTER_NOT_REPORTING",
      userIds: [engineer.id, engineer2.id, admin.id],
      message: "prod-east stopped reporting",
      link: "/clusters/x",
      accountId: orgA.id,
    });
    const [mention] = await raiseAlerts(db, {
      type: "MENTION",
      userIds: [ownerA.id, engineer.id],
      message: `Erin mentioned you on #${issueA}`,
      link: `/issues/${issueA}`,
      issueNumber: issueA,
    });
    await raiseAlerts(db, {
      type: "CLUSTER_NOT_REPORTING",
      userIds: [engineer.id],
      message: "backup stopped reporting",
      link: null,
      accountId: orgB.id,
    });
    // The customer reads theirs.
    const read = await s.t.app.inject({
      method: "PUT",
      url: `/api/chat/alert/${mention?.alert.alert_id}`,
      headers: { authorization: ownerA.authorization },
      payload: { read: true },
    });
    expect(read.statusCode).toBe(200);

    const res = await s.call(engineer.authorization, "GET", `/accounts/${orgA.id}/alerts`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, page_size: 50 });
    expect(res.body.items).toEqual([
      {
        alert_id: expect.any(Number),
        type: "MENTION",
        message: `Erin mentioned you on #${issueA}`,
        link: `/issues/${issueA}`,
        created_at: expect.any(String),
        recipients: 2,
        read: 1,
      },
      {
        alert_id: expect.any(Number),
        type: "CLUSTER_NOT_REPORTING",
        message: "prod-east stopped reporting",
        link: "/clusters/x",
        created_at: expect.any(String),
        recipients: 3,
        read: 0,
      },
    ]);
    const second = await s.call(
      engineer.authorization,
      "GET",
      `/accounts/${orgA.id}/alerts?page=2&page_size=1`,
    );
    expect(second.body).toMatchObject({ total: 2, page: 2, items: [{ type: "CLUSTER_NOT_REPORTING" }] });
    const past = await s.call(engineer.authorization, "GET", `/accounts/${orgA.id}/alerts?page=9`);
    expect(past.body).toMatchObject({ total: 2, items: [] });
    expect((await s.call(engineer.authorization, "GET", "/accounts/999999/alerts")).status).toBe(404);
  });
});
