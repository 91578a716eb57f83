/** Following an issue, its followers, and the viewer's follow list (GET /follow). */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueFollowers } from "../../db/schema";
import type { Frame } from "./chat-test-client";
import { castSuite, openIssue } from "./test-fixtures";

const ctx = castSuite();

const { call } = ctx;
const followerRows = async () =>
  (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(issueFollowers))[0]?.n;
const numbers = (items: Frame[]) => items.map((i) => i.issue.issue_number);

describe("following an issue", () => {
  it("anyone who sees the issue follows and unfollows it, idempotently", async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const url = `/api/chat/issue/${n}`;
    const first = await call(ctx.cast.userA, "POST", `${url}/follow`);
    expect(first.status).toBe(200);
    expect(first.body.following).toBe(true);
    expect(first.body.followers.map((f: Frame) => f.name)).toEqual(["Olga Owner", "Una User"]);
    expect((await call(ctx.cast.userA, "POST", `${url}/follow`)).body.followers).toHaveLength(2);

    const engineer = await call(ctx.cast.engineer, "POST", `${url}/follow`);
    expect(engineer.body.followers.at(-1)).toEqual({
      user_id: ctx.cast.engineerId,
      name: "Erin Engineer",
      is_engineer: true,
      online: false,
      since: expect.any(String),
    });
    expect((await call(ctx.cast.ownerA, "GET", `${url}/followers`)).body).toMatchObject({ following: true });

    const left = await call(ctx.cast.userA, "POST", `${url}/unfollow`);
    expect(left.body.following).toBe(false);
    expect(left.body.followers.map((f: Frame) => f.name)).toEqual(["Olga Owner", "Erin Engineer"]);
    expect((await call(ctx.cast.userA, "POST", `${url}/unfollow`)).body.following).toBe(false);
    expect((await call(ctx.cast.userA, "GET", url)).body.work.following).toBe(false);
  });

  it("another account's issue is not found (404) and nothing is recorded", async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const before = await followerRows();
    for (const path of ["follow", "unfollow", "followers"]) {
      const method = path === "followers" ? "GET" : "POST";
      expect(await call(ctx.cast.ownerB, method, `/api/chat/issue/${n}/${path}`)).toMatchObject({
        status: 404,
        body: { error: "Issue not found", status: 404 },
      });
    }
    expect(
      await call(ctx.cast.ownerB, "POST", `/api/chat/issue/${n}/follow?aid=${ctx.cast.orgA.id}`),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await call(ctx.cast.engineer, "POST", `/api/chat/issue/${n}/follow?aid=${ctx.cast.orgB.id}`),
    ).toMatchObject({
      status: 404,
    });
    expect((await call(ctx.cast.ownerA, "POST", "/api/chat/issue/999999/follow")).status).toBe(404);
    expect(await followerRows()).toBe(before);
  });
});

describe("GET /api/chat/follow", () => {
  it("lists the issues the viewer follows, newest first; engineers' items carry work, customers' never", async () => {
    const opened = await openIssue(ctx.t.app, ctx.cast.userA, ctx.cast.orgA.id, "Opened by Una");
    const followed = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id, "Followed by Una");
    await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id, "Not followed by Una");
    await call(ctx.cast.userA, "POST", `/api/chat/issue/${followed}/follow`);

    const mine = await call(ctx.cast.userA, "GET", "/api/chat/follow");
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 2, page: 1, page_size: 25, filter: "following", sort: "DESC" });
    expect(numbers(mine.body.items)).toEqual([followed, opened]);
    for (const item of mine.body.items) expect(item.work).toBeUndefined();

    const paged = await call(ctx.cast.userA, "GET", "/api/chat/follow?page=2&page_size=1");
    expect(numbers(paged.body.items)).toEqual([opened]);
    expect((await call(ctx.cast.userA, "GET", "/api/chat/follow?page_size=101")).status).toBe(400);

    await call(ctx.cast.admin, "POST", `/api/chat/issue/${opened}/follow`);
    const staff = await call(ctx.cast.admin, "GET", "/api/chat/follow");
    expect(numbers(staff.body.items)).toEqual([opened]);
    expect(staff.body.items[0].work).toEqual({ tags: [], assignee_ids: [], category_id: null });

    // Another account's customer follows nothing of organization A.
    expect((await call(ctx.cast.ownerB, "GET", "/api/chat/follow")).body.items).toEqual([]);
  });
});
