import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountAudit, accounts, memberships, outbox, sessions, users } from "../../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  signIn,
  type TestContext,
  type TestUser,
} from "../../test/helper";
import { OWNERS_ONLY } from "../accounts/accounts.policy";

let t: TestContext;
/** The file's only admin (tests that add another take it away again). */
let admin: TestUser;
let adminAuth: string;
let engineer: TestUser;
let engineerAuth: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { accountId: 1, role: "admin", name: "Ada Admin" });
  adminAuth = (await signIn(t.app, admin)).authorization;
  engineer = await createUser(t.db, { accountId: 1, role: "engineer", name: "Eve Engineer" });
  engineerAuth = (await signIn(t.app, engineer)).authorization;
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "DELETE";

async function call(authorization: string | undefined, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/auth/${url}`,
    ...(authorization ? { headers: { authorization } } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** A customer organization with an owner and two plain users, each signed in. */
async function customerOrg(opts: { disabled?: boolean } = {}) {
  const account = await createAccount(t.db);
  if (opts.disabled) await t.db.update(accounts).set({ isDisabled: true }).where(eq(accounts.id, account.id));
  const owner = await createUser(t.db, { accountId: account.id, role: "owner", name: "Olive Owner" });
  const user = await createUser(t.db, { accountId: account.id, role: "user", name: "Una User" });
  const other = await createUser(t.db, { accountId: account.id, role: "user", name: "Otto Other" });
  return {
    id: account.id,
    company: account.company,
    owner,
    user,
    other,
    ownerAuth: opts.disabled ? "" : (await signIn(t.app, owner)).authorization,
    userAuth: opts.disabled ? "" : (await signIn(t.app, user)).authorization,
  };
}

const roleOf = async (accountId: number, userId: number) =>
  (
    await t.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
  )[0]?.role;

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** The account's audit entries as [action, actor, target], oldest first. */
async function history(accountId: number) {
  const rows = await t.db
    .select()
    .from(accountAudit)
    .where(eq(accountAudit.accountId, accountId))
    .orderBy(asc(accountAudit.id));
  return rows.map((r) => [r.action, r.actorId, r.targetUserId]);
}

describe("set-admin", () => {
  it("is for admins only", async () => {
    const other = await createUser(t.db, { accountId: 1, role: "engineer" });
    const res = await call(engineerAuth, "POST", "set-admin", { user_id: other.id, admin: true });
    expect(res).toMatchObject({ status: 403, body: { error: M.adminsOnly } });
    expect(await roleOf(1, other.id)).toBe("engineer");
  });

  it("grants and removes the admin role of an engineer, audited on the vendor's account", async () => {
    const other = await createUser(t.db, { accountId: 1, role: "engineer" });
    const granted = await call(adminAuth, "POST", "set-admin", { user_id: other.id, admin: true });
    expect(granted).toEqual({ status: 200, body: { user_id: other.id, admin: true } });
    expect(await roleOf(1, other.id)).toBe("admin");
    const revoked = await call(adminAuth, "POST", "set-admin", { user_id: other.id, admin: false });
    expect(revoked).toEqual({ status: 200, body: { user_id: other.id, admin: false } });
    expect(await roleOf(1, other.id)).toBe("engineer");
    const entries = (await history(1)).filter(([, , target]) => target === other.id);
    expect(entries).toEqual([
      ["user.admin_granted", admin.id, other.id],
      ["user.admin_revoked", admin.id, other.id],
    ]);
  });

  it("never makes a customer's user an admin", async () => {
    const org = await customerOrg();
    const res = await call(adminAuth, "POST", "set-admin", { user_id: org.owner.id, admin: true });
    expect(res).toMatchObject({ status: 400, body: { error: M.notVendorEngineer } });
    expect(await roleOf(1, org.owner.id)).toBeUndefined();
    expect(await roleOf(org.id, org.owner.id)).toBe("owner");
  });

  it("answers 404 for a user who does not exist", async () => {
    const res = await call(adminAuth, "POST", "set-admin", { user_id: 999_999, admin: true });
    expect(res).toMatchObject({ status: 404, body: { error: M.userNotFound } });
  });

  it("keeps the last admin", async () => {
    const res = await call(adminAuth, "POST", "set-admin", { user_id: admin.id, admin: false });
    expect(res).toMatchObject({ status: 409, body: { error: M.lastAdmin } });
    expect(await roleOf(1, admin.id)).toBe("admin");
  });

  it("does not count a disabled admin as the one that remains", async () => {
    const dormant = await createUser(t.db, { accountId: 1, role: "admin", disabled: true });
    const res = await call(adminAuth, "POST", "set-admin", { user_id: admin.id, admin: false });
    expect(res).toMatchObject({ status: 409, body: { error: M.lastAdmin } });
    await t.db.delete(users).where(eq(users.id, dormant.id));
  });
});

describe("set-account-owner", () => {
  it("lets an owner make a member owner and back, audited", async () => {
    const org = await customerOrg();
    const made = await call(org.ownerAuth, "POST", "set-account-owner", {
      account_id: org.id,
      user_id: org.user.id,
    });
    expect(made).toEqual({ status: 200, body: { account_id: org.id, user_id: org.user.id, role: "owner" } });
    const back = await call(engineerAuth, "POST", "set-account-owner", {
      account_id: org.id,
      user_id: org.user.id,
      owner: false,
    });
    expect(back.body).toEqual({ account_id: org.id, user_id: org.user.id, role: "user" });
    expect(await roleOf(org.id, org.user.id)).toBe("user");
    expect(await history(org.id)).toEqual([
      ["user.made_owner", org.owner.id, org.user.id],
      ["user.owner_removed", engineer.id, org.user.id],
    ]);
  });

  it("keeps the last owner", async () => {
    const org = await customerOrg();
    const res = await call(org.ownerAuth, "POST", "set-account-owner", {
      account_id: org.id,
      user_id: org.owner.id,
      owner: false,
    });
    expect(res).toMatchObject({ status: 409, body: { error: M.lastOwner } });
    expect(await roleOf(org.id, org.owner.id)).toBe("owner");
  });

  it("answers 404 for someone who is not a member", async () => {
    const org = await customerOrg();
    const stranger = await createUser(t.db);
    const res = await call(engineerAuth, "POST", "set-account-owner", {
      account_id: org.id,
      user_id: stranger.id,
    });
    expect(res).toMatchObject({ status: 404, body: { error: M.notAMember } });
    expect(await roleOf(org.id, stranger.id)).toBeUndefined();
  });

  it("is not for the vendor's own organization", async () => {
    const res = await call(adminAuth, "POST", "set-account-owner", { account_id: 1, user_id: engineer.id });
    expect(res).toMatchObject({ status: 400, body: { error: M.vendorAccount } });
    expect(await roleOf(1, engineer.id)).toBe("engineer");
  });

  it("refuses a plain user (403) and another organization's owner (404)", async () => {
    const org = await customerOrg();
    const stranger = await customerOrg();
    const payload = { account_id: org.id, user_id: org.other.id };
    expect(await call(org.userAuth, "POST", "set-account-owner", payload)).toMatchObject({
      status: 403,
      body: { error: OWNERS_ONLY },
    });
    expect((await call(stranger.ownerAuth, "POST", "set-account-owner", payload)).status).toBe(404);
    expect(await roleOf(org.id, org.other.id)).toBe("user");
    expect(await history(org.id)).toEqual([]);
  });
});

describe("set-team", () => {
  it("adds a user with no organization and makes it their default, audited", async () => {
    const org = await customerOrg();
    const newcomer = await createUser(t.db, { name: "Nina New" });
    const res = await call(engineerAuth, "POST", "set-team", { user_id: newcomer.id, account_id: org.id });
    expect(res).toEqual({ status: 200, body: { account_id: org.id, company: org.company, role: "user" } });
    expect((await userRow(newcomer.id))?.defaultAccountId).toBe(org.id);
    expect(await history(org.id)).toEqual([["user.team_added", engineer.id, newcomer.id]]);
    const again = await call(engineerAuth, "POST", "set-team", { user_id: newcomer.id, account_id: org.id });
    expect(again).toMatchObject({ status: 409, body: { error: M.alreadyMember } });
  });

  it("moves a member from one organization to another in one step, audited on both", async () => {
    const from = await customerOrg();
    const to = await customerOrg();
    await t.db.update(users).set({ defaultAccountId: from.id }).where(eq(users.id, from.user.id));
    const res = await call(engineerAuth, "POST", "set-team", {
      user_id: from.user.id,
      account_id: to.id,
      role: "owner",
      from_account_id: from.id,
    });
    expect(res).toEqual({ status: 200, body: { account_id: to.id, company: to.company, role: "owner" } });
    expect(await roleOf(from.id, from.user.id)).toBeUndefined();
    expect(await roleOf(to.id, from.user.id)).toBe("owner");
    expect((await userRow(from.user.id))?.defaultAccountId).toBe(to.id);
    for (const id of [from.id, to.id]) {
      expect(await history(id)).toEqual([["user.team_moved", engineer.id, from.user.id]]);
    }
  });

  it("does not move an organization's last owner away", async () => {
    const from = await customerOrg();
    const to = await customerOrg();
    const res = await call(engineerAuth, "POST", "set-team", {
      user_id: from.owner.id,
      account_id: to.id,
      from_account_id: from.id,
    });
    expect(res).toMatchObject({ status: 409, body: { error: M.lastOwner } });
    expect(await roleOf(from.id, from.owner.id)).toBe("owner");
    expect(await roleOf(to.id, from.owner.id)).toBeUndefined();
  });

  it.each([
    ["the vendor's organization as target", "vendor", 400, M.vendorAccount],
    ["a vendor engineer as the user", "engineer", 400, M.notACustomer],
    ["a disabled organization", "disabled", 409, M.accountDisabled],
    ["a move from an organization the user is not in", "notMember", 404, M.notAMember],
    ["an organization that does not exist", "missing", 404, "Account not found"],
  ] as const)("refuses %s", async (_name, kind, status, error) => {
    const org = await customerOrg({ disabled: kind === "disabled" });
    const elsewhere = await customerOrg();
    const newcomer = await createUser(t.db);
    const payload = {
      vendor: { user_id: newcomer.id, account_id: 1 },
      engineer: { user_id: engineer.id, account_id: org.id },
      disabled: { user_id: newcomer.id, account_id: org.id },
      notMember: { user_id: newcomer.id, account_id: org.id, from_account_id: elsewhere.id },
      missing: { user_id: newcomer.id, account_id: 999_999 },
    }[kind];
    const res = await call(engineerAuth, "POST", "set-team", payload);
    expect(res).toMatchObject({ status, body: { error } });
    const all = await t.db.select().from(memberships).where(eq(memberships.userId, payload.user_id));
    expect(all.map((m) => m.accountId)).toEqual(kind === "engineer" ? [1] : []);
    expect(await history(org.id)).toEqual([]);
  });
});

describe("users/:id/disable", () => {
  it("disables a user (signed out at once) and enables them again, audited", async () => {
    const org = await customerOrg();
    const res = await call(engineerAuth, "POST", `users/${org.user.id}/disable`, { disable: true });
    expect(res).toEqual({
      status: 200,
      body: { user_id: org.user.id, is_disabled: true, mfa_enabled: false },
    });
    expect((await call(org.userAuth, "GET", "teams")).status).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, org.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    const enabled = await call(engineerAuth, "POST", `users/${org.user.id}/disable`, { disable: false });
    expect(enabled.body).toMatchObject({ is_disabled: false });
    const again = await signIn(t.app, org.user);
    expect((await call(again.authorization, "GET", "teams")).status).toBe(200);
    expect(await history(org.id)).toEqual([
      ["user.disabled", engineer.id, org.user.id],
      ["user.enabled", engineer.id, org.user.id],
    ]);
  });

  it("is not for oneself", async () => {
    const res = await call(engineerAuth, "POST", `users/${engineer.id}/disable`, { disable: true });
    expect(res).toMatchObject({ status: 400, body: { error: M.notYourself } });
    expect((await userRow(engineer.id))?.isDisabled).toBe(false);
  });

  it("an admin's account is an admin's to disable: an engineer is refused", async () => {
    const res = await call(engineerAuth, "POST", `users/${admin.id}/disable`, { disable: true });
    expect(res).toMatchObject({ status: 403, body: { error: M.adminsOnly } });
    expect((await call(adminAuth, "GET", "teams")).status).toBe(200);
    const second = await createUser(t.db, { accountId: 1, role: "admin" });
    const disabled = await call(adminAuth, "POST", `users/${second.id}/disable`, { disable: true });
    expect(disabled).toMatchObject({ status: 200, body: { is_disabled: true } });
  });

  it("answers 404 for a user who does not exist", async () => {
    const res = await call(engineerAuth, "POST", "users/999999/disable", { disable: true });
    expect(res).toMatchObject({ status: 404, body: { error: M.userNotFound } });
  });
});

describe("DELETE users", () => {
  it("lets an owner remove members, clearing their default organization, audited", async () => {
    const org = await customerOrg();
    await t.db.update(users).set({ defaultAccountId: org.id }).where(eq(users.id, org.other.id));
    const res = await call(
      org.ownerAuth,
      "DELETE",
      `users?aid=${org.id}&user_ids=${org.user.id},${org.other.id}`,
    );
    expect(res.status).toBe(204);
    expect(await roleOf(org.id, org.user.id)).toBeUndefined();
    expect(await roleOf(org.id, org.other.id)).toBeUndefined();
    expect((await userRow(org.other.id))?.defaultAccountId).toBeNull();
    expect(await history(org.id)).toEqual([
      ["user.removed", org.owner.id, org.user.id],
      ["user.removed", org.owner.id, org.other.id],
    ]);
  });

  it("removes all or none: one who is not a member answers 404", async () => {
    const org = await customerOrg();
    const stranger = await createUser(t.db);
    const res = await call(
      engineerAuth,
      "DELETE",
      `users?aid=${org.id}&user_ids=${org.user.id},${stranger.id}`,
    );
    expect(res).toMatchObject({ status: 404, body: { error: M.notAMember } });
    expect(await roleOf(org.id, org.user.id)).toBe("user");
  });

  it("keeps the last owner", async () => {
    const org = await customerOrg();
    const res = await call(engineerAuth, "DELETE", `users?aid=${org.id}&user_ids=${org.owner.id}`);
    expect(res).toMatchObject({ status: 409, body: { error: M.lastOwner } });
    expect(await roleOf(org.id, org.owner.id)).toBe("owner");
  });

  it("removes an engineer from the vendor's organization, but keeps the last admin", async () => {
    const leaving = await createUser(t.db, { accountId: 1, role: "engineer" });
    const leavingAuth = (await signIn(t.app, leaving)).authorization;
    const removed = await call(engineerAuth, "DELETE", `users?aid=1&user_ids=${leaving.id}`);
    expect(removed.status).toBe(204);
    expect((await call(leavingAuth, "GET", "accounts/users-without-membership")).status).toBe(403);
    const byEngineer = await call(engineerAuth, "DELETE", `users?aid=1&user_ids=${admin.id}`);
    expect(byEngineer).toMatchObject({ status: 403, body: { error: M.adminsOnly } });
    const last = await call(adminAuth, "DELETE", `users?aid=1&user_ids=${admin.id}`);
    expect(last).toMatchObject({ status: 409, body: { error: M.lastAdmin } });
    expect(await roleOf(1, admin.id)).toBe("admin");
  });

  it("refuses a plain user (403), another organization's owner (404) and a customer on the vendor's organization (404)", async () => {
    const org = await customerOrg();
    const stranger = await customerOrg();
    const url = `users?aid=${org.id}&user_ids=${org.other.id}`;
    expect(await call(org.userAuth, "DELETE", url)).toMatchObject({
      status: 403,
      body: { error: OWNERS_ONLY },
    });
    expect((await call(stranger.ownerAuth, "DELETE", url)).status).toBe(404);
    expect((await call(org.ownerAuth, "DELETE", `users?aid=1&user_ids=${engineer.id}`)).status).toBe(404);
    expect(await roleOf(org.id, org.other.id)).toBe("user");
    expect(await roleOf(1, engineer.id)).toBe("engineer");
  });
});

describe("users/:id/mfa", () => {
  const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.to, email));

  it("turns another user's sign-in code on and off, telling them by e-mail, audited on each of their organizations", async () => {
    const org = await customerOrg();
    const second = await createAccount(t.db);
    await t.db.insert(memberships).values({ accountId: second.id, userId: org.user.id });
    const on = await call(engineerAuth, "POST", `users/${org.user.id}/mfa`, { enable_mfa: true });
    expect(on).toEqual({
      status: 200,
      body: { user_id: org.user.id, is_disabled: false, mfa_enabled: true },
    });
    const repeated = await call(engineerAuth, "POST", `users/${org.user.id}/mfa`, { enable_mfa: true });
    expect(repeated.body).toMatchObject({ mfa_enabled: true });
    const off = await call(engineerAuth, "POST", `users/${org.user.id}/mfa`, { enable_mfa: false });
    expect(off.body).toMatchObject({ mfa_enabled: false });

    expect((await mailsTo(org.user.email)).map((m) => m.subject)).toEqual([
      "Your Portico sign-in code was turned on",
      "Your Portico sign-in code was turned off",
    ]);
    expect((await mailsTo(org.user.email))[0]?.text).toContain("portico support team turned on");
    for (const accountId of [org.id, second.id]) {
      expect(await history(accountId)).toEqual([
        ["user.mfa_enabled", engineer.id, org.user.id],
        ["user.mfa_disabled", engineer.id, org.user.id],
      ]);
    }
  });

  it("an admin's sign-in code is changed by admins only", async () => {
    const before = (await userRow(admin.id))?.mfaEnabled;
    const res = await call(engineerAuth, "POST", `users/${admin.id}/mfa`, { enable_mfa: !before });
    expect(res).toMatchObject({ status: 403, body: { error: M.adminsOnly } });
    expect((await userRow(admin.id))?.mfaEnabled).toBe(before);
  });

  it("is not for oneself (turning one's own code off asks for the password)", async () => {
    await t.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, engineer.id));
    const res = await call(engineerAuth, "POST", `users/${engineer.id}/mfa`, { enable_mfa: false });
    expect(res).toMatchObject({ status: 400, body: { error: M.notYourself } });
    expect((await userRow(engineer.id))?.mfaEnabled).toBe(true);
    await t.db.update(users).set({ mfaEnabled: false }).where(eq(users.id, engineer.id));
  });
});

describe("who may act", () => {
  /** Each action on organization `org`'s plain user, by someone who may not. */
  const engineersOnly = (org: Awaited<ReturnType<typeof customerOrg>>) =>
    [
      ["POST", "set-admin", { user_id: engineer.id, admin: true }],
      ["POST", "set-team", { user_id: org.user.id, account_id: org.id, from_account_id: org.id }],
      ["POST", `users/${org.user.id}/disable`, { disable: true }],
      ["POST", `users/${org.user.id}/mfa`, { enable_mfa: true }],
    ] as const;

  it("refuses the engineers' actions to the organization's own owner (403) and changes nothing", async () => {
    const org = await customerOrg();
    for (const [method, url, payload] of engineersOnly(org)) {
      const res = await call(org.ownerAuth, method, url, payload);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
    expect(await userRow(org.user.id)).toMatchObject({ isDisabled: false, mfaEnabled: false });
    expect(await roleOf(org.id, org.user.id)).toBe("user");
    expect(await roleOf(1, engineer.id)).toBe("engineer");
    expect(await history(org.id)).toEqual([]);
  });

  it("answers 401 to a caller without a token", async () => {
    const org = await customerOrg();
    const calls = [
      ...engineersOnly(org),
      ["POST", "set-account-owner", { account_id: org.id, user_id: org.user.id }],
      ["DELETE", `users?aid=${org.id}&user_ids=${org.user.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect({ url, status: (await call(undefined, method, url, payload)).status }).toEqual({
        url,
        status: 401,
      });
    }
    expect(await roleOf(org.id, org.user.id)).toBe("user");
  });
});

describe("two engineers at once", () => {
  const ownersOf = (accountId: number) =>
    t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner")));

  it("cannot remove an organization's last two owners between them", async () => {
    const org = await customerOrg();
    const second = await createUser(t.db, { accountId: org.id, role: "owner" });
    const otherEngineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" })))
      .authorization;
    const answers = await Promise.all([
      call(engineerAuth, "DELETE", `users?aid=${org.id}&user_ids=${org.owner.id}`),
      call(otherEngineer, "DELETE", `users?aid=${org.id}&user_ids=${second.id}`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    expect(await ownersOf(org.id)).toHaveLength(1);
  });

  it("cannot demote an organization's last two owners between them", async () => {
    const org = await customerOrg();
    const second = await createUser(t.db, { accountId: org.id, role: "owner" });
    const otherEngineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" })))
      .authorization;
    const demote = (userId: number) => ({ account_id: org.id, user_id: userId, owner: false });
    const answers = await Promise.all([
      call(engineerAuth, "POST", "set-account-owner", demote(second.id)),
      call(otherEngineer, "POST", "set-account-owner", demote(org.owner.id)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await ownersOf(org.id)).toHaveLength(1);
  });
});
