/** Categories: the catalogue (/api/issue-categories), an issue's category, engineers' expertise. */
import { ISSUE_WORK_MESSAGES as M } from "@portico/shared/schemas/issue-work";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issues, users } from "../../db/schema";
import { createUser, signIn } from "../../test/helper";
import type { Frame } from "./chat-test-client";
import { castSuite, ENGINEERS_ONLY, openIssue } from "./test-fixtures";

const ctx = castSuite();

const { call, status } = ctx;
const CATALOGUE = "/api/issue-categories";

let serial = 0;
async function newCategory(level = 2, name = `Category ${++serial}`) {
  const res = await call(ctx.cast.engineer, "POST", CATALOGUE, {
    name,
    level,
    description: "What it covers",
  });
  if (res.status !== 201) throw new Error(`new category: ${res.status} ${res.raw}`);
  return res.body as { id: number; name: string; description: string; level: number };
}
const catalogue = async () => (await call(ctx.cast.engineer, "GET", CATALOGUE)).body.items as Frame[];
const engineerWith = async (opts: { name?: string; role?: "engineer" | "admin" } = {}) => {
  const user = await createUser(ctx.t.db, { accountId: 1, role: opts.role ?? "engineer", name: opts.name });
  return { id: user.id, authorization: (await signIn(ctx.t.app, user)).authorization };
};
const expertiseOf = async (userId: number) =>
  (await ctx.t.db.select({ c: users.expertiseCategoryId }).from(users).where(eq(users.id, userId)))[0]?.c;

