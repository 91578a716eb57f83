/**
 * The alert routes: a user's own alerts by page, the bell's summary, reading one or all (live in
 * every tab), the alert types, categories and subscriptions, and the admins' TNC announcement.
 */
import { ALERT_TYPE_CODES } from "@portico/shared/schemas/alerts";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alertSubscriptions, alerts, users } from "../../db/schema";
import { createAccount, createUser } from "../../test/helper";
import { raiseAlerts } from "./alerts.service";
import { alertSuite, type Person } from "./alerts-test-kit";

const s = alertSuite();
const { person, call } = s;

let customer: Person;
let stranger: Person;
let engineer: Person;
let admin: Person;

beforeAll(async () => {
  const orgA = (await createAccount(s.t.db)).id;
  const orgB = (await createAccount(s.t.db)).id;
  customer = await person({ accountId: orgA, role: "owner", name: "Olga Owner" });
  stranger = await person({ accountId: orgB, role: "owner", name: "Bob B" });
  engineer = await person({ accountId: 1, role: "engineer", name: "Erin Engineer" });
  admin = await person({ accountId: 1, role: "admin", name: "Ada Admin" });
});
beforeEach(async () => {
  await s.t.db.delete(alerts);
  await s.t.db.delete(alertSubscriptions);
});

/** Gives `who` alerts of `type`, one at a time (so ids and times follow the order given). */
async function give(who: Person, type: (typeof ALERT_TYPE_CODES)[number], ...messages: string[]) {
  const ids: number[] = [];
  for (const message of messages) {
    const [raised] = await s.t.db.transaction((tx) =>
      raiseAlerts(tx, { type, userIds: [who.id], message, link: "/somewhere" }),
    );
    if (!raised) throw new Error(`no ${type} alert for ${who.id}`);
    ids.push(raised.alert.alert_id);
  }
  return ids;
}
describe("GET /api/chat/alerts", () => {
  it("pages the viewer's own alerts newest first, with totals and the unread count", async () => {
    await give(customer, "ISSUE_REPLY", "a1", "a2", "a3");
    await give(customer, "MEETING", "m1");
    await give(stranger, "ISSUE_REPLY", "not yours");
    const first = await call(customer, "GET", "/api/chat/alerts?page=1&page_size=3");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 4, page: 1, page_size: 3, unread: 4 });
    expect(first.body.items.map((a: { message: string }) => a.message)).toEqual(["m1", "a3", "a2"]);
    expect(first.body.items[0]).toEqual({
      alert_id: expect.any(Number),
      type: "MEETING",
      category: "planning",
      message: "m1",
      detail: null,
      link: "/somewhere",
      issue_number: null,
      created_at: expect.any(String),
      read_at: null,
    });
    const second = await call(customer, "GET", "/api/chat/alerts?page=2&page_size=3");
    expect(second.body.items.map((a: { message: string }) => a.message)).toEqual(["a1"]);
  });

  it("filters unread alerts and a category", async () => {
    const [read] = await give(customer, "ISSUE_REPLY", "read one", "unread one");
    await give(customer, "TODO_DUE", "todo");
    await call(customer, "PUT", `/api/chat/alert/${read}`, { read: true });
    const unread = await call(customer, "GET", "/api/chat/alerts?unread=true");
    expect(unread.body.items.map((a: { message: string }) => a.message)).toEqual(["todo", "unread one"]);
    expect(unread.body).toMatchObject({ total: 2, unread: 2 });
    const issues = await call(customer, "GET", "/api/chat/alerts?category=issues");
    expect(issues.body.items.map((a: { message: string }) => a.message)).toEqual(["unread one", "read one"]);
    const both = await call(customer, "GET", "/api/chat/alerts?category=issues&unread=true");
    expect(both.body).toMatchObject({ total: 1, unread: 2 });
  });

  it("refuses a bad page or category with 400 and the alert routes' code", async () => {
    expect(await call(customer, "GET", "/api/chat/alerts?page=0")).toMatchObject({
      status: 400,
      body: { code: 99999 },
    });
    expect((await call(customer, "GET", "/api/chat/alerts?category=nope")).status).toBe(400);
  });
});

