import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, emailTokens, invites, memberships, outbox, users } from "../../db/schema";
import {
  createAccount,
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

const CHECK_INBOX = "Check your inbox to confirm your e-mail address.";
const LINK_INVALID = { error: "This link is invalid or has expired", status: 400 };
const INVITE_INVALID = { error: "This invite is invalid or has expired", status: 400 };
const INVALID_OTP = { error: "The code is invalid or has expired", status: 401 };
const PASSWORD = "Fresh-pass-7!";

const newEmail = (prefix = "new") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const newOrgName = () => `org-${randomUUID().slice(0, 8)}`;

const post = (url: string, payload: object, authorization?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: randomIp(),
    ...(authorization ? { headers: { authorization } } : {}),
  });
const get = (url: string, authorization?: string) =>
  t.app.inject({
    method: "GET",
    url,
    remoteAddress: randomIp(),
    ...(authorization ? { headers: { authorization } } : {}),
  });

const verify = (email: string, token: string) =>
  get(`/api/auth/signup/verify?${new URLSearchParams({ email, token }).toString()}`);

async function mailTo(email: string) {
  const mail = await lastMailTo(t, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

async function mailCount(email: string) {
  await t.app.ctx.jobs.flush();
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(eq(outbox.to, email.toLowerCase()));
  return row?.n ?? 0;
}

async function userRows(email: string) {
  return t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
}

async function userCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Asks for a sign-up signed out and returns the token of the e-mailed /signup link. */
async function startSignup(email: string): Promise<string> {
  const res = await post("/api/auth/signup/init", { users: [email] });
  expect(res.statusCode).toBe(200);
  const link = linkIn((await mailTo(email)).text);
  expect(link.pathname).toBe("/signup");
  expect(link.searchParams.get("email")).toBe(email.toLowerCase());
  const token = link.searchParams.get("token");
  if (!token) throw new Error("no token in the sign-up link");
  return token;
}

const signupBody = (email: string, token: string, extra: Record<string, unknown> = {}) => ({
  email,
  token,
  name: "New Person",
  password: PASSWORD,
  consent_received: true,
  country_code: "DE",
  timezone: "Europe/Berlin",
  ...extra,
});

const signup = (email: string, token: string, extra: Record<string, unknown> = {}) =>
  post("/api/auth/signup", signupBody(email, token, extra));

/** The six-digit code of the last sign-in mail to the address. */
async function lastOtp(email: string): Promise<string> {
  const mail = await mailTo(email);
  expect(mail.subject).toBe("Your Portico sign-in code");
  const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail.text}`);
  return code;
}

const login = (email: string, password = PASSWORD) => post("/api/auth/login", { username: email, password });
const mfaLogin = (email: string, token: string, otp: string) =>
  post("/api/auth/mfa-login", { username: email, token, otp });

/** Full sign-in of a user with MFA on (as every signed-up user is): password, then the mailed code. */
async function signInWithCode(email: string, password = PASSWORD): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.mfa_required).toBe(true);
  const done = await mfaLogin(email, body.mfa_token, await lastOtp(email));
  expect(done.statusCode).toBe(200);
  return `Bearer ${done.json().access_token as string}`;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function ownerOf(company = newOrgName()) {
  const account = await createAccount(t.db, company);
  const owner = await createUser(t.db, { accountId: account.id, role: "owner" });
  const { authorization } = await signIn(t.app, owner);
  return { account, owner, authorization };
}

async function inviteRows(accountId: number, email: string) {
  return t.db
    .select()
    .from(invites)
    .where(and(eq(invites.accountId, accountId), eq(invites.email, email.toLowerCase())));
}

async function membershipsOf(userId: number) {
  return t.db.select().from(memberships).where(eq(memberships.userId, userId));
}

describe("POST /api/auth/signup/init signed out", () => {
  it("mails a /signup confirmation link and answers the check-your-inbox message", async () => {
    const email = newEmail();
    const res = await post("/api/auth/signup/init", { users: [email] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CHECK_INBOX });
    const mail = await mailTo(email);
    expect(mail.subject).toBe("Confirm your e-mail address");
    const link = linkIn(mail.text);
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.pathname).toBe("/signup");
    expect(link.searchParams.get("email")).toBe(email);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await userRows(email)).toHaveLength(0);
  });

  it("answers an existing user's address the same way, without a sign-up link", async () => {
    const existing = await createUser(t.db);
    const fresh = newEmail();
    const known = await post("/api/auth/signup/init", { users: [existing.email] });
    const unknown = await post("/api/auth/signup/init", { users: [fresh] });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await mailTo(existing.email);
    expect(mail.subject).toBe("Confirm your e-mail address");
    const link = linkIn(mail.text);
    expect(link.pathname).toBe("/");
    expect(link.searchParams.get("token")).toBeNull();
    expect(mail.text).not.toContain("/signup");
    const tokens = await t.db.select().from(emailTokens).where(eq(emailTokens.email, existing.email));
    expect(tokens).toHaveLength(0);
  });

  it("signs up one address at a time", async () => {
    const a = newEmail();
    const b = newEmail();
    const res = await post("/api/auth/signup/init", { users: [a, b] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Sign up one e-mail address at a time", status: 400 });
    expect(await mailCount(a)).toBe(0);
    expect(await mailCount(b)).toBe(0);
  });

  it.each([
    ["", "Email address is required"],
    ["new person@example.com", "Spaces are not allowed in email"],
    ["new-person@example", "Please enter a valid email address"],
    [`${"c".repeat(244)}@example.com`, "Email cannot be longer than 255 characters"],
  ])("refuses %j with the §5 message and sends nothing", async (address, message) => {
    const before = await t.db.select({ id: outbox.id }).from(outbox);
    const res = await post("/api/auth/signup/init", { users: [address] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    // The invitee form ({email, role}) gets the same message.
    const asObject = await post("/api/auth/signup/init", { users: [{ email: address }] });
    expect(asObject.json()).toEqual({ error: message, status: 400 });
    expect(await t.db.select({ id: outbox.id }).from(outbox)).toHaveLength(before.length);
  });

  it("refuses an empty list with the required message", async () => {
    const res = await post("/api/auth/signup/init", { users: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Email address is required", status: 400 });
  });
});

describe("GET /api/auth/signup/verify", () => {
  it("accepts the mailed link as a plain sign-up", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    const res = await verify(email, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, kind: "signup", company: null, existing_user: false });
  });

  it("refuses a wrong token and the right token for another address", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    const wrongToken = await verify(email, `${token}x`);
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json()).toEqual(LINK_INVALID);
    const otherEmail = await verify(newEmail(), token);
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json()).toEqual(LINK_INVALID);
    // The good link still works after the bad tries.
    expect((await verify(email, token)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/signup validation (§5)", () => {
  const longEmail = `${"a".repeat(244)}@example.com`; // 256 characters, otherwise valid
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["a missing email", { email: undefined }, "Email address is required"],
    ["an empty email", { email: "" }, "Email address is required"],
    ["an email with spaces", { email: "new person@example.com" }, "Spaces are not allowed in email"],
    ["an email without a domain", { email: "new-person@" }, "Please enter a valid email address"],
    [
      "an email without a dot in the domain",
      { email: "new-person@example" },
      "Please enter a valid email address",
    ],
    ["an email of 256 characters", { email: longEmail }, "Email cannot be longer than 255 characters"],
    ["a 7-character password", { password: "Ab1!xyz" }, "Password must contain at least 8 characters"],
    [
      "a password without lowercase",
      { password: "ABCDEFG1!" },
      "Password must contain at least 8 characters, one lowercase letter",
    ],
    [
      "a password without a number",
      { password: "Abcdefgh!" },
      "Password must contain at least 8 characters, one number",
    ],
    [
      "a password without a special character",
      { password: "Abcdefgh1" },
      "Password must contain at least 8 characters, one special character",
    ],
    ["a team name starting with a hyphen", { team_name: "-acme" }, "Organization name is not valid"],
    ["a team name of one character", { team_name: "a" }, "Organization name is not valid"],
    ["a team name with a space", { team_name: "acme corp" }, "Organization name is not valid"],
    ["a team name of 64 characters", { team_name: "a".repeat(64) }, "Organization name is not valid"],
  ];

  it.each(cases)("refuses %s with 400 and creates no user", async (_label, override, message) => {
    expect(longEmail).toHaveLength(256);
    const email = newEmail();
    const token = await startSignup(email);
    const before = await userCount();
    const res = await signup(email, token, override);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    expect(await userCount()).toBe(before);
    expect(await userRows(email)).toHaveLength(0);
    // Nothing was used up: the link still verifies.
    expect((await verify(email, token)).statusCode).toBe(200);
  });

  it("accepts an email of exactly 255 characters (boundary)", async () => {
    const email = `${"b".repeat(243)}@example.com`;
    expect(email).toHaveLength(255);
    const token = await startSignup(email);
    const res = await signup(email, token);
    expect(res.statusCode).toBe(201);
    expect(await userRows(email)).toHaveLength(1);
  });

  it("refuses a sign-up without consent", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    const res = await signup(email, token, { consent_received: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Please accept the terms to continue", status: 400 });
    expect(await userRows(email)).toHaveLength(0);
  });

  it("refuses a made-up token with the invalid-link message", async () => {
    const email = newEmail();
    await startSignup(email);
    const res = await signup(email, "made-up-token");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_INVALID);
    expect(await userRows(email)).toHaveLength(0);
  });

  it("refuses a good token used for another address", async () => {
    const email = newEmail();
    const other = newEmail();
    const token = await startSignup(email);
    const res = await signup(other, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_INVALID);
    expect(await userRows(other)).toHaveLength(0);
    expect((await verify(email, token)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/signup and the first sign-in", () => {
  it("creates the user, who signs in with the e-mailed code (MFA on by default)", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    const res = await signup(email, token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Your account is ready. Sign in to continue." });
    const [user] = await userRows(email);
    expect(user).toMatchObject({
      name: "New Person",
      countryCode: "DE",
      timezone: "Europe/Berlin",
      mfaEnabled: true,
    });
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(user?.consentReceivedAt).not.toBeNull();

    const first = await login(email);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(first.cookies.find((c) => c.name === "portico_rt")).toBeUndefined();
    const code = await lastOtp(email);
    expect(code).toMatch(/^\d{6}$/);

    const done = await mfaLogin(email, body.mfa_token, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ access_token: expect.any(String), expires_at: expect.any(String) });
    expect(done.cookies.find((c) => c.name === "portico_rt")?.value).toBeTruthy();
    const me = await get("/api/chat/user", `Bearer ${done.json().access_token}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, name: "New Person", accountId: null, mfaEnabled: true });

    // The same code cannot sign in a second time.
    const again = await mfaLogin(email, body.mfa_token, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID_OTP);
    expect(again.cookies.find((c) => c.name === "portico_rt")).toBeUndefined();
  });

  it("refuses a wrong code with 401, and the right code still works afterwards", async () => {
    const email = newEmail();
    expect((await signup(email, await startSignup(email))).statusCode).toBe(201);
    const { mfa_token } = (await login(email)).json();
    const code = await lastOtp(email);
    const wrong = await mfaLogin(email, mfa_token, otherCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID_OTP);
    expect(wrong.cookies.find((c) => c.name === "portico_rt")).toBeUndefined();
    expect((await mfaLogin(email, mfa_token, code)).statusCode).toBe(200);
  });

  it("locks the challenge after 5 wrong codes: the right code then fails too", async () => {
    const email = newEmail();
    expect((await signup(email, await startSignup(email))).statusCode).toBe(201);
    const { mfa_token } = (await login(email)).json();
    const code = await lastOtp(email);
    for (let i = 0; i < 5; i++) {
      expect((await mfaLogin(email, mfa_token, otherCode(code))).statusCode).toBe(401);
    }
    const locked = await mfaLogin(email, mfa_token, code);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(INVALID_OTP);
  });

  it("refuses the right code for another user's challenge", async () => {
    const email = newEmail();
    const other = await createUser(t.db, { mfa: true });
    expect((await signup(email, await startSignup(email))).statusCode).toBe(201);
    const { mfa_token } = (await login(email)).json();
    const code = await lastOtp(email);
    const res = await mfaLogin(other.email, mfa_token, code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_OTP);
  });

  it("resend-otp mails a new code; the old one no longer works and the new one does", async () => {
    const email = newEmail();
    expect((await signup(email, await startSignup(email))).statusCode).toBe(201);
    const { mfa_token } = (await login(email)).json();
    const oldCode = await lastOtp(email);
    const mailsBefore = await mailCount(email);
    const resend = await post("/api/auth/resend-otp", { mfa_token });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: "A new code was sent to your e-mail address" });
    expect(await mailCount(email)).toBe(mailsBefore + 1);
    const newCode = await lastOtp(email);
    if (newCode !== oldCode) {
      const old = await mfaLogin(email, mfa_token, oldCode);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual(INVALID_OTP);
    }
    expect((await mfaLogin(email, mfa_token, newCode)).statusCode).toBe(200);
  });

  it("resend-otp refuses an unknown challenge and sends nothing", async () => {
    const res = await post("/api/auth/resend-otp", { mfa_token: "made-up" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The code is invalid or has expired", status: 400 });
  });

  it("uses the link once: a second sign-up with the same token creates no second user", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    expect((await signup(email, token)).statusCode).toBe(201);
    const again = await signup(email, token, { name: "Second Try", password: "Other-pass-8!" });
    expect([400, 409]).toContain(again.statusCode);
    expect(again.json()).toMatchObject({ status: again.statusCode });
    const rows = await userRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("New Person");
    // The first password still signs in; the second one does not.
    expect((await login(email)).json().mfa_required).toBe(true);
    expect((await login(email, "Other-pass-8!")).statusCode).toBe(401);
    // The link no longer verifies.
    expect((await verify(email, token)).statusCode).toBe(400);
  });

  it("a sign-up submitted 8 times at once creates one user; the other request is refused, not a server error", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    const results = await Promise.all(Array.from({ length: 8 }, () => signup(email, token)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(201);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect([400, 409]).toContain(r.statusCode);
      expect(r.json()).toMatchObject({ status: r.statusCode });
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(await userRows(email)).toHaveLength(1);
  });

  it("refuses a duplicate e-mail address with 409", async () => {
    const email = newEmail();
    const first = await startSignup(email);
    const second = await startSignup(email);
    expect(second).not.toBe(first);
    expect((await signup(email, first)).statusCode).toBe(201);
    const dup = await signup(email, second, { name: "Duplicate" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "An account with this e-mail address already exists", status: 409 });
    expect(await userRows(email)).toHaveLength(1);
  });

  it("treats the address case-insensitively", async () => {
    const email = newEmail();
    const token = await startSignup(email);
    expect((await signup(email.toUpperCase(), token)).statusCode).toBe(201);
    expect(await userRows(email)).toHaveLength(1);
    const [upper] = await t.db.select().from(users).where(eq(users.email, email.toUpperCase()));
    expect(upper).toBeUndefined();
  });
});

