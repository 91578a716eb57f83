import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccount,
  createTestApp,
  createUser,
  randomIp,
  signIn,
  type TestContext,
} from "../../test/helper";

let t: TestContext;
let customer: { email: string; password: string };
let customerAuth: string;
let engineerUser: { email: string; password: string };
let engineerAuth: string;

beforeAll(async () => {
  t = await createTestApp();
  const account = await createAccount(t.db);
  customer = await createUser(t.db, { accountId: account.id, role: "owner" });
  customerAuth = (await signIn(t.app, customer)).authorization;
  engineerUser = await createUser(t.db, { accountId: 1, role: "engineer" });
  engineerAuth = (await signIn(t.app, engineerUser)).authorization;
});
afterAll(() => t.close());

const status = async () => (await t.app.inject({ method: "GET", url: "/api/maintenance/status" })).json();
const login = (path: string, u: { email: string; password: string }) =>
  t.app.inject({
    method: "POST",
    url: `/api/auth/${path}`,
    remoteAddress: randomIp(),
    payload: { username: u.email, password: u.password },
  });

describe("deploy_env", () => {
  it("tells the web app its environment and error-reporting DSN without sign-in", async () => {
    const staging = await createTestApp({
      DEPLOY_ENV: "staging",
      SMTP_URL: "smtp://127.0.0.1:9",
      SENTRY_DSN: "https://key@errors.example/1",
    });
    try {
      const res = await staging.app.inject({ method: "GET", url: "/api/auth/deploy_env" });
      expect(res.json()).toEqual({ env: "staging", sentry_dsn: "https://key@errors.example/1" });
    } finally {
      await staging.close();
    }
  });
});

describe("maintenance mode", () => {
  it("is OK by default", async () => {
    expect(await status()).toEqual({ status: "OK", message: null, until: null });
  });

  it("can only be switched by engineers", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/enable",
      headers: { authorization: customerAuth },
      payload: { duration: 30, message: "Upgrade" },
    });
    expect(res.statusCode).toBe(403);
    expect((await status()).status).toBe("OK");
  });

  it("rejects a bad duration and changes nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/enable",
      headers: { authorization: engineerAuth },
      payload: { duration: 0, message: "Upgrade" },
    });
    expect(res.statusCode).toBe(400);
    expect((await status()).status).toBe("OK");
  });

  it("answers 503 to customers while on, lets engineers work and sign in, then turns off", async () => {
    const on = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/enable",
      headers: { authorization: engineerAuth },
      payload: { duration: 30, message: "Storage upgrade" },
    });
    expect(on.statusCode).toBe(200);
    const now = await status();
    expect(now).toMatchObject({ status: "MAINTENANCE", message: "Storage upgrade" });
    expect(new Date(now.until).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);

    const blocked = await t.app.inject({
      method: "GET",
      url: "/api/chat/user",
      headers: { authorization: customerAuth },
    });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toEqual({
      error: "Portico is under maintenance, please try again later",
      status: 503,
    });
    expect((await login("login", customer)).statusCode).toBe(503);

    const refused = await login("maintenance-login", customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Only engineers can sign in during maintenance");
    expect((await login("maintenance-login", engineerUser)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization: engineerAuth } }))
        .statusCode,
    ).toBe(200);

    const off = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/disable",
      headers: { authorization: engineerAuth },
    });
    expect(off.statusCode).toBe(200);
    expect((await status()).status).toBe("OK");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization: customerAuth } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("platform", () => {
  it("publishes the OpenAPI document with the spec's paths", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/auth/login",
        "/api/auth/mfa-login",
        "/api/auth/accountsinfo/{id}",
        "/api/chat/profile",
      ]),
    );
  });

  it("answers unknown API routes with the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Route GET /api/nope not found", status: 404 });
  });

  it("answers malformed JSON with 400 in the error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it("shows sent mail in the development mailbox, escaped", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/signup/init",
      remoteAddress: randomIp(),
      payload: { users: ["mailbox@example.com"] },
    });
    await t.app.ctx.jobs.flush();
    const json = await t.app.inject({ method: "GET", url: "/api/dev/mail" });
    expect(json.json()[0]).toMatchObject({
      to: "mailbox@example.com",
      subject: "Confirm your e-mail address",
    });
    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("<article>");
    expect(page.body).toContain("Confirm e-mail address</a>");
  });
});

describe("development mailbox outside development", () => {
  it.each(["production", "staging"])("does not exist with DEPLOY_ENV=%s", async (env) => {
    const other = await createTestApp({ DEPLOY_ENV: env, SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      expect((await other.app.inject({ method: "GET", url: "/api/dev/mail" })).statusCode).toBe(404);
      expect((await other.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe("development mailbox from another machine", () => {
  it.each(["10.1.2.3", "192.168.0.7", "2001:db8::1"])("is not found for a caller at %s", async (address) => {
    for (const url of ["/api/dev/mail", "/dev/mailbox"]) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: address });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("@");
    }
  });

  it("answers loopback callers (IPv4 and IPv6)", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const res = await t.app.inject({ method: "GET", url: "/api/dev/mail", remoteAddress: address });
      expect(res.statusCode).toBe(200);
    }
  });

  it("is not fooled by X-Forwarded-For", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/dev/mail",
      remoteAddress: "10.1.2.3",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(res.statusCode).toBe(404);
  });
});