describe("GET /api/chat/alerts/summary", () => {
  it("counts unread by category and carries the newest unread TNC alert", async () => {
    await give(customer, "ISSUE_REPLY", "r1", "r2");
    await give(customer, "MEETING", "m1");
    const empty = await call(customer, "GET", "/api/chat/alerts/summary");
    expect(empty.body).toEqual({
      unread: 3,
      by_category: { issues: 2, planning: 1, clusters: 0, account: 0 },
      tnc: null,
    });
    const [older, newer] = await give(customer, "TNC_UPDATE", "old terms", "new terms");
    const withTnc = await call(customer, "GET", "/api/chat/alerts/summary");
    expect(withTnc.body.by_category.account).toBe(2);
    expect(withTnc.body.tnc).toMatchObject({ alert_id: newer, type: "TNC_UPDATE", message: "new terms" });
    await call(customer, "PUT", `/api/chat/alert/${newer}`, { read: true });
    expect((await call(customer, "GET", "/api/chat/alerts/summary")).body.tnc.alert_id).toBe(older);
    await call(customer, "PUT", `/api/chat/alert/${older}`, { read: true });
    expect((await call(customer, "GET", "/api/chat/alerts/summary")).body.tnc).toBeNull();
  });
});

describe("reading alerts", () => {
  it("PUT alert/:id marks one read or unread again and tells the user's tabs the new count", async () => {
    const [one] = await give(customer, "ISSUE_REPLY", "one", "two");
    const tab = await s.listen(customer);
    const res = await call(customer, "PUT", `/api/chat/alert/${one}`, { read: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alert_id: one, read_at: expect.any(String) });
    expect(await tab.next((f) => f.type === "alerts-read")).toEqual({
      type: "alerts-read",
      channel: `user:${customer.id}`,
      unread: 1,
    });
    const again = await call(customer, "PUT", `/api/chat/alert/${one}`, { read: true });
    expect(again.body.read_at).toBe(res.body.read_at);
    const unread = await call(customer, "PUT", `/api/chat/alert/${one}`, { read: false });
    expect(unread.body.read_at).toBeNull();
    expect((await call(customer, "GET", "/api/chat/alerts/summary")).body.unread).toBe(2);
  });

  it("another user's alert is not found, and stays unread", async () => {
    const [theirs] = await give(stranger, "ISSUE_REPLY", "theirs");
    for (const who of [customer, engineer, admin]) {
      expect(await call(who, "PUT", `/api/chat/alert/${theirs}`, { read: true })).toMatchObject({
        status: 404,
        body: { error: "Alert not found", code: 99999 },
      });
    }
    expect((await call(customer, "PUT", "/api/chat/alert/999999999", { read: true })).status).toBe(404);
    const [row] = await s.t.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, theirs ?? 0));
    expect(row?.readAt).toBeNull();
  });

  it("POST alerts/read-all reads the viewer's alerts only, with the alerts-read frame", async () => {
    await give(customer, "ISSUE_REPLY", "x", "y");
    await give(stranger, "ISSUE_REPLY", "z");
    const tab = await s.listen(customer);
    expect(await call(customer, "POST", "/api/chat/alerts/read-all")).toMatchObject({
      status: 200,
      body: { unread: 0 },
    });
    expect(await tab.next((f) => f.type === "alerts-read")).toMatchObject({ unread: 0 });
    expect((await call(customer, "GET", "/api/chat/alerts?unread=true")).body.total).toBe(0);
    expect((await call(stranger, "GET", "/api/chat/alerts/summary")).body.unread).toBe(1);
  });
});

