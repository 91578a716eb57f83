import { TODO_MESSAGES } from "@portico/shared/schemas/todos";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, jobs, todos } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { ChatTestClient } from "../conversations/chat-test-client";
import { call as callAs, type Method, openIssue, post, statusOf } from "../conversations/test-fixtures";
import { TODO_DUE_JOB } from "./todos.jobs";

interface Person {
  id: number;
  name: string;
  authorization: string;
}

async function person(
  t: TestContext,
  opts: Parameters<typeof createUser>[1] & { name: string },
): Promise<Person> {
  const u = await createUser(t.db, opts);
  return { id: u.id, name: opts.name, authorization: (await signIn(t.app, u)).authorization };
}

/** yyyy-mm-dd, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let t: TestContext;
let base: string;
let orgA: number;
let orgB: number;
let owner: Person;
let user: Person;
let disabled: Person;
let outsider: Person;
let engineer: Person;
let issueA: number;
let issueB: number;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  orgA = (await createAccount(t.db)).id;
  orgB = (await createAccount(t.db)).id;
  owner = await person(t, { accountId: orgA, role: "owner", name: "Olga Owner" });
  user = await person(t, { accountId: orgA, role: "user", name: "Una User" });
  const d = await createUser(t.db, { accountId: orgA, role: "user", name: "Dora Disabled", disabled: true });
  disabled = { id: d.id, name: "Dora Disabled", authorization: "" };
  outsider = await person(t, { accountId: orgB, role: "owner", name: "Bob B" });
  engineer = await person(t, { accountId: 1, role: "engineer", name: "Erin Engineer" });
  issueA = await openIssue(t.app, owner.authorization, orgA, "Pool degraded");
  await post(t.app, owner.authorization, issueA, "Disk 4 reports errors");
  issueB = await openIssue(t.app, outsider.authorization, orgB, "Replication lag");
});
afterAll(() => t.close());

const call = (as: Person, method: Method, url: string, payload?: object) =>
  callAs(t.app, as.authorization, method, url, payload);
const create = (as: Person, body: object, query = "") => call(as, "POST", `/api/chat/todos${query}`, body);
const update = (as: Person, id: number, body: object, query = "") =>
  call(as, "PUT", `/api/chat/todos/${id}${query}`, body);
const todoCount = async () => (await t.db.select({ n: count() }).from(todos))[0]?.n ?? 0;
const eventsOf = async (as: Person, issue: number) =>
  ((await call(as, "GET", `/api/chat/issue/${issue}/events`)).body.items as { data: object }[]).map(
    (e) => e.data,
  );

describe("creating todos", () => {
  it("creates a todo linked to an issue message, with an owner and a due date; the event shows on the issue", async () => {
    const res = await create(owner, {
      title: "Replace disk 4",
      description: "Order the part first",
      owner_id: user.id,
      issue_number: issueA,
      msg_index: 2,
      due_date: day(3),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: orgA,
      title: "Replace disk 4",
      description: "Order the part first",
      owner: { user_id: user.id, name: "Una User" },
      issue_number: issueA,
      msg_index: 2,
      due_date: day(3),
      is_done: false,
      done_at: null,
      overdue: false,
      created_by: { user_id: owner.id, name: "Olga Owner" },
    });
    expect(await eventsOf(owner, issueA)).toContainEqual({
      type: "todo_created",
      todo_id: res.body.id,
      title: "Replace disk 4",
    });
  });

  it("an engineer creates one on a customer's issue without aid: it goes to the issue's account", async () => {
    const res = await create(engineer, {
      title: "Check firmware",
      issue_number: issueB,
      owner_id: engineer.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: orgB,
      issue_number: issueB,
      owner: { user_id: engineer.id },
    });
  });

  it.each<[string, () => [Person, object, string], number, string]>([
    [
      "another account's issue",
      () => [owner, { title: "x", issue_number: issueB }, ""],
      404,
      "Issue not found",
    ],
    [
      "an issue of another account than aid (engineer)",
      () => [engineer, { title: "x", issue_number: issueB }, `?aid=${orgA}`],
      404,
      "Issue not found",
    ],
    [
      "an issue that does not exist",
      () => [owner, { title: "x", issue_number: 999_999 }, ""],
      404,
      "Issue not found",
    ],
    [
      "a message index past the last message",
      () => [owner, { title: "x", issue_number: issueA, msg_index: 3 }, ""],
      400,
      "msg_index is past the last message (2)",
    ],
    [
      "a message index without an issue",
      () => [owner, { title: "x", msg_index: 1 }, ""],
      400,
      TODO_MESSAGES.msgIndexNeedsIssue,
    ],
    [
      "an owner from another account",
      () => [owner, { title: "x", owner_id: outsider.id }, ""],
      400,
      TODO_MESSAGES.ownerCannotSee,
    ],
    [
      "a disabled owner",
      () => [owner, { title: "x", owner_id: disabled.id }, ""],
      400,
      TODO_MESSAGES.ownerCannotSee,
    ],
    [
      "an unknown owner",
      () => [owner, { title: "x", owner_id: 999_999 }, ""],
      400,
      TODO_MESSAGES.ownerCannotSee,
    ],
    [
      "a malformed due date",
      () => [owner, { title: "x", due_date: "31/12/2026" }, ""],
      400,
      TODO_MESSAGES.dueDate,
    ],
    ["no title", () => [owner, { title: " " }, ""], 400, TODO_MESSAGES.titleRequired],
    [
      "another account's aid (customer)",
      () => [owner, { title: "x" }, `?aid=${orgB}`],
      403,
      "You do not have access to this account",
    ],
    [
      "an account that does not exist (engineer)",
      () => [engineer, { title: "x" }, "?aid=999999"],
      404,
      "Account not found",
    ],
  ])("refuses %s and records nothing", async (_label, input, status, message) => {
    const [as, body, query] = input();
    const before = await todoCount();
    const res = await create(as, body, query);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(message);
    expect(await todoCount()).toBe(before);
  });

  it("takes an engineer as owner of a customer's todo", async () => {
    const res = await create(owner, { title: "Call back", owner_id: engineer.id });
    expect(res.status).toBe(201);
    expect(res.body.owner).toEqual({ user_id: engineer.id, name: "Erin Engineer" });
  });
});

describe("changing and deleting todos", () => {
  it("a plain member edits, marks done (event todo_done, done_at) and reopens; null clears owner and due date", async () => {
    const todo = (
      await create(owner, { title: "Swap cable", issue_number: issueA, owner_id: owner.id, due_date: day(1) })
    ).body;
    const edited = await update(user, todo.id, { title: "Swap both cables", owner_id: null, due_date: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "Swap both cables", owner: null, due_date: null });
    const done = await update(user, todo.id, { is_done: true });
    expect(done.body.is_done).toBe(true);
    expect(done.body.done_at).not.toBeNull();
    expect(await eventsOf(owner, issueA)).toContainEqual({
      type: "todo_done",
      todo_id: todo.id,
      title: "Swap both cables",
    });
    const again = await update(user, todo.id, { is_done: true });
    expect(again.body.done_at).toBe(done.body.done_at);
    const reopened = await update(engineer, todo.id, { is_done: false });
    expect(reopened.body).toMatchObject({ is_done: false, done_at: null });
    const events = await eventsOf(owner, issueA);
    expect(
      events.filter((e) => "todo_id" in e && e.todo_id === todo.id && "type" in e && e.type === "todo_done"),
    ).toHaveLength(1);
  });

  it("refuses an empty change and an owner who cannot see the account", async () => {
    const todo = (await create(owner, { title: "Label drives" })).body;
    const empty = await update(owner, todo.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(TODO_MESSAGES.nothingToChange);
    const foreign = await update(owner, todo.id, { owner_id: outsider.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe(TODO_MESSAGES.ownerCannotSee);
  });

  it("another account's todo is not found (404) to change or delete, and stays as it was", async () => {
    const todo = (await create(owner, { title: "Keep me" })).body;
    for (const [method, payload] of [
      ["PUT", { title: "Taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(outsider, method, `/api/chat/todos/${todo.id}`, payload);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(TODO_MESSAGES.todoNotFound);
    }
    // An engineer narrowed to another account does not reach it either.
    expect((await update(engineer, todo.id, { title: "x" }, `?aid=${orgB}`)).status).toBe(404);
    const [row] = await t.db.select().from(todos).where(eq(todos.id, todo.id));
    expect(row?.title).toBe("Keep me");
  });

  it("deletes: 204, then 404", async () => {
    const todo = (await create(user, { title: "Short-lived" })).body;
    expect(await statusOf(t.app, user.authorization, "DELETE", `/api/chat/todos/${todo.id}`)).toBe(204);
    const gone = await update(user, todo.id, { title: "x" });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(TODO_MESSAGES.todoNotFound);
  });
});

describe("listing todos and the summary", () => {
  let orgC: number;
  let c1: Person;
  let c2: Person;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    orgC = (await createAccount(t.db)).id;
    c1 = await person(t, { accountId: orgC, role: "owner", name: "Cleo" });
    c2 = await person(t, { accountId: orgC, role: "user", name: "Cai" });
    const add = async (key: string, body: object) => {
      const res = await create(c1, { title: key, ...body });
      if (res.status !== 201) throw new Error(res.raw);
      ids[key] = res.body.id;
    };
    await add("later", { due_date: day(5), owner_id: c1.id });
    await add("none", {});
    await add("overdue", { due_date: day(-2), owner_id: c1.id });
    await add("today", { due_date: day(0), owner_id: c2.id });
    await add("done-first", { owner_id: c1.id });
    await add("done-second", {});
    await update(c1, ids["done-first"] ?? 0, { is_done: true });
    await update(c1, ids["done-second"] ?? 0, { is_done: true });
  });

  const titles = async (as: Person, query: string) =>
    ((await call(as, "GET", `/api/chat/todos${query}`)).body.items as { title: string }[]).map(
      (i) => i.title,
    );

  it("open: due date first, none last; done: the newest done first; all: open before done", async () => {
    expect(await titles(c1, "")).toEqual(["overdue", "today", "later", "none"]);
    expect(await titles(c1, "?status=done")).toEqual(["done-second", "done-first"]);
    expect(await titles(c1, "?status=all")).toEqual([
      "overdue",
      "today",
      "later",
      "none",
      "done-second",
      "done-first",
    ]);
    const list = (await call(c1, "GET", "/api/chat/todos")).body;
    expect(list.total).toBe(4);
    expect(list.items.find((i: { title: string }) => i.title === "overdue").overdue).toBe(true);
    expect(list.items.find((i: { title: string }) => i.title === "today").overdue).toBe(false);
  });

  it("filters by owner (me or an id) and issue, and pages", async () => {
    expect(await titles(c1, "?owner=me")).toEqual(["overdue", "later"]);
    expect(await titles(c1, `?owner=${c2.id}`)).toEqual(["today"]);
    expect(await titles(owner, `?issue_number=${issueA}&status=all`)).toEqual(
      expect.arrayContaining(["Replace disk 4", "Swap both cables"]),
    );
    const page = (await call(c1, "GET", "/api/chat/todos?page=2&page_size=3")).body;
    expect(page).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page.items.map((i: { title: string }) => i.title)).toEqual(["none"]);
  });

  it("a customer lists their own account's only; an engineer every account's, or one with aid", async () => {
    expect(await titles(outsider, "?status=all")).toEqual(["Check firmware"]);
    expect((await call(outsider, "GET", `/api/chat/todos?aid=${orgC}`)).status).toBe(403);
    expect((await titles(engineer, `?aid=${orgC}&status=all`)).sort()).toEqual(
      ["done-first", "done-second", "later", "none", "overdue", "today"].sort(),
    );
    const all = (await call(engineer, "GET", "/api/chat/todos?status=all&page_size=100")).body;
    expect(new Set(all.items.map((i: { account_id: number }) => i.account_id))).toEqual(
      new Set([orgA, orgB, orgC]),
    );
  });

  it("counts open, overdue, due today and the viewer's own open ones", async () => {
    const summary = async (as: Person, query = "") =>
      (await call(as, "GET", `/api/chat/todos/summary${query}`)).body;
    expect(await summary(c1)).toEqual({ open: 4, overdue: 1, due_today: 1, mine: 2 });
    expect(await summary(c2)).toEqual({ open: 4, overdue: 1, due_today: 1, mine: 1 });
    expect(await summary(engineer, `?aid=${orgC}`)).toEqual({ open: 4, overdue: 1, due_today: 1, mine: 0 });
    expect((await call(outsider, "GET", `/api/chat/todos/summary?aid=${orgC}`)).status).toBe(403);
  });
});

describe("the TODO_DUE alert", () => {
  const dueJobs = (todoId: number) =>
    t.db
      .select({ runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, TODO_DUE_JOB), sql`${jobs.payload}->>'todo_id' = ${String(todoId)}`));
  const dueAlerts = (todoId: number) =>
    t.db
      .select({ userId: alerts.userId, message: alerts.message, link: alerts.link })
      .from(alerts)
      .where(and(eq(alerts.type, "TODO_DUE"), sql`${alerts.data}->>'todo_id' = ${String(todoId)}`));
  /** Lets the job's time come, then runs due jobs. */
  const arrive = async (todoId: number) => {
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, TODO_DUE_JOB), sql`${jobs.payload}->>'todo_id' = ${String(todoId)}`));
    await t.app.ctx.jobs.flush();
  };

  it("is planned at 08:00 UTC of the due date and raised once, to the owner", async () => {
    const todo = (await create(owner, { title: "Renew support", owner_id: user.id, due_date: day(2) })).body;
    const planned = await dueJobs(todo.id);
    expect(planned.map((j) => j.runAt.toISOString())).toEqual([`${day(2)}T08:00:00.000Z`]);
    await t.app.ctx.jobs.flush();
    expect(await dueAlerts(todo.id)).toEqual([]);
    const una = await ChatTestClient.connect(t.app, base, user.authorization);
    try {
      expect((await una.subscribe(`user:${user.id}`)).type).toBe("subscribed");
      await arrive(todo.id);
      expect(await dueAlerts(todo.id)).toEqual([
        { userId: user.id, message: `Todo due ${day(2)}: Renew support`, link: "/todos" },
      ]);
      // Pushed live once the job's transaction has committed.
      const frame = await una.next((f) => f.type === "alert");
      expect(frame).toMatchObject({
        channel: `user:${user.id}`,
        alert: { type: "TODO_DUE", category: "planning", message: `Todo due ${day(2)}: Renew support` },
      });
    } finally {
      await una.close();
    }
    expect(await dueJobs(todo.id)).toEqual([]);
    await t.app.ctx.jobs.flush();
    expect(await dueAlerts(todo.id)).toHaveLength(1);
  });

  it("goes to the creator when there is no owner, and at once for a date already past 08:00", async () => {
    const todo = (await create(user, { title: "Late already", due_date: day(-1) })).body;
    await t.app.ctx.jobs.flush();
    expect((await dueAlerts(todo.id)).map((a) => a.userId)).toEqual([user.id]);
  });

  it("is re-planned when the date changes (one job, the new date) and dropped when the date is cleared", async () => {
    const todo = (await create(owner, { title: "Move rack", due_date: day(4) })).body;
    await update(owner, todo.id, { title: "Move the rack" });
    expect((await dueJobs(todo.id)).map((j) => j.runAt.toISOString())).toEqual([`${day(4)}T08:00:00.000Z`]);
    await update(owner, todo.id, { due_date: day(6) });
    const planned = await dueJobs(todo.id);
    expect(planned.map((j) => j.runAt.toISOString())).toEqual([`${day(6)}T08:00:00.000Z`]);
    await arrive(todo.id);
    expect((await dueAlerts(todo.id)).map((a) => a.message)).toEqual([`Todo due ${day(6)}: Move the rack`]);
    await update(owner, todo.id, { due_date: day(8) });
    await update(owner, todo.id, { due_date: null });
    expect(await dueJobs(todo.id)).toEqual([]);
  });

  it("raises nothing for a todo done by then, and deleting a todo removes its job", async () => {
    const done = (await create(owner, { title: "Done early", due_date: day(1) })).body;
    await update(owner, done.id, { is_done: true });
    await arrive(done.id);
    expect(await dueAlerts(done.id)).toEqual([]);
    expect(await dueJobs(done.id)).toEqual([]);
    const deleted = (await create(owner, { title: "Dropped", due_date: day(1) })).body;
    expect(await dueJobs(deleted.id)).toHaveLength(1);
    expect(await statusOf(t.app, owner.authorization, "DELETE", `/api/chat/todos/${deleted.id}`)).toBe(204);
    expect(await dueJobs(deleted.id)).toEqual([]);
  });
});

