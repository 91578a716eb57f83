import { planRank } from "@portico/shared/rules/plan-rank";
import { SERVICE_TYPES } from "@portico/shared/schemas/accounts";
import { CUSTOMER_CSV_COLUMNS } from "@portico/shared/schemas/customers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountEngineers, accountFollowers, accounts, memberships } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";

let t: TestContext;
/** Every organization of this file starts with it, so `q` isolates them from the vendor's own. */
const P = `cl${Date.now().toString(36)}`;
let engineer: string;
let engineerId: number;
let other: { id: number; authorization: string };
let customer: string;
const ids = {} as Record<keyof typeof ORGS, number>;

const DAY = 86_400_000;

/** Four organizations with what the filters and sorts read. */
const ORGS = {
  alpha: {
    serviceType: "STANDARD",
    planStatus: "active",
    contractCapacity: 10,
    reportedCapacity: 12,
    members: 3,
  },
  Bravo: {
    serviceType: "ENTERPRISE-PLUS",
    isTrial: true,
    contractCapacity: 50,
    reportedCapacity: null,
    members: 1,
  },
  charlie: { serviceType: "ENTERPRISE", isDisabled: true, contractCapacity: null, members: 2 },
  delta: { serviceType: null, contractCapacity: 5, members: 0 },
} as const;

beforeAll(async () => {
  t = await createTestApp();
  const eng = await createUser(t.db, { accountId: 1, role: "engineer", name: "Eve Engineer" });
  engineerId = eng.id;
  engineer = (await signIn(t.app, eng)).authorization;
  const second = await createUser(t.db, { accountId: 1, role: "engineer", name: "=cmd|' /C calc'!A0" });
  other = { id: second.id, authorization: (await signIn(t.app, second)).authorization };
  let age = 10;
  for (const [name, { members, ...fields }] of Object.entries(ORGS)) {
    const account = await createAccount(t.db, `${P}-${name}`);
    ids[name as keyof typeof ORGS] = account.id;
    age -= 1;
    await t.db
      .update(accounts)
      .set({
        ...fields,
        createdAt: new Date(Date.now() - age * DAY),
        lastMessageAt: name === "delta" ? null : new Date(Date.now() - (10 - age) * DAY),
      })
      .where(eq(accounts.id, account.id));
    for (let i = 0; i < members; i++) {
      await createUser(t.db, { accountId: account.id, role: i === 0 ? "owner" : "user" });
    }
  }
  // A customer, a plain user of alpha and of Bravo.
  const member = await createUser(t.db, { accountId: ids.alpha, role: "user" });
  await t.db.insert(memberships).values({ accountId: ids.Bravo, userId: member.id, role: "user" });
  customer = (await signIn(t.app, member)).authorization;
  await t.db.insert(accountEngineers).values([
    { accountId: ids.alpha, userId: engineerId, role: "account_manager" },
    { accountId: ids.charlie, userId: engineerId, role: "account_manager" },
    { accountId: ids.Bravo, userId: other.id, role: "account_manager" },
    { accountId: ids.alpha, userId: other.id, role: "field_architect" },
  ]);
  await t.db.insert(accountFollowers).values({ accountId: ids.Bravo, userId: engineerId });
});
afterAll(() => t.close());

const get = (url: string, authorization = engineer) =>
  t.app.inject({ method: "GET", url, headers: { authorization } });

async function list(params: Record<string, string>, authorization = engineer) {
  const res = await get(`/api/auth/accountsinfo?${new URLSearchParams({ q: P, ...params })}`, authorization);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { company: string; [k: string]: unknown }[]; total: number };
}
const names = (page: { items: { company: string }[] }) =>
  page.items.map((i) => i.company.slice(P.length + 1));

