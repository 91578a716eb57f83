import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, invites, users } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";

let t: TestContext;
let orgA: { id: number; company: string };
let orgB: { id: number; company: string };
let customerA: string;
let plainUserA: string;
let engineer: string;
let inviteB: number;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createAccount(t.db);
  orgB = await createAccount(t.db);
  customerA = (await signIn(t.app, await createUser(t.db, { accountId: orgA.id, role: "owner" })))
    .authorization;
  plainUserA = (await signIn(t.app, await createUser(t.db, { accountId: orgA.id, role: "user" })))
    .authorization;
  engineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" }))).authorization;
  await createUser(t.db, { accountId: orgB.id, role: "owner" });
  const [invite] = await t.db
    .insert(invites)
    .values({
      accountId: orgB.id,
      email: "x@example.com",
      tokenHash: "h",
      expiresAt: new Date(Date.now() + 60_000),
    })
    .returning();
  inviteB = invite?.id ?? 0;
});
afterAll(() => t.close());

type Call = { method: "GET" | "POST" | "DELETE"; url: string; payload?: object };

/** Every organization route, naming organization B (built lazily: B exists only after beforeAll). */
const routesNamingB: Array<[string, () => Call, number]> = [
  ["account detail", () => ({ method: "GET", url: `/api/auth/accountsinfo/${orgB.id}` }), 404],
  ["account users", () => ({ method: "GET", url: `/api/auth/account-users?aid=${orgB.id}` }), 403],
  ["user info", () => ({ method: "GET", url: `/api/chat/user?aid=${orgB.id}` }), 403],
  [
    "rename",
    () => ({
      method: "POST",
      url: "/api/auth/update-organization-name",
      payload: { account_id: orgB.id, name: "taken-over" },
    }),
    404,
  ],
  [
    "invite",
    () => ({
      method: "POST",
      url: "/api/auth/signup/init",
      payload: { users: ["spy@example.com"], account_id: orgB.id },
    }),
    404,
  ],
  ["revoke invite", () => ({ method: "DELETE", url: `/api/auth/invites/${inviteB}?aid=${orgB.id}` }), 403],
];

