import { randomUUID } from "node:crypto";
import { USER_MESSAGES } from "@portico/shared/schemas/users";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountAudit, accounts, invites, memberships, outbox } from "../../db/schema";
import { TOO_MANY_ATTEMPTS } from "../../platform/rate-limit";
import {
  createAccount,
  createTestApp,
  createUser,
  linkIn,
  randomIp,
  signIn,
  type TestContext,
  type TestUser,
} from "../../test/helper";
import { OWNERS_ONLY } from "../accounts/accounts.policy";

const ENGINEERS_ONLY = "Only vendor engineers can do this";
const NOT_YOUR_ACCOUNT = "You do not have access to this account";

let t: TestContext;
let engineer: TestUser;
let engineerAuth: string;

beforeAll(async () => {
  t = await createTestApp();
  engineer = await createUser(t.db, { accountId: 1, role: "engineer", name: "Eve Engineer" });
  engineerAuth = (await signIn(t.app, engineer)).authorization;
});
afterAll(() => t.close());

async function call(
  authorization: string | undefined,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: `/api/auth/${url}`,
    remoteAddress: randomIp(),
    ...(authorization ? { headers: { authorization } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** A word no other test's names contain, so a search shows this test's users only. */
const uniqueWord = () => `w${randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** A customer organization with an owner and a plain user, each signed in. */
async function customerOrg(company?: string) {
  const account = await createAccount(t.db, company);
  const owner = await createUser(t.db, { accountId: account.id, role: "owner" });
  const user = await createUser(t.db, { accountId: account.id, role: "user" });
  return {
    id: account.id,
    company: account.company,
    owner,
    user,
    ownerAuth: (await signIn(t.app, owner)).authorization,
    userAuth: (await signIn(t.app, user)).authorization,
  };
}

const directory = (query: string, authorization = engineerAuth) =>
  call(authorization, "GET", `users?${query}`);
const names = (body: { items: Array<{ name: string }> }) => body.items.map((u) => u.name);

describe("GET users (the directory)", () => {
  it("lists users by name with their organizations, roles and flags", async () => {
    const word = uniqueWord();
    const [beta, alpha] = [
      await createAccount(t.db, `Beta ${word}`),
      await createAccount(t.db, `alpha ${word}`),
    ];
    if (!alpha || !beta) throw new Error("fixture");
    const carol = await createUser(t.db, {
      name: `Carol ${word}`,
      accountId: beta.id,
      role: "owner",
      mfa: true,
    });
    await t.db.insert(memberships).values({ accountId: alpha.id, userId: carol.id, role: "user" });
    const bob = await createUser(t.db, { name: `bob ${word}`, disabled: true });
    const admin = await createUser(t.db, { name: `Ann ${word}`, accountId: 1, role: "admin" });

    const res = await directory(`q=${word}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(res.body.items).toEqual([
      {
        user_id: admin.id,
        name: `Ann ${word}`,
        email: admin.email,
        is_engineer: true,
        is_admin: true,
        is_disabled: false,
        mfa_enabled: false,
        created_at: expect.any(String),
        organizations: [],
      },
      {
        user_id: bob.id,
        name: `bob ${word}`,
        email: bob.email,
        is_engineer: false,
        is_admin: false,
        is_disabled: true,
        mfa_enabled: false,
        created_at: expect.any(String),
        organizations: [],
      },
      {
        user_id: carol.id,
        name: `Carol ${word}`,
        email: carol.email,
        is_engineer: false,
        is_admin: false,
        is_disabled: false,
        mfa_enabled: true,
        created_at: expect.any(String),
        // By company, case-insensitively.
        organizations: [
          { account_id: alpha.id, company: `alpha ${word}`, role: "user" },
          { account_id: beta.id, company: `Beta ${word}`, role: "owner" },
        ],
      },
    ]);
  });

  it("finds a user by part of the e-mail address, case-insensitively, with % taken literally", async () => {
    const word = uniqueWord();
    const user = await createUser(t.db, { email: `${word}@mail.example`, name: "Plain Name" });
    const res = await directory(`q=${word.toUpperCase()}%40MAIL`);
    expect(res.body.items.map((u: { user_id: number }) => u.user_id)).toEqual([user.id]);
    expect((await directory(`q=${word}%25`)).body.items).toEqual([]);
  });

  it("narrows by kind, status and membership", async () => {
    const word = uniqueWord();
    const org = await createAccount(t.db);
    await createUser(t.db, { name: `A engineer ${word}`, accountId: 1, role: "engineer" });
    await createUser(t.db, { name: `B customer ${word}`, accountId: org.id, role: "user" });
    await createUser(t.db, { name: `C disabled ${word}`, accountId: org.id, disabled: true });
    await createUser(t.db, { name: `D loner ${word}` });

    const pick = async (filters: string) => names((await directory(`q=${word}&${filters}`)).body);
    expect(await pick("kind=all&status=all")).toEqual([
      `A engineer ${word}`,
      `B customer ${word}`,
      `C disabled ${word}`,
      `D loner ${word}`,
    ]);
    expect(await pick("kind=engineers")).toEqual([`A engineer ${word}`]);
    expect(await pick("kind=customers")).toEqual([
      `B customer ${word}`,
      `C disabled ${word}`,
      `D loner ${word}`,
    ]);
    expect(await pick("status=enabled")).toEqual([
      `A engineer ${word}`,
      `B customer ${word}`,
      `D loner ${word}`,
    ]);
    expect(await pick("status=disabled")).toEqual([`C disabled ${word}`]);
    expect(await pick("membership=none")).toEqual([`D loner ${word}`]);
    expect(await pick("kind=customers&status=enabled&membership=any")).toEqual([
      `B customer ${word}`,
      `D loner ${word}`,
    ]);
    // Empty values are the defaults (a form's blank select).
    expect(await pick("kind=&status=&membership=")).toHaveLength(4);
  });

  it("pages, with the total of every match", async () => {
    const word = uniqueWord();
    for (const n of [1, 2, 3, 4, 5]) await createUser(t.db, { name: `${word} ${n}` });
    const first = await directory(`q=${word}&page_size=2`);
    expect(first.body).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(names(first.body)).toEqual([`${word} 1`, `${word} 2`]);
    const last = await directory(`q=${word}&page_size=2&page=3`);
    expect(names(last.body)).toEqual([`${word} 5`]);
    const beyond = await directory(`q=${word}&page_size=2&page=4`);
    expect(beyond.body).toMatchObject({ items: [], total: 5 });
  });

  it("leaves out organizations being purged, and users who belong only to them", async () => {
    const word = uniqueWord();
    const kept = await createAccount(t.db, `Kept ${word}`);
    const purging = await createAccount(t.db, `Purging ${word}`);
    const both = await createUser(t.db, { name: `Both ${word}`, accountId: kept.id });
    await t.db.insert(memberships).values({ accountId: purging.id, userId: both.id, role: "owner" });
    await createUser(t.db, { name: `Only purged ${word}`, accountId: purging.id, role: "owner" });
    await t.db.update(accounts).set({ purgeStartedAt: new Date() }).where(eq(accounts.id, purging.id));

    const res = await directory(`q=${word}`);
    expect(res.body.total).toBe(1);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        user_id: both.id,
        organizations: [{ account_id: kept.id, company: `Kept ${word}`, role: "user" }],
      }),
    ]);
  });

  it("refuses bad input with the field's message", async () => {
    expect((await directory("page_size=201")).status).toBe(400);
    expect((await directory("kind=robots")).status).toBe(400);
    expect((await directory("status=maybe")).status).toBe(400);
    expect((await directory("membership=some")).status).toBe(400);
    expect((await directory("page=0")).status).toBe(400);
  });

  it("is for engineers only: an owner or a plain user gets 403, a stranger 401", async () => {
    const org = await customerOrg();
    expect(await directory("", org.ownerAuth)).toMatchObject({
      status: 403,
      body: { error: ENGINEERS_ONLY, status: 403 },
    });
    expect(await directory("", org.userAuth)).toMatchObject({ status: 403 });
    const anonymous = await t.app.inject({ method: "GET", url: "/api/auth/users?page_size=nonsense" });
    // Refused before the query is read.
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST invites/:id/resend", () => {
  async function inviteTo(
    org: { id: number },
    authorization: string,
    email = `${uniqueWord()}@invitee.example`,
  ) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup/init",
      remoteAddress: randomIp(),
      headers: { authorization },
      payload: { users: [{ email, role: "owner" }], account_id: org.id },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(invites)
      .where(and(eq(invites.accountId, org.id), eq(invites.email, email)));
    if (!row) throw new Error("no invite");
    return row;
  }

  const mailsTo = (email: string) =>
    t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id));
  const inviteRow = async (id: number) => (await t.db.select().from(invites).where(eq(invites.id, id)))[0];
  const verify = (email: string, token: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/auth/signup/verify?${new URLSearchParams({ email, token })}`,
      remoteAddress: randomIp(),
    });

  it("an owner resends: a fresh link by e-mail, the old one stops working, audited", async () => {
    const org = await customerOrg();
    const invite = await inviteTo(org, org.ownerAuth);
    const [first] = await mailsTo(invite.email);
    const oldToken = linkIn(first?.text).searchParams.get("token") ?? "";

    const res = await call(org.ownerAuth, "POST", `invites/${invite.id}/resend?aid=${org.id}`);
    expect(res).toEqual({
      status: 200,
      body: { invite_id: invite.id, email: invite.email, role: "owner", created_at: expect.any(String) },
    });
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThanOrEqual(invite.createdAt.getTime());

    const sent = await mailsTo(invite.email);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe(`You are invited to join ${org.company} on Portico`);
    const link = linkIn(sent[1]?.text);
    expect(link.pathname).toBe("/signup");
    const newToken = link.searchParams.get("token") ?? "";
    expect(newToken).not.toBe(oldToken);
    expect((await verify(invite.email, newToken)).json()).toMatchObject({
      kind: "invite",
      company: org.company,
    });
    expect((await verify(invite.email, oldToken)).statusCode).toBe(400);

    const row = await inviteRow(invite.id);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(invite.expiresAt.getTime());
    const audit = await t.db
      .select()
      .from(accountAudit)
      .where(and(eq(accountAudit.accountId, org.id), eq(accountAudit.action, "user.invited")))
      .orderBy(asc(accountAudit.id));
    expect(audit.map((a) => a.details)).toEqual([
      { email: invite.email, role: "owner" },
      { email: invite.email, role: "owner", resent: true },
    ]);
    expect(audit[1]?.actorId).toBe(org.owner.id);
  });

  it("an engineer resends for any organization; an existing user's link joins", async () => {
    const org = await customerOrg();
    const known = await createUser(t.db);
    const invite = await inviteTo(org, engineerAuth, known.email);
    const res = await call(engineerAuth, "POST", `invites/${invite.id}/resend?aid=${org.id}`);
    expect(res.status).toBe(200);
    const sent = await mailsTo(known.email);
    expect(sent).toHaveLength(2);
    expect(linkIn(sent[1]?.text).pathname).toBe("/join-organization");
    expect(sent[1]?.text).toContain("Eve Engineer invited you");
  });

  it("is bounded like inviting: three mails a day to one address", async () => {
    const org = await customerOrg();
    const invite = await inviteTo(org, org.ownerAuth);
    const url = `invites/${invite.id}/resend?aid=${org.id}`;
    expect((await call(org.ownerAuth, "POST", url)).status).toBe(200);
    expect((await call(org.ownerAuth, "POST", url)).status).toBe(200);
    expect(await call(org.ownerAuth, "POST", url)).toMatchObject({
      status: 429,
      body: { error: TOO_MANY_ATTEMPTS },
    });
    expect(await mailsTo(invite.email)).toHaveLength(3);
  });

  it("answers 404 for an accepted or unknown (or revoked, so deleted) invitation", async () => {
    const org = await customerOrg();
    const invite = await inviteTo(org, org.ownerAuth);
    await t.db.update(invites).set({ acceptedAt: new Date() }).where(eq(invites.id, invite.id));
    const accepted = await call(org.ownerAuth, "POST", `invites/${invite.id}/resend?aid=${org.id}`);
    expect(accepted).toMatchObject({ status: 404, body: { error: USER_MESSAGES.inviteNotFound } });
    const unknown = await call(org.ownerAuth, "POST", `invites/999999/resend?aid=${org.id}`);
    expect(unknown).toMatchObject({ status: 404, body: { error: USER_MESSAGES.inviteNotFound } });
    expect(await mailsTo(invite.email)).toHaveLength(1);
  });

  it("tenancy: a plain user 403, another organization's owner 403 or 404, a stranger 401; nothing sent", async () => {
    const org = await customerOrg();
    const other = await customerOrg();
    const invite = await inviteTo(org, org.ownerAuth);
    const url = `invites/${invite.id}/resend?aid=${org.id}`;

    expect(await call(org.userAuth, "POST", url)).toMatchObject({
      status: 403,
      body: { error: OWNERS_ONLY },
    });
    expect(await call(other.ownerAuth, "POST", url)).toMatchObject({
      status: 403,
      body: { error: NOT_YOUR_ACCOUNT },
    });
    // Naming their own organization does not reach another's invitation.
    const ownAid = await call(other.ownerAuth, "POST", `invites/${invite.id}/resend?aid=${other.id}`);
    expect(ownAid).toMatchObject({ status: 404, body: { error: USER_MESSAGES.inviteNotFound } });
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/auth/${url}`,
      remoteAddress: randomIp(),
    });
    expect(anonymous.statusCode).toBe(401);

    expect(await mailsTo(invite.email)).toHaveLength(1);
    expect((await inviteRow(invite.id))?.tokenHash).toBe(invite.tokenHash);
  });

  it("validates the id and aid", async () => {
    const org = await customerOrg();
    expect((await call(org.ownerAuth, "POST", `invites/abc/resend?aid=${org.id}`)).status).toBe(400);
    expect((await call(org.ownerAuth, "POST", "invites/1/resend?aid=x")).status).toBe(400);
  });
});