describe("alert types, categories and subscriptions", () => {
  it("lists every type and category", async () => {
    const types = await call(customer, "GET", "/api/alert-types");
    expect(types.body.map((x: { type: string }) => x.type)).toEqual(ALERT_TYPE_CODES);
    expect(types.body).toContainEqual({
      type: "PANIC",
      name: "Panic issues",
      category: "issues",
      mandatory: true,
      engineers_only: true,
    });
    expect((await call(customer, "GET", "/api/alert-categories")).body).toEqual([
      { category: "issues", name: "Issues" },
      { category: "planning", name: "Planning" },
      { category: "clusters", name: "Clusters" },
      { category: "account", name: "Account" },
    ]);
  });

  it("shows each user the types they can get, on by default; a change sticks and is theirs only", async () => {
    const mine = await call(customer, "GET", "/api/alert-subscriptions");
    expect(mine.body.map((s: { type: string }) => s.type)).toEqual([
      "ISSUE_REPLY",
      "MENTION",
      "MEETING",
      "TODO_DUE",
      "CLUSTER_CHECK",
      "CLUSTER_NOT_REPORTING",
      "NOTICE",
      "TNC_UPDATE",
    ]);
    expect(mine.body.every((s: { enabled: boolean }) => s.enabled)).toBe(true);
    const engineers = await call(engineer, "GET", "/api/alert-subscriptions");
    expect(engineers.body).toContainEqual({ type: "PANIC", enabled: true, mandatory: true });
    const off = await call(customer, "PUT", "/api/alert-subscriptions", { type: "MEETING", enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toContainEqual({ type: "MEETING", enabled: false, mandatory: false });
    expect((await call(customer, "GET", "/api/alert-subscriptions")).body).toContainEqual({
      type: "MEETING",
      enabled: false,
      mandatory: false,
    });
    expect((await call(stranger, "GET", "/api/alert-subscriptions")).body).toContainEqual({
      type: "MEETING",
      enabled: true,
      mandatory: false,
    });
    const on = await call(customer, "PUT", "/api/alert-subscriptions", { type: "MEETING", enabled: true });
    expect(on.body).toContainEqual({ type: "MEETING", enabled: true, mandatory: false });
  });

  it("refuses to turn off a mandatory type, an engineers-only type for a customer, an unknown type", async () => {
    for (const type of ["PANIC", "TNC_UPDATE"]) {
      expect(await call(engineer, "PUT", "/api/alert-subscriptions", { type, enabled: false })).toMatchObject(
        {
          status: 400,
          body: { error: "This alert cannot be turned off", code: 99999 },
        },
      );
    }
    expect(
      await call(customer, "PUT", "/api/alert-subscriptions", { type: "ISSUE_ASSIGNED", enabled: false }),
    ).toMatchObject({ status: 400, body: { error: "Unknown alert type" } });
    expect(
      await call(customer, "PUT", "/api/alert-subscriptions", { type: "NOPE", enabled: false }),
    ).toMatchObject({ status: 400, body: { error: "Unknown alert type" } });
    expect(await s.t.db.select().from(alertSubscriptions)).toEqual([]);
  });
});

describe("POST /api/alerts/tnc", () => {
  const body = { terms_type: "enterprise", effective_date: "2026-12-31" };

  it("admins only: an engineer or a customer gets 403 and nobody is alerted", async () => {
    for (const who of [engineer, customer]) {
      expect(await call(who, "POST", "/api/alerts/tnc", body)).toMatchObject({
        status: 403,
        body: { error: "Only vendor admins can do this", code: 99999 },
      });
    }
    expect(await s.t.db.select().from(alerts)).toEqual([]);
  });

  it("alerts every enabled user at once, live, and the summary carries it until read", async () => {
    const disabled = await createUser(s.t.db, { disabled: true });
    const tab = await s.listen(customer);
    const res = await call(admin, "POST", "/api/alerts/tnc", body);
    expect(res.status).toBe(200);
    const enabled = (await s.t.db.execute(
      sql`select count(*)::int as n from ${users} where not is_disabled`,
    )) as unknown as { rows: { n: number }[] };
    expect(res.body).toEqual({ alerted: enabled.rows[0]?.n });
    const rows = await s.t.db.select().from(alerts);
    expect(rows.map((r) => r.userId)).not.toContain(disabled.id);
    expect(rows.map((r) => r.userId)).toEqual(expect.arrayContaining([customer.id, admin.id, engineer.id]));
    const frame = await tab.next((f) => f.type === "alert");
    expect(frame).toMatchObject({
      unread: 1,
      alert: {
        type: "TNC_UPDATE",
        category: "account",
        message: "Please review the revised Terms and Conditions.",
        link: "/terms-and-conditions/enterprise/2026-12-31",
      },
    });
    const summary = await call(customer, "GET", "/api/chat/alerts/summary");
    expect(summary.body.tnc).toMatchObject({ alert_id: frame.alert.alert_id });
    await call(customer, "PUT", `/api/chat/alert/${frame.alert.alert_id}`, { read: true });
    expect((await call(customer, "GET", "/api/chat/alerts/summary")).body.tnc).toBeNull();
  });

  it("refuses a malformed date or terms type", async () => {
    expect(
      await call(admin, "POST", "/api/alerts/tnc", { terms_type: "enterprise", effective_date: "tomorrow" }),
    ).toMatchObject({ status: 400, body: { error: "effective_date must be a date like 2026-12-31" } });
    expect((await call(admin, "POST", "/api/alerts/tnc", { ...body, terms_type: "gold" })).status).toBe(400);
  });
});

describe("without a token", () => {
  it("every alert route answers 401", async () => {
    for (const [method, url] of [
      ["GET", "/api/chat/alerts"],
      ["GET", "/api/chat/alerts/summary"],
      ["POST", "/api/chat/alerts/read-all"],
      ["PUT", "/api/chat/alert/1"],
      ["GET", "/api/alert-types"],
      ["GET", "/api/alert-categories"],
      ["GET", "/api/alert-subscriptions"],
      ["PUT", "/api/alert-subscriptions"],
      ["POST", "/api/alerts/tnc"],
    ] as const) {
      expect((await s.t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
