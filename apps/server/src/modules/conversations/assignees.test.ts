/** Assignees: assigning engineers, suggestions by expertise, the queue's assignment filters and pushes. */
import { ASSIGNEES_PER_ISSUE_MAX, ISSUE_WORK_MESSAGES as M } from "@portico/shared/schemas/issue-work";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { engineerSettings, issueAssignees, users } from "../../db/schema";
import { createAccount, createUser, signIn } from "../../test/helper";
import { ChatTestClient, type Frame } from "./chat-test-client";
import { castSuite, ENGINEERS_ONLY, openIssue, post } from "./test-fixtures";

const ctx = castSuite({ listen: true });
const sockets: ChatTestClient[] = [];
afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map((c) => (c.socket.readyState === WebSocket.OPEN ? c.close() : undefined)),
  );
});

const { call } = ctx;

async function engineerWith(opts: { name?: string; categoryId?: number; available?: boolean } = {}) {
  const user = await createUser(ctx.t.db, { accountId: 1, role: "engineer", name: opts.name });
  if (opts.categoryId !== undefined) {
    await ctx.t.db.update(users).set({ expertiseCategoryId: opts.categoryId }).where(eq(users.id, user.id));
  }
  if (opts.available !== undefined) {
    await ctx.t.db.insert(engineerSettings).values({ userId: user.id, isAvailable: opts.available });
  }
  return { id: user.id, authorization: (await signIn(ctx.t.app, user)).authorization };
}
const assign = (issueNumber: number, userId: number, who = ctx.cast.engineer) =>
  call(who, "POST", `/api/chat/issue/${issueNumber}/assignees`, { user_id: userId });
const assigneeRows = async () =>
  (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(issueAssignees))[0]?.n;
const ids = (people: Frame[]) => people.map((p) => p.user_id);

