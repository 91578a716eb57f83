import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberships } from "../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  randomIp,
  signIn,
  submitCode,
  type TestContext,
} from "../test/helper";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The API calls anyone may make without signing in; every other API route must answer 401. */
const PUBLIC_API = [
  "GET /api/auth/deploy_env",
  "GET /api/auth/signup/verify",
  // The WebSocket: a browser cannot send a bearer header; it authenticates with a chat token.
  "GET /api/chat/ws",
  // A profile picture's signed link (the thumbnail call checks who may see it, then redirects here).
  "GET /api/chat/user/:id/picture",
  "GET /api/dev/mail",
  // A signed download link (an <img src> sends no bearer header): the signature is the authority.
  "GET /api/files/:uuid/content",
  "GET /api/health/report-schema.json",
  "GET /api/maintenance/status",
  "POST /api/auth/forgot-password",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/auth/maintenance-login",
  "POST /api/auth/mfa-login",
  "POST /api/auth/refresh-token",
  "POST /api/auth/resend-otp",
  "POST /api/auth/reset-password",
  "POST /api/auth/signup",
  "POST /api/auth/signup/init",
  // A prospect's cluster: its trial licence is the bearer, verified in the route before the body.
  "POST /api/cluster/register/trial",
  // The payment providers' webhooks: Stripe's signature on the raw body, Chargebee's basic auth.
  "POST /api/billing/webhooks/chargebee",
  "POST /api/billing/webhooks/stripe",
];

const isDocs = (url: string) => url === "/api/docs" || url.startsWith("/api/docs/");
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, "1").replace(/\*/g, "x");

describe("authentication comes first", () => {
  it("opens exactly the public API calls to signed-out callers", () => {
    const open = t.app.routeTable
      .filter((r) => r.url.startsWith("/api/") && !isDocs(r.url) && r.public && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([...PUBLIC_API].sort());
  });

  it("answers 401 on every other route of the route table, before reading a large body", async () => {
    const guarded = t.app.routeTable.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(15);
    const big = JSON.stringify({ junk: "x".repeat(3 * 1024 * 1024) });
    for (const route of guarded) {
      const hasBody = !["GET", "HEAD", "OPTIONS"].includes(route.method);
      const res = await t.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        ...(hasBody ? { payload: big, headers: { "content-type": "application/json" } } : {}),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      if (route.method !== "HEAD")
        expect(res.json()).toEqual({ error: "Authentication required", status: 401 });
    }
  });

  it("reveals no validation rule to a signed-out caller", async () => {
    const accounts = await t.app.inject({ method: "POST", url: "/api/auth/accounts", payload: {} });
    expect(accounts.statusCode).toBe(401);
    expect(accounts.body).not.toContain("Organization name");
    const enable = await t.app.inject({ method: "POST", url: "/api/maintenance/enable", payload: {} });
    expect(enable.statusCode).toBe(401);
  });

  it("refuses a forged or foreign token the same way", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/accounts",
      headers: { authorization: "Bearer eyJhbGciOiJub25lIn0.e30." },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("the maintenance gate", () => {
  let customer: { email: string; password: string };
  let customerAuth: string;
  let engineer: { id: number; email: string; password: string };
  let engineerAuth: string;

  beforeAll(async () => {
    const account = await createAccount(t.db);
    customer = await createUser(t.db, { accountId: account.id, role: "owner" });
    customerAuth = (await signIn(t.app, customer)).authorization;
    engineer = await createUser(t.db, { accountId: 1, role: "engineer" });
    engineerAuth = (await signIn(t.app, engineer)).authorization;
    await t.app.ctx.maintenance.set(true, engineer.id, "Upgrade");
  });
  afterEach(async () => {
    await t.db
      .insert(memberships)
      .values({ accountId: 1, userId: engineer.id, role: "engineer" })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await t.app.ctx.maintenance.set(false, engineer.id);
  });

  const credentials = (u: { email: string; password: string }) => ({
    username: u.email,
    password: u.password,
  });

  it("judges an encoded path by the route it reaches", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/%61pi/auth/login",
      remoteAddress: randomIp(),
      payload: credentials(customer),
    });
    expect(login.statusCode).toBe(503);
    const user = await t.app.inject({
      method: "GET",
      url: "/%61pi/chat/user",
      headers: { authorization: customerAuth },
    });
    expect(user.statusCode).toBe(503);
    expect(user.json().error).toBe("Portico is under maintenance, please try again later");
  });

  it("lets an engineer through and stops one demoted since the token was issued", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization: engineerAuth } }))
        .statusCode,
    ).toBe(200);
    await t.db
      .delete(memberships)
      .where(and(eq(memberships.userId, engineer.id), eq(memberships.accountId, 1)));
    const demoted = await t.app.inject({
      method: "GET",
      url: "/api/chat/user",
      headers: { authorization: engineerAuth },
    });
    expect(demoted.statusCode).toBe(503);
  });

  it("refuses a customer's one-time-code sign-in with the maintenance-login message", async () => {
    const mfaUser = await createUser(t.db, { accountId: (await createAccount(t.db)).id, mfa: true });
    const address = randomIp();
    const first = await t.app.inject({
      method: "POST",
      url: "/api/auth/maintenance-login",
      remoteAddress: address,
      payload: credentials(mfaUser),
    });
    // The maintenance sign-in itself refuses customers; a code started before maintenance began
    // must not get them in either.
    expect(first.statusCode).toBe(403);
    await t.app.ctx.maintenance.set(false, engineer.id);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: address,
      payload: credentials(mfaUser),
    });
    expect(started.json().mfa_required).toBe(true);
    await t.app.ctx.maintenance.set(true, engineer.id, "Upgrade");
    const res = await submitCode(t, mfaUser.email, started.json().mfa_token, address);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Only engineers can sign in during maintenance");
    expect(res.cookies.find((c) => c.name === "portico_rt")).toBeUndefined();
  });

  it("completes an engineer's one-time-code sign-in", async () => {
    const mfaEngineer = await createUser(t.db, { accountId: 1, role: "engineer", mfa: true });
    const address = randomIp();
    const started = await t.app.inject({
      method: "POST",
      url: "/api/auth/maintenance-login",
      remoteAddress: address,
      payload: credentials(mfaEngineer),
    });
    expect(started.json().mfa_required).toBe(true);
    const res = await submitCode(t, mfaEngineer.email, started.json().mfa_token, address);
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });
});
