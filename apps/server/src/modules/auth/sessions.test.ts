import { SignJWT } from "jose";
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
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (authorization: string) =>
  t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization } });
const refresh = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/refresh-token",
    cookies: { portico_rt: token },
    remoteAddress: randomIp(),
  });

describe("password sign-in", () => {
  it("signs in a user without MFA and the access token works", async () => {
    const account = await createAccount(t.db);
    const user = await createUser(t.db, { accountId: account.id, role: "owner" });
    const { authorization } = await signIn(t.app, user);
    const res = await me(authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: user.email,
      accountId: account.id,
      roles: ["account_owner"],
      isEngineer: false,
    });
  });

  it.each([
    ["a wrong password", "Wrong-pass-1!"],
    ["an empty-looking but wrong password", "x"],
  ])("answers 401 for %s with the same message as an unknown user", async (_label, password) => {
    const user = await createUser(t.db);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: randomIp(),
      payload: { username: user.email, password },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: randomIp(),
      payload: { username: "nobody@example.com", password },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "Invalid username or password", status: 401 });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies.find((c) => c.name === "portico_rt")).toBeUndefined();
  });

  it("refuses a disabled user", async () => {
    const user = await createUser(t.db, { disabled: true });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: randomIp(),
      payload: { username: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("This user is disabled");
  });
});

describe("access tokens", () => {
  const forge = async (alg: string, key: Uint8Array, sub = "1") =>
    new SignJWT({ eng: true, adm: true })
      .setProtectedHeader({ alg })
      .setSubject(sub)
      .setIssuer("portico")
      .setAudience("portico-api")
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(key);

  it("rejects a token signed with another key", async () => {
    const token = await forge("HS256", new TextEncoder().encode("x".repeat(48)));
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Invalid access token", status: 401 });
  });

  it("rejects an unsigned token (alg: none)", async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: "1", eng: true, adm: true, iss: "portico", aud: "portico-api", iat: now, exp: now + 600 })}.`;
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("answers 401 without a token and with garbage", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/chat/user" })).statusCode).toBe(401);
    expect((await me("Bearer not-a-jwt")).statusCode).toBe(401);
  });
});

describe("refresh tokens", () => {
  it("rotates: each refresh gives a new working token and a new cookie", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    const next = first.cookies.find((c) => c.name === "portico_rt");
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(session.refresh);
    expect(next?.httpOnly).toBe(true);
    expect(next?.maxAge).toBe(7 * 24 * 60 * 60);
    expect((await me(`Bearer ${first.json().access_token}`)).statusCode).toBe(200);
    expect((await refresh(next?.value ?? "")).statusCode).toBe(200);
  });

  it("revokes the whole family when a replaced token is presented again", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const rotated =
      (await refresh(session.refresh)).cookies.find((c) => c.name === "portico_rt")?.value ?? "";
    // Age the replaced token past the grace window for concurrent tabs.
    const { refreshTokens } = await import("../../db/schema");
    const { sql } = await import("drizzle-orm");
    await t.db
      .update(refreshTokens)
      .set({ replacedAt: sql`now() - interval '1 minute'` })
      .where(sql`${refreshTokens.replacedAt} is not null`);
    const reuse = await refresh(session.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe("Session expired, please sign in again");
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it("signs out: the refresh token stops working", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      cookies: { portico_rt: session.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it("answers 401 for an unknown refresh token and for none", async () => {
    expect((await refresh("made-up")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/refresh-token" })).statusCode).toBe(401);
  });
});

describe("ending a session ends its access tokens", () => {
  it("refuses the access token once the user signs out", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    expect((await me(session.authorization)).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", cookies: { portico_rt: session.refresh } });
    const after = await me(session.authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe("Session expired, please sign in again");
  });

  it("signs out by the access token alone when no cookie comes with it", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: session.authorization },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(session.authorization)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it("a password change ends the other sessions' access tokens and keeps the caller's", async () => {
    const user = await createUser(t.db);
    const other = await signIn(t.app, user);
    const mine = await signIn(t.app, user);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { authorization: mine.authorization },
      remoteAddress: randomIp(),
      payload: { email: user.email, current_password: user.password, new_password: "Another-pass-2!" },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other.authorization)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await me(mine.authorization)).statusCode).toBe(200);
  });

  it("a stolen refresh token replayed after the grace ends the session's access tokens", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const rotated = await refresh(session.refresh);
    const { refreshTokens } = await import("../../db/schema");
    const { sql } = await import("drizzle-orm");
    await t.db
      .update(refreshTokens)
      .set({ replacedAt: sql`now() - interval '1 minute'` })
      .where(sql`${refreshTokens.userId} = ${user.id} and ${refreshTokens.replacedAt} is not null`);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await me(`Bearer ${rotated.json().access_token}`)).statusCode).toBe(401);
  });
});

describe("two tabs refreshing with the same cookie", () => {
  const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === "portico_rt")?.value ?? "";

  it("a replay inside the grace gets the same successor, not another live token", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const first = await refresh(session.refresh);
    const second = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(cookieOf(second)).toBe(cookieOf(first));
    expect((await me(`Bearer ${second.json().access_token}`)).statusCode).toBe(200);

    const { refreshTokens } = await import("../../db/schema");
    const { eq } = await import("drizzle-orm");
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.replacedAt === null)).toHaveLength(1);
  });

  it("a late replay follows the chain to the token that is live now", async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const t1 = cookieOf(await refresh(session.refresh));
    const t2 = cookieOf(await refresh(t1));
    const replay = await refresh(session.refresh);
    expect(replay.statusCode).toBe(200);
    expect(cookieOf(replay)).toBe(t2);
    expect((await refresh(t2)).statusCode).toBe(200);
  });
});
