/**
 * A disabled organization (issue 16): its members who belong to no other enabled organization are
 * signed out and refused until an engineer enables it again; a member of another organization
 * keeps working there; engineers and users who belong to nothing yet are unaffected.
 */
import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships } from "../../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  randomIp,
  signIn,
  submitCode,
  type TestContext,
} from "../../test/helper";

let t: TestContext;
let engineer: string;

beforeAll(async () => {
  t = await createTestApp();
  engineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" }))).authorization;
});
afterAll(() => t.close());

const me = async (authorization: string) => {
  const res = await t.app.inject({ method: "GET", url: "/api/chat/user", headers: { authorization } });
  return { status: res.statusCode, body: res.json() };
};
const refresh = async (token: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/refresh-token",
    cookies: { portico_rt: token },
    remoteAddress: randomIp(),
  });
  return { status: res.statusCode, body: res.json() };
};
const login = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: randomIp(),
    payload: { username: email, password: DEFAULT_PASSWORD },
  });
const setDisabled = async (accountId: number, disable: boolean) => {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/auth/account/${accountId}`,
    headers: { authorization: engineer },
    payload: { disable },
  });
  expect(res.statusCode).toBe(200);
};
const disabledAnswer = (status: number) => ({ status, error: M.accountDisabled });

describe("disabling an organization", () => {
  it("stops its members' tokens, refresh and sign-in until it is enabled again", async () => {
    const org = await createAccount(t.db);
    const owner = await createUser(t.db, { accountId: org.id, role: "owner" });
    const session = await signIn(t.app, owner);
    expect((await me(session.authorization)).status).toBe(200);

    await setDisabled(org.id, true);
    expect((await me(session.authorization)).body).toEqual(disabledAnswer(401));
    expect((await refresh(session.refresh)).body).toEqual(disabledAnswer(403));
    expect((await login(owner.email)).json()).toEqual(disabledAnswer(403));

    await setDisabled(org.id, false);
    // Disabling signed them out: the old session stays ended, a new sign-in works.
    expect((await me(session.authorization)).status).toBe(401);
    const again = await signIn(t.app, owner);
    expect((await me(again.authorization)).body).toMatchObject({ email: owner.email, accountId: org.id });
  });

  it("refuses the e-mailed code of a sign-in started before the organization was disabled", async () => {
    const org = await createAccount(t.db);
    const user = await createUser(t.db, { accountId: org.id, mfa: true });
    const started = await login(user.email);
    expect(started.json()).toMatchObject({ mfa_required: true });
    await setDisabled(org.id, true);
    const res = await submitCode(t, user.email, started.json().mfa_token);
    expect(res.json()).toEqual(disabledAnswer(403));
  });

  it("keeps a member of another, enabled organization working there only", async () => {
    const disabled = await createAccount(t.db);
    const enabled = await createAccount(t.db);
    const both = await createUser(t.db, { accountId: disabled.id, role: "owner" });
    await t.db.insert(memberships).values({ accountId: enabled.id, userId: both.id, role: "user" });
    const session = await signIn(t.app, both);

    await setDisabled(disabled.id, true);
    expect((await me(session.authorization)).body).toMatchObject({ accountId: enabled.id });
    const users = (aid: number) =>
      t.app.inject({
        method: "GET",
        url: `/api/auth/account-users?aid=${aid}`,
        headers: { authorization: session.authorization },
      });
    expect((await users(enabled.id)).statusCode).toBe(200);
    expect((await users(disabled.id)).statusCode).toBe(403);
    expect((await refresh(session.refresh)).status).toBe(200);
    // The organization switcher no longer offers the disabled one.
    const list = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { authorization: session.authorization } });
    expect((await list("/api/auth/teams")).json()).toEqual([
      { account_id: enabled.id, company: enabled.company, role: "user" },
    ]);
    expect(
      (await list("/api/auth/organizations")).json().items.map((o: { account_id: number }) => o.account_id),
    ).toEqual([enabled.id]);
  });

  it("leaves engineers and users who belong to no organization yet unaffected", async () => {
    const org = await createAccount(t.db);
    await createUser(t.db, { accountId: org.id });
    const loner = await signIn(t.app, await createUser(t.db));
    await setDisabled(org.id, true);
    expect((await me(engineer)).status).toBe(200);
    expect((await me(loner.authorization)).status).toBe(200);
    expect((await login((await createUser(t.db)).email)).statusCode).toBe(200);
  });
});