describe("the category catalogue", () => {
  it("creates, lists by level then name with usage, and updates", async () => {
    const deep = await newCategory(5, "aa deep");
    const first = await newCategory(1, "Zz first line");
    const second = await newCategory(1, "yy first line");
    expect(deep).toEqual({
      id: expect.any(Number),
      name: "aa deep",
      description: "What it covers",
      level: 5,
    });
    const expert = await engineerWith();
    await call(expert.authorization, "PUT", `/api/users/${expert.id}/expertise`, { category_id: deep.id });
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await call(ctx.cast.engineer, "PUT", `/api/chat/issue/${n}/category`, { category_id: deep.id });

    const ids = (await catalogue()).map((c) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(deep.id));
    expect((await catalogue()).find((c) => c.id === deep.id)).toEqual({
      ...deep,
      issue_count: 1,
      expert_count: 1,
    });
    expect((await catalogue()).find((c) => c.id === first.id)).toMatchObject({
      issue_count: 0,
      expert_count: 0,
    });

    const updated = await call(ctx.cast.engineer, "PUT", `${CATALOGUE}/${first.id}`, {
      level: 2,
      description: "",
    });
    expect(updated.body).toEqual({ ...first, level: 2, description: "" });
    expect(await call(ctx.cast.engineer, "PUT", `${CATALOGUE}/999999`, { level: 2 })).toMatchObject({
      status: 404,
      body: { error: M.categoryNotFound },
    });
  });

  it.each<[string, object, string]>([
    ["a name of 1,000 characters", { name: "x".repeat(1000), level: 1 }, M.categoryNameTooLong],
    ["a blank name", { name: " ", level: 1 }, M.categoryNameRequired],
    ["level 0", { name: "L0", level: 0 }, M.categoryLevel],
    ["level 6", { name: "L6", level: 6 }, M.categoryLevel],
    ["level 1.5", { name: "L15", level: 1.5 }, M.categoryLevel],
    ["no level", { name: "Lnone" }, M.categoryLevel],
    [
      "a description of 501 characters",
      { name: "Long", level: 1, description: "d".repeat(501) },
      M.categoryDescriptionTooLong,
    ],
  ])("refuses %s (400) and creates nothing", async (_label, body, error) => {
    const before = (await catalogue()).length;
    expect(await call(ctx.cast.engineer, "POST", CATALOGUE, body)).toMatchObject({
      status: 400,
      body: { error },
    });
    expect(await catalogue()).toHaveLength(before);
  });

  it("refuses the same name in another case (409), on create and on update", async () => {
    await newCategory(1, "Networking");
    const other = await newCategory(1, "Replication 🔁");
    expect(await call(ctx.cast.engineer, "POST", CATALOGUE, { name: "NETWORKING", level: 3 })).toMatchObject({
      status: 409,
      body: { error: M.categoryExists },
    });
    expect(
      await call(ctx.cast.engineer, "PUT", `${CATALOGUE}/${other.id}`, { name: "networking" }),
    ).toMatchObject({
      status: 409,
      body: { error: M.categoryExists },
    });
  });

  it("deletes a category on issues only with force=true, which clears it from the issues and the experts", async () => {
    const category = await newCategory();
    const expert = await engineerWith();
    await call(expert.authorization, "PUT", `/api/users/${expert.id}/expertise`, {
      category_id: category.id,
    });
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await call(ctx.cast.engineer, "PUT", `/api/chat/issue/${n}/category`, { category_id: category.id });

    expect(await call(ctx.cast.engineer, "DELETE", `${CATALOGUE}/${category.id}`)).toMatchObject({
      status: 409,
      body: { error: M.categoryInUse(1), status: 409 },
    });
    expect(await expertiseOf(expert.id)).toBe(category.id);

    expect(await status(ctx.cast.engineer, "DELETE", `${CATALOGUE}/${category.id}?force=true`)).toBe(204);
    expect((await catalogue()).some((c) => c.id === category.id)).toBe(false);
    expect(await expertiseOf(expert.id)).toBeNull();
    const detail = (await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}`)).body;
    expect(detail.work.category).toBeNull();
    expect(detail.conversation.issue.category_id).toBeNull();
    expect(detail.events.at(-1).data).toEqual({
      type: "categorised",
      from: { id: category.id, name: category.name },
      to: null,
    });

    // Only experts, no issues: deleted without force.
    const unused = await newCategory();
    await call(expert.authorization, "PUT", `/api/users/${expert.id}/expertise`, { category_id: unused.id });
    expect(await status(ctx.cast.engineer, "DELETE", `${CATALOGUE}/${unused.id}`)).toBe(204);
    expect(await expertiseOf(expert.id)).toBeNull();
    expect(await status(ctx.cast.engineer, "DELETE", `${CATALOGUE}/${unused.id}`)).toBe(404);
  });

  it("is the engineers' own: a customer gets 403 on every call and nothing changes", async () => {
    const category = await newCategory();
    const before = await catalogue();
    for (const [method, url, body] of [
      ["GET", CATALOGUE, undefined],
      ["POST", CATALOGUE, { name: "Customer's", level: 1 }],
      ["PUT", `${CATALOGUE}/${category.id}`, { name: "Hijacked" }],
      ["DELETE", `${CATALOGUE}/${category.id}?force=true`, undefined],
    ] as const) {
      for (const who of [ctx.cast.ownerA, ctx.cast.userA]) {
        expect(await call(who, method, url, body), `${method} ${url}`).toMatchObject({
          status: 403,
          body: ENGINEERS_ONLY,
        });
      }
    }
    expect(await catalogue()).toEqual(before);
  });
});

describe("an issue's category", () => {
  it("is set and cleared by engineers, each change an engineers-only event; the same again records nothing", async () => {
    const [a, b] = [await newCategory(), await newCategory()];
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const url = `/api/chat/issue/${n}/category`;

    const set = await call(ctx.cast.engineer, "PUT", url, { category_id: a.id });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ category: a, tags: [], assignees: [], following: false });
    await call(ctx.cast.engineer, "PUT", url, { category_id: a.id });
    await call(ctx.cast.engineer, "PUT", url, { category_id: b.id });
    expect((await call(ctx.cast.engineer, "PUT", url, { category_id: null })).body.category).toBeNull();

    const staff = (await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}`)).body;
    const changes = staff.events.filter((e: Frame) => e.data.type === "categorised");
    expect(changes.map((e: Frame) => [e.audience, e.data.from?.id ?? null, e.data.to?.id ?? null])).toEqual([
      ["engineers", null, a.id],
      ["engineers", a.id, b.id],
      ["engineers", b.id, null],
    ]);

    await call(ctx.cast.engineer, "PUT", url, { category_id: a.id });
    const seen = (await call(ctx.cast.ownerA, "GET", `/api/chat/issue/${n}`)).body;
    expect(seen.work.category).toBeNull();
    expect(seen.events.map((e: Frame) => e.data.type)).toEqual(["created"]);
  });

  it("refuses an unknown category (404), a customer (403) and another account's aid (404); nothing changes", async () => {
    const category = await newCategory();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const url = `/api/chat/issue/${n}/category`;
    expect(await call(ctx.cast.engineer, "PUT", url, { category_id: 999_999 })).toMatchObject({
      status: 404,
      body: { error: M.categoryNotFound },
    });
    expect(await call(ctx.cast.ownerA, "PUT", url, { category_id: category.id })).toMatchObject({
      status: 403,
      body: ENGINEERS_ONLY,
    });
    expect(
      await call(ctx.cast.engineer, "PUT", `${url}?aid=${ctx.cast.orgB.id}`, { category_id: category.id }),
    ).toMatchObject({ status: 404, body: { error: "Issue not found" } });
    const [row] = await ctx.t.db
      .select({ c: issues.categoryId })
      .from(issues)
      .where(eq(issues.issueNumber, n));
    expect(row?.c).toBeNull();
  });
});

