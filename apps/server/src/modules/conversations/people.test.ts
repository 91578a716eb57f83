/** People an issue can involve, engineers' settings and the chat token. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import { type Cast, call as callAs, createCast, type Method } from "./test-fixtures";

let t: TestContext;
let ownerA: string;
let userAId: number;
let engineer: string;
let engineerId: number;
let admin: string;
let orgA: Cast["orgA"];
let orgB: Cast["orgB"];

beforeAll(async () => {
  t = await createTestApp();
  ({ ownerA, userAId, engineer, engineerId, admin, orgA, orgB } = await createCast(t));
});
afterAll(() => t.close());

const call = (authorization: string, method: Method, url: string, payload?: object) =>
  callAs(t.app, authorization, method, url, payload);

describe("people", () => {
  it("a customer sees their colleagues (with addresses) and the engineers (without)", async () => {
    const res = await call(ownerA, "GET", "/api/chat/users?page_size=200");
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.items.map((u: { name: string }) => [u.name, u]));
    expect(byName["Una User"]).toMatchObject({
      is_engineer: false,
      account_id: orgA.id,
      email: expect.stringContaining("@"),
    });
    expect(byName["Erin Engineer"]).toMatchObject({ is_engineer: true, email: null });
    expect(byName["Bob B"]).toBeUndefined();
    expect(res.body.items[0].is_engineer).toBe(true);
  });

  it("an engineer sees an organization's people, or everyone", async () => {
    const ofB = await call(engineer, "GET", `/api/chat/users?aid=${orgB.id}&page_size=200`);
    const names = ofB.body.items.map((u: { name: string }) => u.name);
    expect(names).toContain("Bob B");
    expect(names).not.toContain("Olga Owner");
    const search = await call(engineer, "GET", "/api/chat/users?q=olga");
    expect(search.body.items.map((u: { name: string }) => u.name)).toEqual(["Olga Owner"]);
  });

  it("engineers set their own availability and flags; admins anyone's; customers nobody's", async () => {
    const mine = await call(engineer, "PUT", "/api/chat/engineers", {
      is_available: false,
      is_on_call: true,
    });
    expect(mine.body).toMatchObject({
      user_id: engineerId,
      is_available: false,
      is_contributor: false,
      is_on_call: true,
    });
    const list = await call(ownerA, "GET", "/api/chat/engineers");
    expect(list.body.find((e: { user_id: number }) => e.user_id === engineerId)).toMatchObject({
      is_available: false,
      is_on_call: true,
      online: false,
    });
    expect(
      (await call(ownerA, "GET", "/api/chat/engineers/on-call")).body.map((e: { name: string }) => e.name),
    ).toEqual(["Erin Engineer"]);
    expect((await call(ownerA, "PUT", "/api/chat/engineers", { is_available: true })).body).toEqual({
      error: "Only vendor engineers can do this",
      status: 403,
    });
    const adminUser = (await call(admin, "GET", "/api/chat/engineers")).body.find(
      (e: { name: string }) => e.name === "Ada Admin",
    );
    expect(
      (
        await call(engineer, "PUT", "/api/chat/engineers", {
          user_id: adminUser.user_id,
          is_contributor: true,
        })
      ).status,
    ).toBe(403);
    const byAdmin = await call(admin, "PUT", "/api/chat/engineers", {
      user_id: engineerId,
      is_contributor: true,
    });
    expect(byAdmin.body).toMatchObject({ is_contributor: true, is_available: false });
    expect(
      (await call(admin, "PUT", "/api/chat/engineers", { user_id: userAId, is_available: true })).status,
    ).toBe(404);
    expect((await call(engineer, "PUT", "/api/chat/engineers", {})).status).toBe(400);
  });
});

describe("the chat token", () => {
  it("is issued to a signed-in user and is not an access token", async () => {
    const res = await call(ownerA, "GET", "/api/chat/token");
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const misuse = await call(`Bearer ${res.body.token}`, "GET", "/api/chat/issue");
    expect(misuse.status).toBe(401);
  });
});