describe("feature gating in production", () => {
  let prod: TestContext;
  let customer: Person;
  let vendorUser: Person;
  let staff: Person;
  let account: number;
  let issue: number;

  beforeAll(async () => {
    prod = await createTestApp({ DEPLOY_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" });
    account = (await createAccount(prod.db)).id;
    customer = await person(prod, { accountId: account, role: "owner", name: "Pia Prod" });
    vendorUser = await person(prod, { accountId: 1, role: "user", name: "Val Vendor" });
    staff = await person(prod, { accountId: 1, role: "engineer", name: "Sam Staff" });
    issue = await openIssue(prod.app, customer.authorization, account);
  });
  afterAll(() => prod.close());

  const prodCall = (as: Person, method: Method, url: string, payload?: object) =>
    callAs(prod.app, as.authorization, method, url, payload);

  it("refuses a customer account other than 1 on every todo route (403 notAvailable); engineers and vendor members pass", async () => {
    const made = await prodCall(staff, "POST", `/api/chat/todos?aid=${account}`, {
      title: "Engineers may",
      issue_number: issue,
    });
    expect(made.status).toBe(201);
    const routes: [Method, string, object?][] = [
      ["GET", "/api/chat/todos"],
      ["GET", "/api/chat/todos/summary"],
      ["POST", "/api/chat/todos", { title: "Not yet" }],
      ["PUT", `/api/chat/todos/${made.body.id}`, { title: "Not yet" }],
      ["DELETE", `/api/chat/todos/${made.body.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await prodCall(customer, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toBe(TODO_MESSAGES.notAvailable);
    }
    const [row] = await prod.db.select().from(todos).where(eq(todos.id, made.body.id));
    expect(row?.title).toBe("Engineers may");
    expect((await prodCall(staff, "GET", `/api/chat/todos?aid=${account}`)).body.total).toBe(1);
    expect((await prodCall(staff, "GET", "/api/chat/todos/summary")).status).toBe(200);
    expect((await prodCall(vendorUser, "POST", "/api/chat/todos", { title: "Vendor own" })).status).toBe(201);
    expect((await prodCall(vendorUser, "GET", "/api/chat/todos")).body.total).toBe(1);
  });
});
