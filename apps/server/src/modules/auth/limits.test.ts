/**
 * Attempt limits as an attacker and their victim meet them: the attacker is throttled on the
 * addresses they use; the victim, from their own address, still gets in.
 */
import { notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, outbox } from "../../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  lastMailTo,
  randomIp,
  signIn,
  submitCode,
  type TestContext,
} from "../../test/helper";
import { RECONCILE_JOB } from "../billing/reconcile";
import { NOT_REPORTING_JOB } from "../clusters/not-reporting";
import { SLA_BREACH_JOB } from "../sla/sla-breach";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = "Wrong-pass-1!";

const login = (
  app: TestContext["app"],
  username: string,
  password: string,
  remoteAddress: string,
  forwardedFor?: string,
) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    ...(forwardedFor ? { headers: { "x-forwarded-for": forwardedFor } } : {}),
    payload: { username, password },
  });

describe("password sign-in limits", () => {
  it("throttles the attacker, while the victim signs in from their own address", async () => {
    const victim = await createUser(t.db);
    const attacker = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, victim.email, WRONG, attacker, `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const throttled = await login(t.app, victim.email, WRONG, attacker, "203.0.113.99");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error).toBe("Too many attempts, please try again later");
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password is refused from the address that has been guessing.
    expect((await login(t.app, victim.email, victim.password, attacker)).statusCode).toBe(429);

    const own = await login(t.app, victim.email, victim.password, randomIp());
    expect(own.statusCode).toBe(200);
    expect(own.json().access_token).toBeTruthy();
  });

  it("never counts a successful sign-in", async () => {
    const user = await createUser(t.db);
    const address = randomIp();
    for (let i = 0; i < 15; i++) {
      expect((await login(t.app, user.email, user.password, address)).statusCode).toBe(200);
    }
  });

  it("forgets an address's failures for the account once it signs in correctly", async () => {
    const user = await createUser(t.db);
    const address = randomIp();
    for (let i = 0; i < 9; i++) await login(t.app, user.email, WRONG, address);
    expect((await login(t.app, user.email, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await login(t.app, user.email, WRONG, address)).statusCode).toBe(401);
    }
  });

  it("throttles one address guessing across many accounts", async () => {
    const address = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      statuses.push((await login(t.app, `nobody-${i}@example.com`, WRONG, address)).statusCode);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    const bystander = await createUser(t.db);
    expect((await login(t.app, bystander.email, bystander.password, randomIp())).statusCode).toBe(200);
  });
});

describe("client address and TRUST_PROXY", () => {
  it("ignores X-Forwarded-For by default: a new header does not reset the count", async () => {
    const victim = await createUser(t.db);
    const socket = randomIp();
    for (let i = 0; i < 10; i++) await login(t.app, victim.email, WRONG, socket, `198.51.100.${i}`);
    const res = await login(t.app, victim.email, WRONG, socket, "198.51.100.200");
    expect(res.statusCode).toBe(429);
  });

  it("with TRUST_PROXY=1 believes only the last hop", async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const victim = await createUser(behindProxy.db);
      const proxy = "10.9.9.9";
      for (let i = 0; i < 10; i++) {
        // The client may write anything in front; only what the proxy appended counts.
        await login(behindProxy.app, victim.email, WRONG, proxy, `6.6.6.${i}, 192.0.2.10`);
      }
      const sameClient = await login(behindProxy.app, victim.email, WRONG, proxy, "7.7.7.7, 192.0.2.10");
      expect(sameClient.statusCode).toBe(429);
      const otherClient = await login(behindProxy.app, victim.email, victim.password, proxy, "192.0.2.11");
      expect(otherClient.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("one-time-code sign-in limits", () => {
  it("bogus codes from another address do not block the victim's own sign-in", async () => {
    const victim = await createUser(t.db, { mfa: true });
    const attacker = randomIp();
    for (let i = 0; i < 12; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/auth/mfa-login",
        remoteAddress: attacker,
        payload: { username: victim.email, token: `forged-${i}`, otp: "000000" },
      });
    }
    const home = randomIp();
    const started = await login(t.app, victim.email, victim.password, home);
    expect(started.json().mfa_required).toBe(true);
    const res = await submitCode(t, victim.email, started.json().mfa_token, home);
    expect(res.statusCode).toBe(200);
  });
});

describe("change-password limits", () => {
  it("throttles wrong current passwords per address and lets the owner change it from another", async () => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const change = (current: string, address: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers: { authorization },
        remoteAddress: address,
        payload: { email: user.email, current_password: current, new_password: "Fresh-pass-3!" },
      });
    const guesser = randomIp();
    for (let i = 0; i < 10; i++) expect((await change(WRONG, guesser)).statusCode).toBe(400);
    expect((await change(WRONG, guesser)).statusCode).toBe(429);
    expect((await change(user.password, randomIp())).statusCode).toBe(200);
  });
});

describe("turning MFA off", () => {
  it("asks for the current password and changes nothing without it", async () => {
    const user = await createUser(t.db, { mfa: true });
    const session = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: randomIp(),
      payload: { username: user.email, password: user.password },
    });
    const signedIn = await submitCode(t, user.email, session.json().mfa_token);
    const authorization = `Bearer ${signedIn.json().access_token}`;
    const setMfa = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/auth/mfa", headers: { authorization }, payload });
    const mfa = async () =>
      (await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: { authorization } })).json();

    const bare = await setMfa({ enable_mfa: false });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe("Enter your current password to turn off the sign-in code");
    const wrong = await setMfa({ enable_mfa: false, current_password: WRONG });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("Current password is incorrect");
    expect(await mfa()).toEqual({ enable_mfa: true });

    expect((await setMfa({ enable_mfa: false, current_password: user.password })).statusCode).toBe(200);
    expect(await mfa()).toEqual({ enable_mfa: false });
    expect((await setMfa({ enable_mfa: true })).statusCode).toBe(200);
    expect(await mfa()).toEqual({ enable_mfa: true });
  });
});

describe("invitation limits", () => {
  /** A new organization's owner, and a way to invite addresses into it. */
  async function inviter() {
    const account = await createAccount(t.db);
    const owner = await createUser(t.db, { accountId: account.id, role: "owner" });
    const { authorization } = await signIn(t.app, owner);
    return (users: string[]) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/signup/init",
        headers: { authorization },
        payload: { users, account_id: account.id },
      });
  }

  it("bounds invitations per recipient, however many calls", async () => {
    const invite = await inviter();
    const target = `target-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await invite([target])).statusCode).toBe(200);
    const fourth = await invite([target]);
    expect(fourth.statusCode).toBe(429);
    await t.app.ctx.jobs.flush();
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.to} = ${target}`);
    expect(count?.n).toBe(3);
  });

  it("bounds invitations per inviter", async () => {
    const invite = await inviter();
    const batch = (n: number) =>
      Array.from({ length: 50 }, (_, i) => `batch${n}-${i}-${Date.now()}@example.com`);
    expect((await invite(batch(1))).statusCode).toBe(200);
    expect((await invite(batch(2))).statusCode).toBe(200);
    expect((await invite(batch(3))).statusCode).toBe(429);
  });
});

describe("forgot-password answers alike for every address", () => {
  it("answers the same for a known and an unknown address; only the job decides to mail", async () => {
    const known = await createUser(t.db);
    const unknown = `ghost-${Date.now()}@example.com`;
    const ask = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        remoteAddress: randomIp(),
        payload: { email },
      });
    // Jobs of this request: the always-pending sweeps (clusters not reporting, billing, SLA) are not.
    const pending = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(notInArray(jobs.kind, [NOT_REPORTING_JOB, RECONCILE_JOB, SLA_BREACH_JOB]))
      )[0]?.n ?? 0;

    const a = await ask(known.email);
    const b = await ask(unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());

    expect((await lastMailTo(t, known.email))?.subject).toBe("Reset your Portico password");
    expect(await lastMailTo(t, unknown)).toBeUndefined();
    expect(await pending()).toBe(0);
  });
});
