/**
 * Every engineer-only route of the vendor's console, taken from the server's own route table,
 * called by a customer (the owner of the very organization it names) with a valid request:
 * each answers 403 and no row of any table changes. A route added under the console's paths is
 * walked without being listed here; only the few routes customers may call are named.
 */
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { accountEngineers, accountFollowers, accountUseCases, timeLogs, useCases } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";

/**
 * The console's paths: organizations and their work, user actions, use cases, time logs, reports;
 * and under /api/chat the issues report and engineer activity.
 */
const CONSOLE_PATH =
  /^\/api\/(auth\/(accounts?\/|accountsinfo(\/|$)|set-|users(\/|$)|use-cases(\/|$)|time-logs(\/|$)|purge(\/|$)|feedback(\/|$)|system-alerts(\/|$)|notices(\/|$)|reports\/)|chat\/(reports(\/|$)|users\/activity(\/|$)))/;

/** What a customer may call there (each route's own tests hold its rules for customers). */
const CUSTOMER_MAY_CALL = [
  "GET /api/auth/accountsinfo",
  "GET /api/auth/accountsinfo/:id",
  "GET /api/auth/use-cases",
  "GET /api/auth/accounts/:id/engineers",
  // Owners act on their own organization.
  "DELETE /api/auth/users",
  "POST /api/auth/set-account-owner",
  // Anyone signed in sends feedback; only engineers read it.
  "POST /api/auth/feedback",
];

/** The routes the issue names as engineers' (the walk must find at least these). */
const NAMED_ENGINEER_ONLY = [
  "GET /api/auth/accountsinfo/export",
  "POST /api/auth/set-admin",
  "POST /api/auth/set-team",
  "POST /api/auth/users/:id/disable",
  "POST /api/auth/users/:id/mfa",
  "GET /api/auth/accounts/:id/history",
  "GET /api/auth/accounts/:id/time-logs",
  "POST /api/auth/accounts/:id/time-logs",
  "PUT /api/auth/accounts/:id/engineers",
  "POST /api/auth/accounts/:id/follow",
  "PUT /api/auth/accounts/:id/use-cases",
  "GET /api/auth/accounts/:id/alerts",
  "POST /api/auth/use-cases",
  "DELETE /api/auth/use-cases/:id",
  "POST /api/auth/accounts/:id",
  "DELETE /api/auth/accounts/:id",
  "POST /api/auth/account/:id",
  "GET /api/auth/feedback",
  "GET /api/auth/accounts/:id/purge-info",
  "POST /api/auth/accounts/:id/purge",
  "GET /api/auth/purge",
  "GET /api/auth/purge/:id",
  "GET /api/auth/system-alerts",
  "POST /api/auth/system-alerts",
  "PUT /api/auth/system-alerts/:id",
  "POST /api/auth/system-alerts/:id/clear",
  "GET /api/auth/users",
  "GET /api/auth/reports/accounts",
  "GET /api/auth/reports/accounts/capacity",
  "GET /api/auth/reports/accounts/export",
  "GET /api/auth/reports/clusters",
  "GET /api/auth/reports/clusters/export",
  "GET /api/chat/reports",
  "GET /api/chat/reports/export",
];

/** Tables the console's commands change (the snapshot holds every table; these must be among them). */
const TOUCHED_TABLES = [
  "accounts",
  "memberships",
  "users",
  "sessions",
  "account_audit",
  "time_logs",
  "use_cases",
  "account_use_cases",
  "account_followers",
  "account_engineers",
  "mail_outbox",
];