describe("GET accountsinfo filters", () => {
  it("status=active leaves disabled organizations out; disabled shows only them; absent shows both", async () => {
    expect(names(await list({ status: "active" }))).toEqual(["alpha", "Bravo", "delta"]);
    expect(names(await list({ status: "disabled" }))).toEqual(["charlie"]);
    const all = await list({});
    expect(names(all)).toEqual(["alpha", "Bravo", "charlie", "delta"]);
    expect(all.total).toBe(4);
  });

  it("plans narrows to those plans; an empty list does not narrow", async () => {
    expect(names(await list({ plans: "STANDARD,ENTERPRISE-PLUS" }))).toEqual(["alpha", "Bravo"]);
    expect(names(await list({ plans: "" }))).toHaveLength(4);
    const bad = await get("/api/auth/accountsinfo?plans=GOLD");
    expect(bad.statusCode).toBe(400);
  });

  it("trial=true shows only trial accounts", async () => {
    expect(names(await list({ trial: "true" }))).toEqual(["Bravo"]);
    expect(names(await list({ trial: "false" }))).toHaveLength(4);
  });

  it("searches the company name anywhere, case-insensitively, with % taken literally", async () => {
    expect(names(await list({ q: `${P}-BRA` }))).toEqual(["Bravo"]);
    expect(names(await list({ q: "%" }))).toEqual([]);
  });

  it("a role quick filter selects the accounts where the engineer (default: me) holds that role", async () => {
    expect(names(await list({ quick_filter: "account_manager" }))).toEqual(["alpha", "charlie"]);
    expect(
      names(await list({ quick_filter: "account_manager", engineer_id: String(other.id), status: "active" })),
    ).toEqual(["Bravo"]);
    expect(names(await list({ quick_filter: "field_architect", engineer_id: String(other.id) }))).toEqual([
      "alpha",
    ]);
    expect(names(await list({ quick_filter: "customer_engineer" }))).toEqual([]);
  });

  it("following=true shows the accounts the viewer follows; each row says whether the viewer follows it", async () => {
    expect(names(await list({ following: "true" }))).toEqual(["Bravo"]);
    const rows = (await list({})).items;
    expect(rows.map((r) => r.following)).toEqual([false, true, false, false]);
    const theirs = (await list({}, other.authorization)).items;
    expect(theirs.every((r) => r.following === false)).toBe(true);
  });

  it("each row names its engineers with their roles, and carries the account's fields", async () => {
    const [alpha] = (await list({ q: `${P}-alpha` })).items;
    expect(alpha).toMatchObject({
      account_id: ids.alpha,
      is_trial: false,
      is_disabled: false,
      users: 4,
      contract_capacity: 10,
      reported_capacity: 12,
      account_type: { serviceType: "STANDARD", status: "active" },
    });
    expect(alpha?.engineers).toEqual([
      { role: "account_manager", user_id: engineerId, name: "Eve Engineer", email: expect.any(String) },
      { role: "field_architect", user_id: other.id, name: "=cmd|' /C calc'!A0", email: expect.any(String) },
    ]);
  });
});

describe("GET accountsinfo sorts and pages", () => {
  it.each([
    ["company", "ASC", ["alpha", "Bravo", "charlie", "delta"]],
    ["company", "DESC", ["delta", "charlie", "Bravo", "alpha"]],
    ["created_at", "ASC", ["alpha", "Bravo", "charlie", "delta"]],
    ["created_at", "DESC", ["delta", "charlie", "Bravo", "alpha"]],
    // Spec §4 rank: STANDARD 1, ENTERPRISE 2, trial ENTERPRISE-PLUS 5, no plan 8.
    ["plan", "ASC", ["alpha", "charlie", "Bravo", "delta"]],
    ["plan", "DESC", ["delta", "Bravo", "charlie", "alpha"]],
    ["users", "ASC", ["delta", "Bravo", "charlie", "alpha"]],
    // Bravo and charlie both have 2 users: ties by company, ascending either way.
    ["users", "DESC", ["alpha", "Bravo", "charlie", "delta"]],
    // No value sorts last either way.
    ["contract_capacity", "ASC", ["delta", "alpha", "Bravo", "charlie"]],
    ["contract_capacity", "DESC", ["Bravo", "alpha", "delta", "charlie"]],
    ["reported_capacity", "DESC", ["alpha", "Bravo", "charlie", "delta"]],
    ["last_message_at", "ASC", ["charlie", "Bravo", "alpha", "delta"]],
    ["last_message_at", "DESC", ["alpha", "Bravo", "charlie", "delta"]],
  ])("sort=%s order=%s", async (sort, order, expected) => {
    expect(names(await list({ sort, order }))).toEqual(expected);
  });

  it("sort=plan follows spec §4's plan rank for every plan, trial or not, however the type is spelled", async () => {
    const prefix = `rank${Date.now().toString(36).split("").reverse().join("")}`;
    const types = [...SERVICE_TYPES, null, "Enterprise_Plus ", "enterprise lite", "unknown"];
    const made: { company: string; rank: number }[] = [];
    for (const [i, serviceType] of types.entries()) {
      for (const isTrial of [false, true]) {
        const company = `${prefix}-${String(i).padStart(2, "0")}-${isTrial ? "t" : "p"}`;
        const account = await createAccount(t.db, company);
        await t.db.update(accounts).set({ serviceType, isTrial }).where(eq(accounts.id, account.id));
        made.push({ company, rank: planRank(serviceType, isTrial) });
      }
    }
    const expected = made
      .sort((a, b) => a.rank - b.rank || a.company.localeCompare(b.company))
      .map((m) => m.company);
    const res = await list({ q: prefix, sort: "plan", page_size: "50" });
    expect(res.items.map((i) => i.company)).toEqual(expected);
  });

  it("accounts without a value tie and sort by company", async () => {
    expect(names(await list({ sort: "reported_capacity", order: "ASC" }))).toEqual([
      "alpha",
      "Bravo",
      "charlie",
      "delta",
    ]);
  });

  it("pages through the matching accounts with the total", async () => {
    const first = await list({ page_size: "3" });
    const second = await list({ page_size: "3", page: "2" });
    expect(names(first)).toEqual(["alpha", "Bravo", "charlie"]);
    expect(names(second)).toEqual(["delta"]);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect((await get("/api/auth/accountsinfo?page_size=201")).statusCode).toBe(400);
  });
});

