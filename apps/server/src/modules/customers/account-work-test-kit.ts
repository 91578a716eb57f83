/** The people and calls of the account-work tests (through the real app). */
import { afterAll, beforeAll } from "vitest";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { openIssue } from "../conversations/test-fixtures";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Organization A (an owner, a plain user, an issue) and B (an owner, an issue); two engineers,
 * an admin and a disabled engineer of the vendor. Everyone who can sign in is signed in.
 */
async function createCast(t: TestContext) {
  const orgA = await createAccount(t.db);
  const orgB = await createAccount(t.db);
  const login = async (opts: Parameters<typeof createUser>[1]) => {
    const user = await createUser(t.db, opts);
    return { id: user.id, authorization: (await signIn(t.app, user)).authorization };
  };
  const ownerA = await login({ accountId: orgA.id, role: "owner", name: "Olga Owner" });
  const userA = await login({ accountId: orgA.id, role: "user", name: "Una User" });
  const ownerB = await login({ accountId: orgB.id, role: "owner", name: "Bob B" });
  const engineer = await login({ accountId: 1, role: "engineer", name: "Erin Engineer" });
  const engineer2 = await login({ accountId: 1, role: "engineer", name: "Eve Engineer" });
  const admin = await login({ accountId: 1, role: "admin", name: "Ada Admin" });
  const disabledEngineer = await createUser(t.db, {
    accountId: 1,
    role: "engineer",
    name: "Dan Disabled",
    disabled: true,
  });
  return {
    orgA,
    orgB,
    ownerA,
    userA,
    ownerB,
    engineer,
    engineer2,
    admin,
    disabledEngineerId: disabledEngineer.id,
    issueA: await openIssue(t.app, ownerA.authorization, orgA.id, "Slow reads"),
    issueB: await openIssue(t.app, ownerB.authorization, orgB.id, "Slow writes"),
  };
}
export type Cast = Awaited<ReturnType<typeof createCast>>;

/** A test file's app and cast, built before its tests and closed after them. */
export function accountWorkSuite() {
  const suite = {
    t: undefined as unknown as TestContext,
    cast: undefined as unknown as Cast,
    async call(authorization: string | null, method: Method, url: string, payload?: object) {
      const res = await suite.t.app.inject({
        method,
        url: `/api/auth${url}`,
        headers: authorization ? { authorization } : {},
        ...(payload === undefined ? {} : { payload }),
      });
      return { status: res.statusCode, body: res.body ? res.json() : undefined };
    },
  };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.cast = await createCast(suite.t);
  });
  afterAll(() => suite.t.close());
  return suite;
}
