import { EVENTS_PAGE_SIZE_MAX } from "@portico/shared/schemas/issue-work";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import type { Frame } from "./chat-test-client";
import { type Cast, call as callAs, createCast, type Method, openIssue } from "./test-fixtures";

let t: TestContext;
let cast: Cast;
/** An issue of organization A with events of both audiences, and their types in order. */
let n: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  n = await openIssue(t.app, cast.ownerA, cast.orgA.id, "Pool degraded");
  const steps: [string, Method, string, object][] = [
    [cast.ownerA, "PUT", `/api/chat/issue/${n}`, { title: "Pool degraded on node 3" }],
    [cast.engineer, "POST", `/api/chat/issue/${n}/notes`, { body: "looks like firmware" }],
    [cast.engineer, "POST", `/api/chat/issue/${n}/notify`, { user_ids: [cast.userAId] }],
    [cast.engineer, "POST", `/api/chat/issue/${n}/answer`, { answered: true }],
  ];
  for (const [who, method, url, payload] of steps) {
    const res = await call(who, method, url, payload);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.raw}`);
  }
});
afterAll(() => t.close());

const call = (authorization: string, method: Method, url: string, payload?: object) =>
  callAs(t.app, authorization, method, url, payload);
const events = (who: string, query = "", issue = n) =>
  call(who, "GET", `/api/chat/issue/${issue}/events${query}`);
const typesOf = (body: Frame) => body.items.map((e: { data: { type: string } }) => e.data.type);

describe("the events timeline", () => {
  it("an engineer sees every event, oldest first, with who did it and after which message", async () => {
    const res = await events(cast.engineer);
    expect(res.status).toBe(200);
    expect(typesOf(res.body)).toEqual(["created", "renamed", "note_added", "mentioned", "status"]);
    expect(res.body.has_more).toBe(false);
    const [created, renamed] = res.body.items;
    expect(created).toMatchObject({
      issue_number: n,
      audience: "all",
      actor: { name: "Olga Owner", is_engineer: false },
      after_message_index: 0,
      data: { type: "created", title: "Pool degraded" },
    });
    expect(renamed).toMatchObject({
      after_message_index: 1,
      data: { type: "renamed", from: "Pool degraded", to: "Pool degraded on node 3" },
    });
    const ids = res.body.items.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("a customer, owner or plain user, sees only the events meant for everyone", async () => {
    for (const who of [cast.ownerA, cast.userA]) {
      const res = await events(who);
      expect(res.status).toBe(200);
      expect(typesOf(res.body)).toEqual(["created", "renamed", "status"]);
      expect(res.body.items.every((e: { audience: string }) => e.audience === "all")).toBe(true);
    }
  });

  it("pages with after_id and limit, telling whether there are more", async () => {
    const all = (await events(cast.engineer)).body.items as { id: number }[];
    const first = await events(cast.engineer, "?limit=2");
    expect(first.body.items.map((e: { id: number }) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(first.body.has_more).toBe(true);
    const rest = await events(cast.engineer, `?after_id=${all[1]?.id}&limit=3`);
    expect(rest.body.items.map((e: { id: number }) => e.id)).toEqual(all.slice(2).map((e) => e.id));
    expect(rest.body.has_more).toBe(false);
    const none = await events(cast.engineer, `?after_id=${all.at(-1)?.id}`);
    expect(none.body).toEqual({ items: [], has_more: false });
    // A customer's page counts only what they may see.
    const customer = await events(cast.ownerA, `?after_id=${all[0]?.id}&limit=1`);
    expect(typesOf(customer.body)).toEqual(["renamed"]);
    expect(customer.body.has_more).toBe(true);
  });

  it.each(["?limit=0", `?limit=${EVENTS_PAGE_SIZE_MAX + 1}`, "?limit=ten", "?after_id=-1", "?after_id=1e3"])(
    "%s is refused with 400",
    async (query) => {
      const res = await events(cast.engineer, query);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    },
  );

  it(`takes the largest page (${EVENTS_PAGE_SIZE_MAX})`, async () => {
    expect((await events(cast.engineer, `?limit=${EVENTS_PAGE_SIZE_MAX}`)).status).toBe(200);
  });
});

describe("tenancy", () => {
  it("another account's customer and an unknown issue get 404; a foreign aid 403 for a customer", async () => {
    expect(await events(cast.ownerB)).toMatchObject({ status: 404, body: { error: "Issue not found" } });
    expect((await events(cast.engineer, "", 999999)).status).toBe(404);
    expect((await events(cast.engineer, `?aid=${cast.orgB.id}`)).status).toBe(404);
    expect((await events(cast.engineer, `?aid=${cast.orgA.id}`)).status).toBe(200);
    expect((await events(cast.ownerA, `?aid=${cast.orgB.id}`)).status).toBe(403);
  });
});
