import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import {
  createTestApp,
  createUser,
  lastMailTo,
  linkIn,
  randomIp,
  signIn,
  TEST_PUBLIC_URL,
  type TestContext,
} from "../../test/helper";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESET_REQUESTED = "If an account exists for that address, we have sent a link to reset the password.";
const LINK_INVALID = { error: "This link is invalid or has expired", status: 400 };
const NEW_PASSWORD = "Brand-new-pass-3!";

const post = (url: string, payload: object, opts: { authorization?: string; refresh?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: randomIp(),
    ...(opts.authorization ? { headers: { authorization: opts.authorization } } : {}),
    ...(opts.refresh ? { cookies: { portico_rt: opts.refresh } } : {}),
  });

const forgot = (email: string) => post("/api/auth/forgot-password", { email });
const reset = (email: string, token: string, password: string) =>
  post("/api/auth/reset-password", { email, token, password });
const refresh = (token: string) => post("/api/auth/refresh-token", {}, { refresh: token });

/** Status of a password sign-in (test users have MFA off, so 200 means signed in). */
async function loginStatus(email: string, password: string): Promise<number> {
  const res = await post("/api/auth/login", { username: email, password });
  if (res.statusCode === 200) expect(res.json().mfa_required).toBe(false);
  return res.statusCode;
}

async function mailsTo(email: string) {
  await t.app.ctx.jobs.flush();
  return t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
}

/** Asks for a reset and returns the token of the e-mailed link. */
async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await lastMailTo(t, email);
  expect(mail?.subject).toBe("Reset your Portico password");
  const link = linkIn(mail?.text ?? "");
  const token = link.searchParams.get("token");
  if (!token) throw new Error("no token in the reset link");
  return token;
}

describe("POST /api/auth/forgot-password", () => {
  it("answers known and unknown addresses alike; only the known one gets the reset mail", async () => {
    const user = await createUser(t.db);
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const known = await forgot(user.email);
    const other = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_REQUESTED });
    expect(other.json()).toEqual(known.json());

    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Reset your Portico password");
    const link = linkIn(mail?.text ?? "");
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("email")).toBe(user.email);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it("answers the same for a disabled user and sends nothing", async () => {
    const user = await createUser(t.db, { disabled: true });
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED });
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("refuses an invalid address with the §5 message", async () => {
    const res = await forgot("no spaces@example.com");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Spaces are not allowed in email", status: 400 });
  });

  it("answers 429 to the 6th request for one address within the hour, from any client address", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await forgot(user.email);
      expect(res.statusCode).toBe(200);
    }
    const sixth = await forgot(user.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: "Too many attempts, please try again later", status: 429 });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toHaveLength(5);
    // The limit belongs to that address only.
    const other = await createUser(t.db);
    expect((await forgot(other.email)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("refuses a wrong token and leaves the password unchanged", async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    const res = await reset(user.email, `${token}x`, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_INVALID);
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(401);
  });

  it("refuses a good token presented for another address", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await resetToken(user.email);
    const res = await reset(other.email, token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_INVALID);
    expect(await loginStatus(other.email, other.password)).toBe(200);
    expect(await loginStatus(other.email, NEW_PASSWORD)).toBe(401);
  });

  it.each([
    ["Ab1!xyz", "Password must contain at least 8 characters"],
    ["ABCDEFG1!", "Password must contain at least 8 characters, one lowercase letter"],
    ["Abcdefgh!", "Password must contain at least 8 characters, one number"],
    ["Abcdefgh1", "Password must contain at least 8 characters, one special character"],
  ])("refuses the weak password %j with the §5 message; the link stays usable", async (weak, message) => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email);
    const res = await reset(user.email, token, weak);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect(await loginStatus(user.email, weak)).toBe(401);
    expect((await reset(user.email, token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("sets the new password, signs out every session, and the link works once", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const renewed = await refresh(session.refresh);
    expect(renewed.statusCode).toBe(200);
    const renewedToken = renewed.cookies.find((c) => c.name === "portico_rt")?.value ?? "";
    const other = await signIn(t.app, user);
    const token = await resetToken(user.email);

    const res = await reset(user.email, token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been reset. Sign in with the new password." });
    expect((await lastMailTo(t, user.email))?.subject).toBe("Your Portico password was changed");

    expect(await loginStatus(user.email, user.password)).toBe(401);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
    for (const revoked of [renewedToken, other.refresh]) {
      const attempt = await refresh(revoked);
      expect(attempt.statusCode).toBe(401);
      expect(attempt.json()).toEqual({ error: "Session expired, please sign in again", status: 401 });
    }

    const again = await reset(user.email, token, "Another-pass-4!");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(LINK_INVALID);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(user.email, "Another-pass-4!")).toBe(401);
  });
});

describe("POST /api/auth/change-password", () => {
  const change = (authorization: string, payload: object, refreshToken?: string) =>
    post("/api/auth/change-password", payload, {
      authorization,
      ...(refreshToken ? { refresh: refreshToken } : {}),
    });

  it("requires a signed-in caller", async () => {
    const user = await createUser(t.db);
    const res = await post("/api/auth/change-password", {
      email: user.email,
      current_password: user.password,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Authentication required", status: 401 });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const res = await change(authorization, {
      email: user.email,
      current_password: "Not-my-pass-1!",
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Current password is incorrect", status: 400 });
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(401);
  });

  it("refuses an e-mail address that is not the caller's and changes nothing", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const res = await change(authorization, {
      email: other.email,
      current_password: other.password,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Email does not match your account", status: 400 });
    expect(await loginStatus(other.email, other.password)).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect(await loginStatus(other.email, NEW_PASSWORD)).toBe(401);
  });

  it.each([
    ["Ab1!xyz", "Password must contain at least 8 characters"],
    ["ABCDEFG1!", "Password must contain at least 8 characters, one lowercase letter"],
    ["Abcdefgh!", "Password must contain at least 8 characters, one number"],
    ["Abcdefgh1", "Password must contain at least 8 characters, one special character"],
  ])("refuses the weak password %j with the §5 message", async (weak, message) => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const res = await change(authorization, {
      email: user.email,
      current_password: user.password,
      new_password: weak,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it("changes the password, revokes other sessions and keeps the caller's own", async () => {
    const user = await createUser(t.db);
    const mine = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);
    const res = await change(
      mine.authorization,
      { email: user.email.toUpperCase(), current_password: user.password, new_password: NEW_PASSWORD },
      mine.refresh,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been changed." });
    expect((await lastMailTo(t, user.email))?.subject).toBe("Your Portico password was changed");

    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(401);
    const other = await refresh(elsewhere.refresh);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ error: "Session expired, please sign in again", status: 401 });
    const own = await refresh(mine.refresh);
    expect(own.statusCode).toBe(200);
    expect(own.json().access_token).toEqual(expect.any(String));
  });
});