describe("tenancy: a customer of organization A cannot reach organization B", () => {
  it.each(routesNamingB)("%s answers the refusal and no data of B", async (_name, call, status) => {
    const res = await t.app.inject({ ...call(), headers: { authorization: customerA } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status });
    expect(res.body).not.toContain(orgB.company);
  });

  it("leaves B unchanged after the attempts", async () => {
    const [b] = await t.db.select().from(accounts).where(eq(accounts.id, orgB.id));
    expect(b?.company).toBe(orgB.company);
    const pending = await t.db.select().from(invites).where(eq(invites.accountId, orgB.id));
    expect(pending.map((i) => i.email)).toEqual(["x@example.com"]);
  });

  it("lists only the customer's own organizations", async () => {
    for (const url of ["/api/auth/accountsinfo", "/api/auth/organizations"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { authorization: customerA } });
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((i: { account_id: number }) => i.account_id)).toEqual([orgA.id]);
    }
  });

  it("refuses users-without-membership to customers", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/accounts/users-without-membership",
      headers: { authorization: customerA },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("engineers may act on any organization", () => {
  it.each([
    ["account detail", () => `/api/auth/accountsinfo/${orgB.id}`],
    ["account users", () => `/api/auth/account-users?aid=${orgB.id}`],
    ["user info", () => `/api/chat/user?aid=${orgB.id}`],
  ])("%s answers 200", async (_name, url) => {
    const res = await t.app.inject({ method: "GET", url: url(), headers: { authorization: engineer } });
    expect(res.statusCode).toBe(200);
  });

  it("sees every organization in the list and can search it", async () => {
    const all = await t.app.inject({
      method: "GET",
      url: "/api/auth/organizations?page_size=200",
      headers: { authorization: engineer },
    });
    const ids = all.json().items.map((i: { account_id: number }) => i.account_id);
    expect(ids).toEqual(expect.arrayContaining([1, orgA.id, orgB.id]));
    const found = await t.app.inject({
      method: "GET",
      url: `/api/auth/accountsinfo?q=${orgB.company}`,
      headers: { authorization: engineer },
    });
    expect(found.json().items.map((i: { company: string }) => i.company)).toEqual([orgB.company]);
  });

  it("renames another organization", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-organization-name",
      headers: { authorization: engineer },
      payload: { account_id: orgB.id, name: `${orgB.company}-x` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toBe(`${orgB.company}-x`);
    orgB = { ...orgB, company: `${orgB.company}-x` };
  });

  it("answers 404 for an account that does not exist", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/accountsinfo/99999",
      headers: { authorization: engineer },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("organizations", () => {
  it("creates an organization owned by its creator, who then belongs to it", async () => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const before = await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization } });
    expect(before.json().accountId).toBeNull();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/accounts",
      headers: { authorization },
      payload: { company: "Blue-Whale-7" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ company: "Blue-Whale-7", role: "owner" });
    const after = await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization } });
    expect(after.json()).toMatchObject({ companyName: "Blue-Whale-7", roles: ["account_owner"] });
    const teams = await t.app.inject({ method: "GET", url: "/api/auth/teams", headers: { authorization } });
    expect(teams.json()).toEqual([
      { account_id: res.json().account_id, company: "Blue-Whale-7", role: "owner" },
    ]);
  });

  it("an engineer creates a customer's organization without joining it (engineers reach every one)", async () => {
    const me = await t.app.inject({
      method: "GET",
      url: "/api/chat/user",
      headers: { authorization: engineer },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/accounts",
      headers: { authorization: engineer },
      payload: { company: "Console-Made-1" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ company: "Console-Made-1", role: null });
    const after = await t.app.inject({
      method: "GET",
      url: "/api/chat/user",
      headers: { authorization: engineer },
    });
    expect(after.json().accountId).toBe(me.json().accountId);
    const page = await t.app.inject({
      method: "GET",
      url: `/api/auth/accountsinfo/${res.json().account_id}`,
      headers: { authorization: engineer },
    });
    expect(page.json()).toMatchObject({ company: "Console-Made-1", users: 0 });
  });

  it("refuses a duplicate name, whatever its case, and creates nothing", async () => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/accounts",
      headers: { authorization },
      payload: { company: orgA.company.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Organization name is already taken", status: 409 });
    const teams = await t.app.inject({ method: "GET", url: "/api/auth/teams", headers: { authorization } });
    expect(teams.json()).toEqual([]);
  });

  it.each([["a"], ["-abc"], ["abc-"], ["has space"], ["under_score"], ["x".repeat(64)], [""]])(
    "refuses the invalid name %j with the spec's message",
    async (company) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/accounts",
        headers: { authorization: customerA },
        payload: { company },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Organization name is not valid", status: 400 });
    },
  );

  it("validates names: free, taken, invalid", async () => {
    const check = (name: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/validate-organization-name",
        headers: { authorization: customerA },
        payload: { name },
      });
    expect((await check("free-name-42")).json()).toEqual({ valid: true });
    expect((await check(orgA.company)).statusCode).toBe(409);
    expect((await check("bad_name")).json()).toEqual({
      error: "Organization name is not valid",
      status: 400,
    });
  });

  it("lets the owner rename, refuses a plain member and a taken name", async () => {
    const rename = (authorization: string, name: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/update-organization-name",
        headers: { authorization },
        payload: { account_id: orgA.id, name },
      });
    const member = await rename(plainUserA, "members-cannot");
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe("Only an owner of the organization can do this");
    expect((await rename(customerA, orgB.company)).statusCode).toBe(409);
    const ok = await rename(customerA, `${orgA.company}-renamed`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ company: `${orgA.company}-renamed`, abilities: { rename: true } });
    orgA = { ...orgA, company: `${orgA.company}-renamed` };
  });

  it("lists the account's users and pending invites to its members", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/account-users",
      headers: { authorization: plainUserA },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .users.map((u: { role: string }) => u.role)
        .sort(),
    ).toEqual(["owner", "user"]);
    expect(res.json().users[0]).not.toHaveProperty("passwordHash");
  });

  it("says which users have the e-mailed sign-in code on", async () => {
    const org = await createAccount(t.db);
    const withCode = await createUser(t.db, { accountId: org.id, role: "owner" });
    const without = await createUser(t.db, { accountId: org.id });
    await t.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, withCode.id));
    await t.db.update(users).set({ mfaEnabled: false }).where(eq(users.id, without.id));
    const res = await t.app.inject({
      method: "GET",
      url: `/api/auth/account-users?aid=${org.id}`,
      headers: { authorization: engineer },
    });
    const byId = new Map(
      res.json().users.map((u: { user_id: number; mfa_enabled: boolean }) => [u.user_id, u.mfa_enabled]),
    );
    expect(byId).toEqual(
      new Map([
        [withCode.id, true],
        [without.id, false],
      ]),
    );
  });

  it("lists users without membership to engineers", async () => {
    const loner = await createUser(t.db, { email: "loner@example.com" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/accounts/users-without-membership?q=loner",
      headers: { authorization: engineer },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { user_id: number }) => u.user_id)).toEqual([loner.id]);
  });
});