describe("attaching a user without membership (POST set-team)", () => {
  it("adds them to the organization, makes it their default, and they leave the list", async () => {
    const word = uniqueWord();
    const org = await createAccount(t.db, `Home ${word}`);
    const loner = await createUser(t.db, { email: `${word}@loner.example`, name: `Loner ${word}` });
    const without = async () =>
      (await call(engineerAuth, "GET", `accounts/users-without-membership?q=${word}`)).body.items.map(
        (u: { user_id: number }) => u.user_id,
      );
    expect(await without()).toEqual([loner.id]);
    expect(names((await directory(`q=${word}&membership=none`)).body)).toEqual([`Loner ${word}`]);

    const res = await call(engineerAuth, "POST", "set-team", {
      user_id: loner.id,
      account_id: org.id,
      role: "owner",
    });
    expect(res).toEqual({
      status: 200,
      body: { account_id: org.id, company: `Home ${word}`, role: "owner" },
    });
    expect(await without()).toEqual([]);
    expect((await directory(`q=${word}&membership=none`)).body.items).toEqual([]);
    const teams = await call((await signIn(t.app, loner)).authorization, "GET", "teams");
    expect(teams.body).toEqual([{ account_id: org.id, company: `Home ${word}`, role: "owner" }]);
  });

  it("is refused to an owner (403), nothing changes", async () => {
    const org = await customerOrg();
    const loner = await createUser(t.db);
    const res = await call(org.ownerAuth, "POST", "set-team", {
      user_id: loner.id,
      account_id: org.id,
      role: "user",
    });
    expect(res.status).toBe(403);
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, loner.id));
    expect(rows).toEqual([]);
  });
});
