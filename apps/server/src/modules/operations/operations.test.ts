import { MAINTENANCE_MESSAGES } from "@portico/shared/schemas/operations";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs, maintenance, maintenanceWindows } from "../../db/schema";
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
let engineerName: string;
let engineerAuth: string;

beforeAll(async () => {
  t = await createTestApp();
  const account = await createAccount(t.db);
  customer = await createUser(t.db, { accountId: account.id, role: "owner" });
  customerAuth = (await signIn(t.app, customer)).authorization;
  engineerName = "Grace Hopper";
  engineerUser = await createUser(t.db, { accountId: 1, role: "engineer", name: engineerName });
  engineerAuth = (await signIn(t.app, engineerUser)).authorization;
});
afterAll(() => t.close());

const status = async () => (await t.app.inject({ method: "GET", url: "/api/maintenance/status" })).json();
const enable = (authorization: string, duration: number, message: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/maintenance/enable",
    headers: { authorization },
    payload: { duration, message },
  });
const disable = (authorization: string) =>
  t.app.inject({ method: "POST", url: "/api/maintenance/disable", headers: { authorization } });
const details = (authorization: string) =>
  t.app.inject({ method: "GET", url: "/api/maintenance/details", headers: { authorization } });
const windowCount = async () => (await t.db.select().from(maintenanceWindows)).length;
const endJobs = async (windowId: number) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'maintenance.end' and ${jobs.payload}->>'window_id' = ${String(windowId)}`)
  ).length;
/** The broadcast frames published from now on. */
function spyPushes() {
  const spy = vi.spyOn(t.app.ctx.realtime, "publish");
  spies.push(spy);
  return () => spy.mock.calls.filter(([channel]) => channel === "broadcast").map(([, frame]) => frame);
}
const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});
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
    const off = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/disable",
      headers: { authorization: customerAuth },
    });
    expect(off.statusCode).toBe(403);
    expect(await windowCount()).toBe(0);
  });

  it("refuses a signed-out caller before reading the body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/enable",
      payload: { duration: 0 },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/maintenance/disable" })).statusCode).toBe(401);
  });

  it.each([
    ["zero minutes", 0],
    ["a year", 365 * 24 * 60],
    ["one minute past a week", 10081],
    ["a fraction of a minute", 1.5],
    ["a negative duration", -5],
    ["text", "60"],
  ])("refuses %s with the limits in words and changes nothing", async (_name, duration) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/enable",
      headers: { authorization: engineerAuth },
      payload: { duration, message: "Upgrade" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Duration must be a whole number of minutes from 1 to 10080 (one week)");
    expect((await status()).status).toBe("OK");
    expect(await windowCount()).toBe(0);
  });

  it("refuses an empty message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/maintenance/enable",
      headers: { authorization: engineerAuth },
      payload: { duration: 30, message: "   " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MAINTENANCE_MESSAGES.message);
  });

  it("answers 503 to customers while on, lets engineers work and sign in, then turns off", async () => {
    const on = await enable(engineerAuth, 30, "Storage upgrade");
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

    const off = await disable(engineerAuth);
    expect(off.statusCode).toBe(200);
    expect((await status()).status).toBe("OK");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization: customerAuth } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("maintenance windows", () => {
  it("records who turned it on, until when, and who turned it off", async () => {
    const before = Date.now();
    await enable(engineerAuth, 45, "Database upgrade");
    const on = await details(engineerAuth);
    expect(on.statusCode).toBe(200);
    const current = on.json().current;
    expect(on.json().status).toBe("MAINTENANCE");
    expect(current).toMatchObject({
      message: "Database upgrade",
      started_by: engineerName,
      ended_at: null,
      ended_by: null,
    });
    expect(new Date(current.started_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(current.planned_end).getTime() - new Date(current.started_at).getTime()).toBe(
      45 * 60_000,
    );
    expect(on.json().history[0]).toEqual(current);

    await disable(engineerAuth);
    const off = (await details(engineerAuth)).json();
    expect(off.status).toBe("OK");
    expect(off.current).toBeNull();
    expect(off.history[0]).toMatchObject({ id: current.id, ended_by: engineerName });
    expect(off.history[0].ended_at).not.toBeNull();
    // Nothing is planned for a window already ended.
    expect(await endJobs(current.id)).toBe(0);
  });

  it("turning it off while off changes nothing and pushes nothing", async () => {
    const pushes = spyPushes();
    const res = await disable(engineerAuth);
    expect(res.json()).toEqual({ status: "OK", message: null, until: null });
    expect(pushes()).toEqual([]);
  });

  it("turning it on again while on ends the first window and starts a second", async () => {
    await enable(engineerAuth, 10, "First");
    await enable(engineerAuth, 20, "Second");
    const body = (await details(engineerAuth)).json();
    expect(body.current.message).toBe("Second");
    expect(body.history[1]).toMatchObject({ message: "First", ended_by: engineerName });
    expect(await status()).toMatchObject({ status: "MAINTENANCE", message: "Second" });
    await disable(engineerAuth);
  });

  it("ends by itself at its planned end: status is OK at once, the job records it and pushes", async () => {
    await enable(engineerAuth, 5, "Short");
    const id = (await details(engineerAuth)).json().current.id as number;
    // The planned end passes (moved into the past rather than waited for).
    const past = new Date(Date.now() - 1000);
    await t.db.update(maintenance).set({ until: past }).where(eq(maintenance.id, 1));
    await t.db.update(maintenanceWindows).set({ plannedEnd: past }).where(eq(maintenanceWindows.id, id));
    t.app.ctx.maintenance.invalidate();

    // Before the job runs: every reader already sees it off, and customers are let in.
    expect(await status()).toEqual({ status: "OK", message: null, until: null });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization: customerAuth } }))
        .statusCode,
    ).toBe(200);
    const lapsed = (await details(engineerAuth)).json();
    expect(lapsed.current).toBeNull();
    expect(lapsed.history[0]).toMatchObject({ id, ended_at: past.toISOString(), ended_by: null });

    const pushes = spyPushes();
    await t.db
      .update(jobs)
      .set({ runAt: past })
      .where(sql`${jobs.payload}->>'window_id' = ${String(id)}`);
    await t.app.ctx.jobs.flush();
    expect(await endJobs(id)).toBe(0);
    const [row] = await t.db.select().from(maintenance).where(eq(maintenance.id, 1));
    expect(row).toMatchObject({ enabled: false, windowId: null });
    const [window] = await t.db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, id));
    expect(window).toMatchObject({ endedAt: past, endedByName: null });
    expect(pushes()).toEqual([
      { type: "maintenance", channel: "broadcast", status: { status: "OK", message: null, until: null } },
    ]);
  });

  it("the end job of a window turned off earlier leaves a later window on", async () => {
    await enable(engineerAuth, 5, "Earlier");
    const first = (await details(engineerAuth)).json().current.id as number;
    await disable(engineerAuth);
    await enable(engineerAuth, 60, "Later");
    // A stale job for the first window (as if it had been left behind) must not end the second.
    await t.app.ctx.jobs.enqueue(t.db, "maintenance.end", { window_id: first }, new Date(Date.now() - 1000));
    await t.app.ctx.jobs.flush();
    expect(await status()).toMatchObject({ status: "MAINTENANCE", message: "Later" });
    const body = (await details(engineerAuth)).json();
    expect(body.history[1]).toMatchObject({ id: first, ended_by: engineerName });
    await disable(engineerAuth);
  });

  it("pushes each change on the broadcast channel", async () => {
    const pushes = spyPushes();
    const on = (await enable(engineerAuth, 15, "Pushed")).json();
    await disable(engineerAuth);
    expect(pushes()).toEqual([
      { type: "maintenance", channel: "broadcast", status: on },
      { type: "maintenance", channel: "broadcast", status: { status: "OK", message: null, until: null } },
    ]);
    expect(on).toMatchObject({ status: "MAINTENANCE", message: "Pushed" });
  });

  it("keeps the last 20 windows, newest first", async () => {
    for (let i = 0; i < 22; i++) await enable(engineerAuth, 5, `Window ${i}`);
    await disable(engineerAuth);
    const { history } = (await details(engineerAuth)).json();
    expect(history).toHaveLength(20);
    expect(history[0].message).toBe("Window 21");
    expect(history[19].message).toBe("Window 2");
  });
});

describe("maintenance details", () => {
  it("are the engineers': a customer gets 403, a signed-out caller 401", async () => {
    expect((await details(customerAuth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/maintenance/details" })).statusCode).toBe(401);
    const plain = await createUser(t.db, { accountId: (await createAccount(t.db)).id, role: "user" });
    expect((await details((await signIn(t.app, plain)).authorization)).statusCode).toBe(403);
  });

  it("answer engineers during maintenance and still refuse customers (403, not the message)", async () => {
    await enable(engineerAuth, 30, "Private");
    try {
      const res = await details(customerAuth);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("Private");
      expect((await details(engineerAuth)).json().current.message).toBe("Private");
    } finally {
      await disable(engineerAuth);
    }
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
