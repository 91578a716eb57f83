/** Calls of the conversations API shared by its test files (through the real app). */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { App } from "../../app";
import { accounts } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import type { Frame } from "./chat-test-client";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function call(app: App, authorization: string, method: Method, url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.json() as Frame, raw: res.body };
}

/**
 * A test file's app and cast: built before its tests (listening too with `listen`, for
 * WebSocket clients at `base`) and closed after them; `call` and `status` go to that app.
 */
export function castSuite(opts: { listen?: boolean } = {}) {
  const suite = {
    t: undefined as unknown as TestContext,
    cast: undefined as unknown as Cast,
    base: "",
    call: (authorization: string, method: Method, url: string, payload?: object) =>
      call(suite.t.app, authorization, method, url, payload),
    status: (authorization: string, method: Method, url: string) =>
      statusOf(suite.t.app, authorization, method, url),
  };
  beforeAll(async () => {
    suite.t = await createTestApp();
    if (opts.listen) suite.base = await suite.t.app.listen({ port: 0, host: "127.0.0.1" });
    suite.cast = await createCast(suite.t);
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** The status of a call that may answer 204 (no body to parse). */
export async function statusOf(app: App, authorization: string, method: Method, url: string) {
  return (await app.inject({ method, url, headers: { authorization } })).statusCode;
}

/** What an engineers-only route answers anyone else. */
export const ENGINEERS_ONLY = { error: "Only vendor engineers can do this", status: 403 };

/** Opens an issue and returns its number; fails the test on anything but 201. */
export async function openIssue(
  app: App,
  authorization: string,
  accountId: number,
  title = "Cluster degraded",
  message = "Node 3 is down",
): Promise<number> {
  const res = await call(app, authorization, "POST", "/api/chat/issue", { title, accountId, message });
  if (res.status !== 201) throw new Error(`open issue: ${res.status} ${res.raw}`);
  return res.body.conversation.issue.issue_number as number;
}

export async function post(app: App, authorization: string, issueNumber: number, body: string) {
  const res = await call(app, authorization, "POST", `/api/chat/issue/${issueNumber}`, { body });
  if (res.status !== 201) throw new Error(`post: ${res.status} ${res.raw}`);
  return res.body.message as Frame;
}

/**
 * The people of the tests: organization A (an enterprise plan) with an owner and a plain user,
 * organization B with an owner, an engineer and an admin; each signed in.
 */
export async function createCast(t: TestContext) {
  const orgA = await createAccount(t.db);
  const orgB = await createAccount(t.db);
  await t.db.update(accounts).set({ serviceType: "ENTERPRISE" }).where(eq(accounts.id, orgA.id));
  const login = async (opts: Parameters<typeof createUser>[1]) => {
    const user = await createUser(t.db, opts);
    return { id: user.id, authorization: (await signIn(t.app, user)).authorization };
  };
  const ownerA = await login({ accountId: orgA.id, role: "owner", name: "Olga Owner" });
  const userA = await login({ accountId: orgA.id, role: "user", name: "Una User" });
  const ownerB = await login({ accountId: orgB.id, role: "owner", name: "Bob B" });
  const engineer = await login({ accountId: 1, role: "engineer", name: "Erin Engineer" });
  const admin = await login({ accountId: 1, role: "admin", name: "Ada Admin" });
  return {
    orgA,
    orgB,
    ownerA: ownerA.authorization,
    userA: userA.authorization,
    userAId: userA.id,
    ownerB: ownerB.authorization,
    engineer: engineer.authorization,
    engineerId: engineer.id,
    admin: admin.authorization,
  };
}
export type Cast = Awaited<ReturnType<typeof createCast>>;
