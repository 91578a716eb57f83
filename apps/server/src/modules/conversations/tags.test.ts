/** Tags: the engineers' catalogue, tags on issues, their events, and the queue's tag filter. */
import { ISSUE_WORK_MESSAGES as M, TAGS_PER_ISSUE_MAX } from "@portico/shared/schemas/issue-work";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../test/helper";
import type { Frame } from "./chat-test-client";
import { castSuite, ENGINEERS_ONLY, openIssue } from "./test-fixtures";

const ctx = castSuite();

const { call, status } = ctx;

let tagSerial = 0;
async function newTag(name = `Tag ${++tagSerial}`, color?: string) {
  const res = await call(ctx.cast.engineer, "POST", "/api/chat/issue-tags", {
    name,
    ...(color ? { color } : {}),
  });
  if (res.status !== 201) throw new Error(`new tag: ${res.status} ${res.raw}`);
  return res.body as { id: number; name: string; color: string };
}
const catalogue = async () =>
  (await call(ctx.cast.engineer, "GET", "/api/chat/issue-tags")).body.items as Frame[];
const eventTypes = (detail: Frame) => (detail.events as Frame[]).map((e) => e.data.type);
const tagLinks = async () =>
  (
    (await ctx.t.db.execute(sql`select count(*)::int as n from issue_tag_links`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;

describe("the tag catalogue", () => {
  it("creates, lists by name whatever its case with usage, renames and recolours", async () => {
    const zebra = await newTag("zebra-tag");
    const alpha = await newTag("Alpha-tag", "#3B82F6");
    expect(zebra.color).toBe("#64748b");
    expect(alpha).toEqual({ id: expect.any(Number), name: "Alpha-tag", color: "#3b82f6" });
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await call(ctx.cast.engineer, "POST", `/api/chat/issue/${n}/tags`, { tag_id: zebra.id });

    const names = (await catalogue()).map((i) => i.name);
    expect(names.indexOf("Alpha-tag")).toBeLessThan(names.indexOf("zebra-tag"));
    expect((await catalogue()).find((i) => i.id === zebra.id)).toEqual({ ...zebra, issue_count: 1 });
    expect((await catalogue()).find((i) => i.id === alpha.id)).toEqual({ ...alpha, issue_count: 0 });

    const renamed = await call(ctx.cast.engineer, "PUT", `/api/chat/issue-tags/${alpha.id}`, {
      name: "  Beta-tag ",
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id: alpha.id, name: "Beta-tag", color: "#3b82f6" },
    });
    const recoloured = await call(ctx.cast.admin, "PUT", `/api/chat/issue-tags/${alpha.id}`, {
      color: "#EF4444",
    });
    expect(recoloured.body).toEqual({ id: alpha.id, name: "Beta-tag", color: "#ef4444" });
    expect(await call(ctx.cast.engineer, "PUT", "/api/chat/issue-tags/999999", { name: "x" })).toMatchObject({
      status: 404,
      body: { error: M.tagNotFound },
    });
    expect((await call(ctx.cast.engineer, "PUT", `/api/chat/issue-tags/${alpha.id}`, {})).status).toBe(400);
  });

  it.each<[string, object, string]>([
    ["a name of 1,000 characters", { name: "x".repeat(1000) }, M.tagNameTooLong],
    ["51 emoji", { name: "🔥".repeat(51) }, M.tagNameTooLong],
    ["a blank name", { name: "   " }, M.tagNameRequired],
    ["no name", {}, M.tagNameRequired],
    ["a colour word", { name: "c1", color: "red" }, M.tagColor],
    ["a short hex colour", { name: "c2", color: "#fff" }, M.tagColor],
    ["a hex colour with a non-hex digit", { name: "c3", color: "#12345g" }, M.tagColor],
  ])("refuses %s (400) and creates nothing", async (_label, body, error) => {
    const before = (await catalogue()).length;
    const res = await call(ctx.cast.engineer, "POST", "/api/chat/issue-tags", body);
    expect(res).toMatchObject({ status: 400, body: { error, status: 400 } });
    expect(await catalogue()).toHaveLength(before);
  });

  it("counts an emoji as one character: 50 of them make a valid name", async () => {
    const name = "🔥".repeat(50);
    expect((await newTag(name)).name).toBe(name);
    const mixed = await newTag("Ünïcødé 🐛 bug");
    expect(mixed.name).toBe("Ünïcødé 🐛 bug");
  });

  it("refuses the same name in another case (409), on create and on rename", async () => {
    await newTag("Network");
    const other = await newTag("Storage");
    expect(await call(ctx.cast.engineer, "POST", "/api/chat/issue-tags", { name: "NETWORK" })).toMatchObject({
      status: 409,
      body: { error: M.tagExists },
    });
    expect(
      await call(ctx.cast.engineer, "PUT", `/api/chat/issue-tags/${other.id}`, { name: "network" }),
    ).toMatchObject({ status: 409, body: { error: M.tagExists } });
    // Renaming a tag to its own name in another case is no clash.
    expect(
      (await call(ctx.cast.engineer, "PUT", `/api/chat/issue-tags/${other.id}`, { name: "STORAGE" })).status,
    ).toBe(200);
  });

  it("deletes a tag in use only with force=true; then it comes off its issues, each recording it", async () => {
    const tag = await newTag();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await call(ctx.cast.engineer, "POST", `/api/chat/issue/${n}/tags`, { tag_id: tag.id });

    const refused = await call(ctx.cast.engineer, "DELETE", `/api/chat/issue-tags/${tag.id}`);
    expect(refused).toMatchObject({ status: 409, body: { error: M.tagInUse(1), status: 409 } });
    expect(await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}/tags`)).toMatchObject({ body: [tag] });

    expect(await status(ctx.cast.engineer, "DELETE", `/api/chat/issue-tags/${tag.id}?force=true`)).toBe(204);
    expect((await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}/tags`)).body).toEqual([]);
    expect((await catalogue()).some((i) => i.id === tag.id)).toBe(false);
    const detail = (await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}`)).body;
    expect(detail.events.at(-1)).toMatchObject({ audience: "engineers", data: { type: "untagged", tag } });

    const unused = await newTag();
    expect(await status(ctx.cast.engineer, "DELETE", `/api/chat/issue-tags/${unused.id}`)).toBe(204);
    expect(await status(ctx.cast.engineer, "DELETE", `/api/chat/issue-tags/${unused.id}`)).toBe(404);
  });

  it("is the engineers' own: a customer gets 403 on every call and nothing changes", async () => {
    const tag = await newTag();
    const before = await catalogue();
    for (const [method, url, body] of [
      ["GET", "/api/chat/issue-tags", undefined],
      ["POST", "/api/chat/issue-tags", { name: "Customer tag" }],
      ["PUT", `/api/chat/issue-tags/${tag.id}`, { name: "Hijacked" }],
      ["DELETE", `/api/chat/issue-tags/${tag.id}?force=true`, undefined],
    ] as const) {
      for (const who of [ctx.cast.ownerA, ctx.cast.userA]) {
        const res = await call(who, method, url, body);
        expect(res, `${method} ${url}`).toMatchObject({ status: 403, body: ENGINEERS_ONLY });
      }
    }
    expect(await catalogue()).toEqual(before);
  });
});

describe("tags on an issue", () => {
  it("tagging records a 'tagged' event for engineers only; again changes nothing; untagging records 'untagged'", async () => {
    const tag = await newTag();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const url = `/api/chat/issue/${n}/tags`;

    const added = await call(ctx.cast.engineer, "POST", url, { tag_id: tag.id });
    expect(added).toMatchObject({ status: 200, body: [tag] });
    expect((await call(ctx.cast.engineer, "POST", url, { tag_id: tag.id })).body).toEqual([tag]);

    const staff = (await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}`)).body;
    expect(eventTypes(staff).filter((type) => type === "tagged")).toHaveLength(1);
    expect(staff.work.tags).toEqual([tag]);
    expect(staff.events.at(-1)).toMatchObject({
      audience: "engineers",
      actor: { user_id: ctx.cast.engineerId, name: "Erin Engineer", is_engineer: true },
      data: { type: "tagged", tag },
    });

    for (const who of [ctx.cast.ownerA, ctx.cast.userA]) {
      const seen = (await call(who, "GET", `/api/chat/issue/${n}`)).body;
      expect(seen.work.tags).toEqual([]);
      expect(eventTypes(seen)).toEqual(["created"]);
      const events = (await call(who, "GET", `/api/chat/issue/${n}/events`)).body;
      expect(events.items.map((e: Frame) => e.data.type)).toEqual(["created"]);
    }

    expect((await call(ctx.cast.engineer, "DELETE", `${url}/${tag.id}`)).body).toEqual([]);
    expect((await call(ctx.cast.engineer, "DELETE", `${url}/${tag.id}`)).status).toBe(200);
    const after = (await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}`)).body;
    expect(eventTypes(after)).toEqual(["created", "tagged", "untagged"]);
  });

  it("answers the issue's tags by name whatever their case", async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const b = await newTag("b-order");
    const a = await newTag("A-order");
    for (const tag of [b, a])
      await call(ctx.cast.engineer, "POST", `/api/chat/issue/${n}/tags`, { tag_id: tag.id });
    expect((await call(ctx.cast.engineer, "GET", `/api/chat/issue/${n}/tags`)).body).toEqual([a, b]);
  });

  it(`refuses an unknown tag (404) and a tag past ${TAGS_PER_ISSUE_MAX} (400)`, async () => {
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const url = `/api/chat/issue/${n}/tags`;
    expect(await call(ctx.cast.engineer, "POST", url, { tag_id: 999_999 })).toMatchObject({
      status: 404,
      body: { error: M.tagNotFound },
    });
    expect((await call(ctx.cast.engineer, "DELETE", `${url}/999999`)).status).toBe(404);
    for (let i = 0; i < TAGS_PER_ISSUE_MAX; i++) {
      expect((await call(ctx.cast.engineer, "POST", url, { tag_id: (await newTag()).id })).status).toBe(200);
    }
    const extra = await newTag();
    expect(await call(ctx.cast.engineer, "POST", url, { tag_id: extra.id })).toMatchObject({
      status: 400,
      body: { error: M.tooManyTags },
    });
    expect((await call(ctx.cast.engineer, "GET", url)).body).toHaveLength(TAGS_PER_ISSUE_MAX);
  });

  it("a customer gets 403 on the issue's tags, even their own issue's, and nothing changes", async () => {
    const tag = await newTag();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    await call(ctx.cast.engineer, "POST", `/api/chat/issue/${n}/tags`, { tag_id: tag.id });
    const links = await tagLinks();
    for (const [method, url, body] of [
      ["GET", `/api/chat/issue/${n}/tags`, undefined],
      ["POST", `/api/chat/issue/${n}/tags`, { tag_id: (await newTag()).id }],
      ["DELETE", `/api/chat/issue/${n}/tags/${tag.id}`, undefined],
    ] as const) {
      expect(await call(ctx.cast.ownerA, method, url, body)).toMatchObject({
        status: 403,
        body: ENGINEERS_ONLY,
      });
    }
    expect(await tagLinks()).toBe(links);
  });

  it("is not found through another account's aid or for an issue that does not exist", async () => {
    const tag = await newTag();
    const n = await openIssue(ctx.t.app, ctx.cast.ownerA, ctx.cast.orgA.id);
    const links = await tagLinks();
    for (const url of [`/api/chat/issue/${n}/tags?aid=${ctx.cast.orgB.id}`, "/api/chat/issue/999999/tags"]) {
      expect(await call(ctx.cast.engineer, "POST", url, { tag_id: tag.id })).toMatchObject({
        status: 404,
        body: { error: "Issue not found" },
      });
      expect((await call(ctx.cast.engineer, "GET", url)).status).toBe(404);
    }
    expect(await tagLinks()).toBe(links);
  });
});

describe("the queue's tag filter", () => {
  it("lists exactly the issues carrying the tag, each with its work; customers may not filter by tag", async () => {
    const org = await createAccount(ctx.t.db);
    const [tagged, other, untagged] = [
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Tagged"),
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "Other tag"),
      await openIssue(ctx.t.app, ctx.cast.engineer, org.id, "No tag"),
    ];
    const tag = await newTag();
    const second = await newTag();
    await call(ctx.cast.engineer, "POST", `/api/chat/issue/${tagged}/tags`, { tag_id: tag.id });
    await call(ctx.cast.engineer, "POST", `/api/chat/issue/${other}/tags`, { tag_id: second.id });

    const list = await call(ctx.cast.engineer, "GET", `/api/chat/issue?aid=${org.id}&tag=${tag.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: Frame) => i.issue.issue_number)).toEqual([tagged]);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].work).toEqual({ tags: [tag], assignee_ids: [], category_id: null });

    const all = await call(ctx.cast.engineer, "GET", `/api/chat/issue?aid=${org.id}`);
    const work = Object.fromEntries(all.body.items.map((i: Frame) => [i.issue.issue_number, i.work.tags]));
    expect(work).toEqual({ [tagged]: [tag], [other]: [second], [untagged]: [] });

    expect(await call(ctx.cast.ownerA, "GET", `/api/chat/issue?tag=${tag.id}`)).toMatchObject({
      status: 403,
      body: { error: M.tagFilterEngineersOnly },
    });
    const customerList = await call(ctx.cast.ownerA, "GET", "/api/chat/issue");
    expect(customerList.body.items.length).toBeGreaterThan(0);
    for (const item of customerList.body.items) expect(item.work).toBeUndefined();
  });
});