describe("assigning", () => {
  it("an engineer assigns an engineer, who then follows the issue; the event is everyone's; again changes nothing", async () => {
    const erin = await engineerWith({ name: "Ed Assignee" });
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const res = await assign(n, erin.id);
    expect(res.status).toBe(200);
    expect(res.body.assignees).toEqual([
      { user_id: erin.id, name: "Ed Assignee", is_engineer: true, online: false, since: expect.any(String) },
    ]);
    expect((await assign(n, erin.id)).body.assignees).toHaveLength(1);

    const followers = (await call(erin.authorization, "GET", `/api/chat/issue/${n}/followers`)).body;
    expect(followers.following).toBe(true);

    for (const who of [ctx.cast.engineer, ctx.cast.ownerA]) {
      const detail = (await call(who, "GET", `/api/chat/issue/${n}`)).body;
      const assigned = detail.events.filter((e: Frame) => e.data.type === "assigned");
      expect(assigned).toHaveLength(1);
      expect(assigned[0]).toMatchObject({
        audience: "all",
        actor: { user_id: ctx.cast.engineerId },
        data: { user: { user_id: erin.id, name: "Ed Assignee" } },
      });
      expect(ids(detail.work.assignees)).toEqual([erin.id]);
    }
    // A customer reads the assignees, without suggestions.
    const seen = await call(ctx.cast.userA, "GET", `/api/chat/issue/${n}/assignees`);
    expect(seen).toMatchObject({ status: 200, body: { suggested: [] } });
    expect(ids(seen.body.assignees)).toEqual([erin.id]);
  });

  it("unassigns with an event; someone not assigned changes nothing; they keep following", async () => {
    const erin = await engineerWith();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await assign(n, erin.id);
    const url = `/api/chat/issue/${n}/assignees/${erin.id}`;
    expect((await call(ctx.cast.admin, "DELETE", url)).body.assignees).toEqual([]);
    expect((await call(ctx.cast.admin, "DELETE", url)).status).toBe(200);
    const detail = (await call(ctx.cast.ownerA, "GET", `/api/chat/issue/${n}`)).body;
    expect(detail.events.map((e: Frame) => e.data.type)).toEqual(["created", "assigned", "unassigned"]);
    expect(ids(detail.work.followers)).toContain(erin.id);
  });

  it("refuses a customer, an unknown user and a disabled engineer as assignee (400); nothing changes", async () => {
    const disabled = await engineerWith();
    await ctx.t.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const before = await assigneeRows();
    for (const [userId, error] of [
      [ctx.cast.userAId, M.notAnEngineer],
      [999_999, M.notAnEngineer],
      [disabled.id, M.engineerDisabled],
    ] as const) {
      expect(await assign(n, userId)).toMatchObject({ status: 400, body: { error, status: 400 } });
    }
    expect(await assigneeRows()).toBe(before);
    const detail = (await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}`)).body;
    expect(detail.events.map((e: Frame) => e.data.type)).toEqual(["created"]);
  });

  it(`refuses an assignee past ${ASSIGNEES_PER_ISSUE_MAX} (400)`, async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    for (let i = 0; i < ASSIGNEES_PER_ISSUE_MAX; i++) {
      expect((await assign(n, (await engineerWith()).id)).status).toBe(200);
    }
    expect(await assign(n, (await engineerWith()).id)).toMatchObject({
      status: 400,
      body: { error: M.tooManyAssignees },
    });
  });

  it("a customer may not assign or unassign (403) and nothing changes", async () => {
    const erin = await engineerWith();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await assign(n, erin.id);
    const before = await assigneeRows();
    for (const who of [ctx.cast.ownerA, ctx.cast.userA]) {
      expect(await assign(n, ctx.cast.engineerId, who)).toMatchObject({ status: 403, body: ENGINEERS_ONLY });
      expect(await call(who, "DELETE", `/api/chat/issue/${n}/assignees/${erin.id}`)).toMatchObject({
        status: 403,
        body: ENGINEERS_ONLY,
      });
    }
    expect(await assigneeRows()).toBe(before);
  });

  it("another account's issue is not found: its customer, or an engineer through another aid", async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const before = await assigneeRows();
    expect(await call(ctx.cast.ownerB, "GET", `/api/chat/issue/${n}/assignees`)).toMatchObject({
      status: 404,
      body: { error: "Issue not found" },
    });
    expect(
      await call(ctx.cast.engineer, "POST", `/api/chat/issue/${n}/assignees?aid=${ctx.cast.orgB.id}`, {
        user_id: ctx.cast.engineerId,
      }),
    ).toMatchObject({ status: 404 });
    expect(await assigneeRows()).toBe(before);
  });
});

describe("suggested assignees", () => {
  it("are the available, enabled engineers expert in the issue's category who are not assigned yet", async () => {
    const category = (
      await call(ctx.cast.engineer, "POST", "/api/issue-categories", { name: "Suggest-me", level: 2 })
    ).body;
    const other = (
      await call(ctx.cast.engineer, "POST", "/api/issue-categories", { name: "Elsewhere", level: 2 })
    ).body;
    const expert = await engineerWith({ name: "Amy Expert", categoryId: category.id });
    const alsoExpert = await engineerWith({ name: "Bea Expert", categoryId: category.id, available: true });
    await engineerWith({ name: "Away Expert", categoryId: category.id, available: false });
    const disabled = await engineerWith({ name: "Gone Expert", categoryId: category.id });
    await ctx.t.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
    await engineerWith({ name: "Other Expert", categoryId: other.id });
    // A customer with the category stored (as before the checks) is never suggested.
    await ctx.t.db
      .update(users)
      .set({ expertiseCategoryId: category.id })
      .where(eq(users.id, ctx.cast.userAId));

    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const url = `/api/chat/issue/${n}/assignees`;
    expect((await call(ctx.cast.engineer, "GET", url)).body.suggested).toEqual([]);

    await call(ctx.cast.engineer, "PUT", `/api/chat/issue/${n}/category`, { category_id: category.id });
    const suggested = (await call(ctx.cast.engineer, "GET", url)).body.suggested;
    expect(suggested).toEqual([
      { user_id: expert.id, name: "Amy Expert", is_engineer: true, online: false, since: null },
      { user_id: alsoExpert.id, name: "Bea Expert", is_engineer: true, online: false, since: null },
    ]);
    const after = await assign(n, expert.id);
    expect(ids(after.body.suggested)).toEqual([alsoExpert.id]);
    expect((await call(ctx.cast.ownerA, "GET", url)).body.suggested).toEqual([]);
  });
});

describe("the queue's assignment filters", () => {
  it("unassigned, assigned, assignee (the viewer, or ?assignee=) and following each list exactly their issues", async () => {
    const org = await createAccount(ctx.t.db);
    const me = await engineerWith();
    const other = await engineerWith();
    const [mine, theirs, both, nobody, followed] = [
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Mine"),
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Theirs"),
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Both"),
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Nobody"),
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Followed"),
    ];
    await assign(mine, me.id);
    await assign(theirs, other.id);
    await assign(both, me.id);
    await assign(both, other.id);
    await call(me.authorization, "POST", `/api/chat/issue/${followed}/follow`);

    const list = async (query: string) => {
      const res = await call(me.authorization, "GET", `/api/chat/issue?aid=${org.id}&page_size=100&${query}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items.map((i: Frame) => i.issue.issue_number).sort();
    };
    const sorted = (...numbers: number[]) => numbers.sort();
    expect(await list("filter=unassigned")).toEqual(sorted(nobody, followed));
    expect(await list("filter=assigned")).toEqual(sorted(mine, theirs, both));
    expect(await list("filter=assignee")).toEqual(sorted(mine, both));
    expect(await list(`filter=assignee&assignee=${other.id}`)).toEqual(sorted(theirs, both));
    expect(await list("filter=following")).toEqual(sorted(mine, both, followed));

    const items = (await call(me.authorization, "GET", `/api/chat/issue?aid=${org.id}&filter=assigned`)).body
      .items;
    const work = Object.fromEntries(items.map((i: Frame) => [i.issue.issue_number, i.work.assignee_ids]));
    expect(work).toEqual({ [mine]: [me.id], [theirs]: [other.id], [both]: [me.id, other.id] });
  });
});