describe("GET accountsinfo for customers", () => {
  it("lists only the customer's own organizations, with the same filters", async () => {
    expect(names(await list({}, customer))).toEqual(["alpha", "Bravo"]);
    expect(names(await list({ trial: "true" }, customer))).toEqual(["Bravo"]);
    const everything = await get("/api/auth/accountsinfo?page_size=200", customer);
    expect(everything.json().items.map((i: { account_id: number }) => i.account_id)).toEqual([
      ids.alpha,
      ids.Bravo,
    ]);
  });
});

describe("GET accountsinfo/export", () => {
  it("answers CSV of every matching row in the list's order, with the header of CUSTOMER_CSV_COLUMNS", async () => {
    const res = await get(`/api/auth/accountsinfo/export?q=${P}&sort=plan&order=DESC`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="customers-${day}.csv"`);
    const lines = res.body.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(CUSTOMER_CSV_COLUMNS.join(","));
    expect(lines.slice(1, -1).map((l) => l.split(",")[1])).toEqual(
      ["delta", "Bravo", "charlie", "alpha"].map((n) => `${P}-${n}`),
    );
    const alpha = lines[4]?.split(",") ?? [];
    const cell = (column: (typeof CUSTOMER_CSV_COLUMNS)[number]) =>
      alpha[CUSTOMER_CSV_COLUMNS.indexOf(column)];
    expect(cell("account_id")).toBe(String(ids.alpha));
    expect(cell("status")).toBe("active");
    expect(cell("plan")).toBe("STANDARD");
    expect(cell("trial")).toBe("no");
    expect(cell("users")).toBe("4");
    expect(cell("contract_capacity_tib")).toBe("10");
    expect(cell("account_manager")).toBe("Eve Engineer");
  });

  it("escapes a cell a spreadsheet would run as a formula (an engineer named =cmd…)", async () => {
    const res = await get(`/api/auth/accountsinfo/export?q=${P}-alpha`);
    expect(res.body).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(res.body).not.toContain(",=cmd");
  });

  it("takes the same filters as the list", async () => {
    const res = await get(`/api/auth/accountsinfo/export?q=${P}&status=disabled`);
    expect(res.body.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(res.body).toContain(`${P}-charlie`);
  });
});

describe("tenancy", () => {
  it.each([
    ["list", () => "/api/auth/accountsinfo"],
    ["export", () => "/api/auth/accountsinfo/export"],
    ["detail", () => `/api/auth/accountsinfo/${ids.alpha}`],
  ])("%s without a token answers 401", async (_name, url) => {
    const res = await t.app.inject({ method: "GET", url: url() });
    expect(res.statusCode).toBe(401);
  });

  it("a customer cannot export (403)", async () => {
    const res = await get(`/api/auth/accountsinfo/export?q=${P}`, customer);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(P);
  });

  it("a customer gets 404 for another organization's page, 200 for their own", async () => {
    const res = await get(`/api/auth/accountsinfo/${ids.charlie}`, customer);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("Account not found");
    expect((await get(`/api/auth/accountsinfo/${ids.alpha}`, customer)).statusCode).toBe(200);
  });

  it("GET organizations keeps its answer (the org switcher's page of summaries)", async () => {
    const res = await get(`/api/auth/organizations?q=${P}`, customer);
    expect(res.json()).toEqual({
      items: [
        expect.objectContaining({ company: `${P}-alpha`, users: 4 }),
        expect.objectContaining({ company: `${P}-Bravo`, users: 2 }),
      ],
      total: 2,
      page: 1,
      page_size: 50,
    });
    expect(res.json().items[0]).not.toHaveProperty("engineers");
  });
});