describe("expertise", () => {
  it("an engineer sets and clears their own; GET shows it", async () => {
    const category = await newCategory();
    const me = await engineerWith();
    const url = `/api/users/${me.id}/expertise`;
    expect((await call(me.authorization, "GET", url)).body).toEqual({ user_id: me.id, category: null });
    expect((await call(me.authorization, "PUT", url, { category_id: category.id })).body).toEqual({
      user_id: me.id,
      category,
    });
    expect((await call(ctx.cast.engineer, "GET", url)).body).toEqual({ user_id: me.id, category });
    expect((await call(me.authorization, "PUT", url, { category_id: null })).body.category).toBeNull();
  });

  it("an admin sets any engineer's; another engineer may not (403)", async () => {
    const category = await newCategory();
    const target = await engineerWith();
    const url = `/api/users/${target.id}/expertise`;
    expect(await call(ctx.cast.engineer, "PUT", url, { category_id: category.id })).toMatchObject({
      status: 403,
    });
    expect(await expertiseOf(target.id)).toBeNull();
    expect((await call(ctx.cast.admin, "PUT", url, { category_id: category.id })).body.category).toEqual(
      category,
    );
  });

  it("refuses a customer caller (403), a customer target (400), an unknown category or user (404)", async () => {
    const category = await newCategory();
    const me = await engineerWith();
    expect(
      await call(ctx.cast.ownerA, "PUT", `/api/users/${me.id}/expertise`, { category_id: category.id }),
    ).toMatchObject({ status: 403, body: ENGINEERS_ONLY });
    expect((await call(ctx.cast.ownerA, "GET", `/api/users/${me.id}/expertise`)).status).toBe(403);
    expect(
      await call(ctx.cast.admin, "PUT", `/api/users/${ctx.cast.userAId}/expertise`, {
        category_id: category.id,
      }),
    ).toMatchObject({ status: 400, body: { error: M.expertiseEngineersOnly } });
    expect(await call(ctx.cast.admin, "GET", `/api/users/${ctx.cast.userAId}/expertise`)).toMatchObject({
      status: 400,
    });
    expect(
      await call(me.authorization, "PUT", `/api/users/${me.id}/expertise`, { category_id: 999_999 }),
    ).toMatchObject({ status: 404, body: { error: M.categoryNotFound } });
    expect((await call(ctx.cast.admin, "GET", "/api/users/999999/expertise")).status).toBe(404);
    expect(await expertiseOf(me.id)).toBeNull();
    expect(await expertiseOf(ctx.cast.userAId)).toBeNull();
  });
});