describe("sign-up with team_name", () => {
  it("creates an organization owned by the new user", async () => {
    const email = newEmail();
    const company = newOrgName();
    expect((await signup(email, await startSignup(email), { team_name: company })).statusCode).toBe(201);
    const authorization = await signInWithCode(email);
    const teams = await get("/api/auth/teams", authorization);
    expect(teams.statusCode).toBe(200);
    expect(teams.json()).toEqual([{ account_id: expect.any(Number), company, role: "owner" }]);
    const me = await get("/api/chat/user", authorization);
    expect(me.json()).toMatchObject({
      accountId: teams.json()[0].account_id,
      companyName: company,
      roles: ["account_owner"],
    });
  });

  it("refuses a taken name (any case) with 409, creates no user, and the link still works", async () => {
    const taken = await createAccount(t.db, `Taken-${randomUUID().slice(0, 8)}`);
    const email = newEmail();
    const token = await startSignup(email);
    const accountsBefore = await t.db.select({ id: accounts.id }).from(accounts);
    const res = await signup(email, token, { team_name: taken.company.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Organization name is already taken", status: 409 });
    expect(await userRows(email)).toHaveLength(0);
    expect(await t.db.select({ id: accounts.id }).from(accounts)).toHaveLength(accountsBefore.length);
    const tokens = await t.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(tokens.every((row) => row.usedAt === null)).toBe(true);

    const verified = await verify(email, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ kind: "signup", existing_user: false });
    const company = newOrgName();
    expect((await signup(email, token, { team_name: company })).statusCode).toBe(201);
    const [user] = await userRows(email);
    const [team] = await t.db.select().from(accounts).where(eq(accounts.company, company));
    expect(user?.defaultAccountId).toBe(team?.id);
  });
});

describe("invitations", () => {
  const invite = (
    accountId: number,
    emails: Array<string | { email: string; role: "user" | "owner" }>,
    authorization?: string,
  ) => post("/api/auth/signup/init", { users: emails, account_id: accountId }, authorization);

  it("an owner invites a new address; it signs up through the link and joins as a user", async () => {
    const { account, authorization } = await ownerOf();
    const email = newEmail("invitee");
    const res = await invite(account.id, [email], authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "1 invitation(s) sent", invited: [email] });
    const mail = await mailTo(email);
    expect(mail.subject).toBe(`You are invited to join ${account.company} on Portico`);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe("/signup");
    expect(link.searchParams.get("email")).toBe(email);
    const token = link.searchParams.get("token") ?? "";

    const verified = await verify(email, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      email,
      kind: "invite",
      company: account.company,
      existing_user: false,
    });

    expect((await signup(email, token)).statusCode).toBe(201);
    const userAuth = await signInWithCode(email);
    const teams = await get("/api/auth/teams", userAuth);
    expect(teams.json()).toEqual([{ account_id: account.id, company: account.company, role: "user" }]);
    const me = await get("/api/chat/user", userAuth);
    expect(me.json()).toMatchObject({ accountId: account.id, roles: [] });
    // The invite is used up.
    expect((await verify(email, token)).json()).toEqual(LINK_INVALID);
  });

  it("an invite with role owner makes the new user an owner", async () => {
    const { account, authorization } = await ownerOf();
    const email = newEmail("invitee");
    const res = await invite(account.id, [{ email, role: "owner" }], authorization);
    expect(res.statusCode).toBe(200);
    const token = linkIn((await mailTo(email)).text).searchParams.get("token") ?? "";
    expect((await signup(email, token)).statusCode).toBe(201);
    const teams = await get("/api/auth/teams", await signInWithCode(email));
    expect(teams.json()).toEqual([{ account_id: account.id, company: account.company, role: "owner" }]);
  });

  it("an engineer may invite to any organization", async () => {
    const account = await createAccount(t.db);
    const engineer = await createUser(t.db, { accountId: 1, role: "engineer" });
    const { authorization } = await signIn(t.app, engineer);
    const email = newEmail("invitee");
    const res = await invite(account.id, [email], authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json().invited).toEqual([email]);
    expect(await inviteRows(account.id, email)).toHaveLength(1);
  });

  it("a plain user of the organization cannot invite (403)", async () => {
    const account = await createAccount(t.db);
    const user = await createUser(t.db, { accountId: account.id, role: "user" });
    const { authorization } = await signIn(t.app, user);
    const email = newEmail("invitee");
    const res = await invite(account.id, [email], authorization);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Only an owner of the organization can do this", status: 403 });
    expect(await inviteRows(account.id, email)).toHaveLength(0);
    expect(await mailCount(email)).toBe(0);
  });

  it("an owner of another organization gets 404", async () => {
    const target = await createAccount(t.db);
    const { authorization } = await ownerOf();
    const email = newEmail("invitee");
    const res = await invite(target.id, [email], authorization);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Account not found", status: 404 });
    expect(await inviteRows(target.id, email)).toHaveLength(0);
    expect(await mailCount(email)).toBe(0);
  });

  it("signed out with account_id answers 401", async () => {
    const account = await createAccount(t.db);
    const email = newEmail("invitee");
    const res = await invite(account.id, [email]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Authentication required", status: 401 });
    expect(await inviteRows(account.id, email)).toHaveLength(0);
    expect(await mailCount(email)).toBe(0);
  });

  it("signed in without account_id answers 400", async () => {
    const { authorization } = await ownerOf();
    const email = newEmail("invitee");
    const res = await post("/api/auth/signup/init", { users: [email] }, authorization);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "account_id is required to invite users", status: 400 });
    expect(await mailCount(email)).toBe(0);
  });

  it("skips addresses that are already members", async () => {
    const { account, authorization } = await ownerOf();
    const member = await createUser(t.db, { accountId: account.id, role: "user" });
    const fresh = newEmail("invitee");
    const res = await invite(account.id, [member.email, fresh], authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "1 invitation(s) sent", invited: [fresh] });
    expect(await inviteRows(account.id, member.email)).toHaveLength(0);
  });

  describe("an existing user joins with /join-organization", () => {
    async function invited() {
      const { account, authorization: ownerAuth } = await ownerOf();
      const user = await createUser(t.db);
      const res = await invite(account.id, [user.email], ownerAuth);
      expect(res.statusCode).toBe(200);
      const mail = await mailTo(user.email);
      expect(mail.subject).toBe(`You are invited to join ${account.company} on Portico`);
      const link = linkIn(mail.text);
      expect(link.pathname).toBe("/join-organization");
      expect(link.searchParams.get("email")).toBeNull();
      const token = link.searchParams.get("token") ?? "";
      expect(token).not.toBe("");
      const { authorization } = await signIn(t.app, user);
      return { account, ownerAuth, user, token, authorization };
    }
    const join = (authorization: string, token: string, team_name: string) =>
      post("/api/auth/join-account", { token, team_name, consent_received: true }, authorization);

    it("joins with the right organization name, as a user", async () => {
      const { account, user, token, authorization } = await invited();
      const res = await join(authorization, token, account.company.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ account_id: account.id });
      const teams = await get("/api/auth/teams", authorization);
      expect(teams.json()).toEqual([{ account_id: account.id, company: account.company, role: "user" }]);
      expect(await membershipsOf(user.id)).toHaveLength(1);
    });

    it("refuses a wrong organization name (400) and joins nothing; the invite still works", async () => {
      const { account, user, token, authorization } = await invited();
      const res = await join(authorization, token, "some-other-org");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "The organization name does not match the invite", status: 400 });
      expect(await membershipsOf(user.id)).toHaveLength(0);
      expect((await join(authorization, token, account.company)).statusCode).toBe(200);
    });

    it("refuses an unknown token (400)", async () => {
      const { account, user, authorization } = await invited();
      const res = await join(authorization, "made-up-token", account.company);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVITE_INVALID);
      expect(await membershipsOf(user.id)).toHaveLength(0);
    });

    it("refuses an invite sent to another address (403); its addressee can still use it", async () => {
      const { account, user, token, authorization } = await invited();
      const stranger = await createUser(t.db);
      const { authorization: strangerAuth } = await signIn(t.app, stranger);
      const res = await join(strangerAuth, token, account.company);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "This invite was sent to another e-mail address", status: 403 });
      expect(await membershipsOf(stranger.id)).toHaveLength(0);
      expect((await join(authorization, token, account.company)).statusCode).toBe(200);
      expect(await membershipsOf(user.id)).toHaveLength(1);
    });

    it("uses an invite once (reuse answers 400)", async () => {
      const { account, token, authorization } = await invited();
      expect((await join(authorization, token, account.company)).statusCode).toBe(200);
      const again = await join(authorization, token, account.company);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVITE_INVALID);
    });

    it("requires a signed-in caller (401)", async () => {
      const { account, user, token } = await invited();
      const res = await post("/api/auth/join-account", {
        token,
        team_name: account.company,
        consent_received: true,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Authentication required", status: 401 });
      expect(await membershipsOf(user.id)).toHaveLength(0);
    });
  });

  describe("DELETE /api/auth/invites/:id", () => {
    async function pendingInvite() {
      const { account, authorization } = await ownerOf();
      const email = newEmail("invitee");
      expect((await invite(account.id, [email], authorization)).statusCode).toBe(200);
      const token = linkIn((await mailTo(email)).text).searchParams.get("token") ?? "";
      const listed = await get(`/api/auth/account-users?aid=${account.id}`, authorization);
      expect(listed.statusCode).toBe(200);
      const pending = listed.json().invites as Array<{ invite_id: number; email: string }>;
      const row = pending.find((i) => i.email === email);
      if (!row) throw new Error("invite not listed");
      return { account, authorization, email, token, inviteId: row.invite_id };
    }

    it("an owner revokes an invite: the link stops working and no user can sign up with it", async () => {
      const { account, authorization, email, token, inviteId } = await pendingInvite();
      expect((await verify(email, token)).statusCode).toBe(200);
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/auth/invites/${inviteId}?aid=${account.id}`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(204);
      expect(await inviteRows(account.id, email)).toHaveLength(0);
      expect((await verify(email, token)).json()).toEqual(LINK_INVALID);
      const attempt = await signup(email, token);
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toEqual(LINK_INVALID);
      expect(await userRows(email)).toHaveLength(0);
      const listed = await get(`/api/auth/account-users?aid=${account.id}`, authorization);
      expect(listed.json().invites).toEqual([]);
    });

    it("a plain user of the organization cannot revoke (403) and the invite stays usable", async () => {
      const { account, email, token, inviteId } = await pendingInvite();
      const member = await createUser(t.db, { accountId: account.id, role: "user" });
      const { authorization } = await signIn(t.app, member);
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/auth/invites/${inviteId}?aid=${account.id}`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "Only an owner of the organization can do this", status: 403 });
      expect(await inviteRows(account.id, email)).toHaveLength(1);
      expect((await verify(email, token)).statusCode).toBe(200);
    });
  });
});