let t: TestContext;
let ownerAuth: string;
/** Path parameters: the customer's own organization, its plain user, its time log, its use case. */
let paramsFor: (url: string) => Record<string, string>;
/** A valid body for each route that takes one. */
let bodies: Record<string, object>;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createAccount(t.db);
  const owner = await createUser(t.db, { accountId: org.id, role: "owner" });
  const member = await createUser(t.db, { accountId: org.id, role: "user" });
  const newcomer = await createUser(t.db);
  const engineer = await createUser(t.db, { accountId: 1, role: "engineer" });
  ownerAuth = (await signIn(t.app, owner)).authorization;

  // Something of each kind for the routes to change or remove.
  const [log] = await t.db
    .insert(timeLogs)
    .values({ accountId: org.id, userId: engineer.id, workDate: "2026-01-05", minutes: 30 })
    .returning();
  const [useCase] = await t.db.insert(useCases).values({ name: "Walker use case" }).returning();
  if (!log || !useCase) throw new Error("fixture insert failed");
  await t.db.insert(accountUseCases).values({ accountId: org.id, useCaseId: useCase.id });
  await t.db.insert(accountFollowers).values({ accountId: org.id, userId: engineer.id });
  await t.db
    .insert(accountEngineers)
    .values({ accountId: org.id, userId: engineer.id, role: "account_manager" });

  // A user route names the organization's plain user, a use-case route the use case.
  paramsFor = (url) => ({
    id: String(
      url.startsWith("/api/auth/users/")
        ? member.id
        : url.startsWith("/api/auth/use-cases/")
          ? useCase.id
          : org.id,
    ),
    logId: String(log.id),
  });
  bodies = {
    "POST /api/auth/set-admin": { user_id: member.id, admin: true },
    "POST /api/auth/set-team": { user_id: newcomer.id, account_id: org.id },
    "POST /api/auth/users/:id/disable": { disable: true },
    "POST /api/auth/users/:id/mfa": { enable_mfa: true },
    "POST /api/auth/accounts/:id": { version: 1, is_trial: true, notes_link: "https://notes.example/acme" },
    "POST /api/auth/account/:id": { disable: true },
    "POST /api/auth/accounts/:id/purge": { company: org.company, reason: "Walker" },
    "POST /api/auth/system-alerts": { level: "critical", message: "Walker outage" },
    "PUT /api/auth/system-alerts/:id": { level: "info", message: "Walker edit" },
    "POST /api/auth/notices": { title: "Walker", body: "Hello", audience: "accounts", account_ids: [org.id] },
    "POST /api/auth/notices/preview": { audience: "accounts", account_ids: [org.id] },
    "POST /api/auth/accounts/:id/time-logs": { work_date: "2026-01-06", minutes: 45, note: "call" },
    "PUT /api/auth/accounts/:id/engineers": {
      account_manager: null,
      field_architect: null,
      customer_engineer: null,
    },
    "PUT /api/auth/accounts/:id/use-cases": { use_case_ids: [] },
    "POST /api/auth/use-cases": { name: "Walker archive" },
    "PUT /api/auth/use-cases/:id": { name: "Renamed", description: "" },
    "POST /api/auth/accounts/:id/licence": {
      plan: "Enterprise",
      capacity_tib: 10,
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  };
});
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The console's routes of the table (HEAD twins of GETs aside). */
const consoleRoutes = () =>
  t.app.routeTable.filter((r) => CONSOLE_PATH.test(r.url) && !r.public && r.method !== "HEAD");

const engineerOnlyRoutes = () => consoleRoutes().filter((r) => !CUSTOMER_MAY_CALL.includes(key(r)));

/** Every row of every table, as sorted JSON per table: a change anywhere shows. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const entries = await Promise.all(
    tables.map(async (table) => {
      const rows = await t.db.select().from(table);
      return [getTableName(table), rows.map((row) => JSON.stringify(row)).sort()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe("the console's engineer-only routes, called by a customer", () => {
  it("are found in the route table by their paths, with every route the issue names among them", () => {
    const walked = engineerOnlyRoutes().map(key);
    expect(walked).toEqual(expect.arrayContaining(NAMED_ENGINEER_ONLY));
    const console = consoleRoutes().map(key);
    expect(console).toEqual(expect.arrayContaining(CUSTOMER_MAY_CALL));
  });

  it("answer 403 to the owner of the organization they name, and change nothing", async () => {
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(TOUCHED_TABLES));
    const answers = [];
    for (const route of engineerOnlyRoutes()) {
      const values = paramsFor(route.url);
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => values[name] ?? "1");
      const body = bodies[key(route)];
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        headers: { authorization: ownerAuth },
        ...(body ? { payload: body } : {}),
      });
      answers.push({ route: key(route), status: res.statusCode, answer: res.body.slice(0, 200) });
    }
    // A 400 here means the walk's request is not valid for the route: give it a body above.
    expect(answers.filter((a) => a.status !== 403)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