describe("pushes", () => {
  it("the queue's row carries the work; the account's never does", async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id, "Pushed");
    const erin = await engineerWith();
    const staff = await ChatTestClient.connect(ctx.t.app, ctx.base, ctx.cast.engineer);
    const customer = await ChatTestClient.connect(ctx.t.app, ctx.base, ctx.cast.ownerA);
    sockets.push(staff, customer);
    expect((await staff.subscribe("queue")).type).toBe("subscribed");
    expect((await staff.subscribe(`issue:${n}`)).type).toBe("subscribed");
    expect((await customer.subscribe(`account:${ctx.cast.orgA.id}`)).type).toBe("subscribed");
    expect((await customer.subscribe(`issue:${n}`)).type).toBe("subscribed");

    await assign(n, erin.id);
    const row = await staff.next((f) => f.type === "issue" && f.item.issue.issue_number === n);
    expect(row).toMatchObject({ channel: "queue", item: { work: { assignee_ids: [erin.id], tags: [] } } });
    const event = await customer.next((f) => f.type === "event" && f.event.data.type === "assigned");
    expect(event.channel).toBe(`issue:${n}`);

    // A message moves the row on both lists: the queue's with its work, the account's without.
    await post(ctx.t.app, ctx.cast.ownerA, n, "any news?");
    const queued = await staff.next(
      (f) => f.type === "issue" && f.item.issue.issue_number === n && f.item.issue.last_message_index === 2,
    );
    expect(queued.item.work).toEqual({ tags: [], assignee_ids: [erin.id], category_id: null });
    await customer.next((f) => f.type === "issue" && f.item.issue.last_message_index === 2);
    await customer.roundTrip();
    const accountRows = customer.frames.filter((f) => f.type === "issue");
    expect(accountRows.length).toBeGreaterThan(0);
    for (const f of accountRows) {
      expect(f.channel).toBe(`account:${ctx.cast.orgA.id}`);
      expect(f.item.work).toBeUndefined();
    }
  });
});
