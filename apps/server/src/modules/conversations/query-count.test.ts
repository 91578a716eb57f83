/**
 * No N+1: the queue, a customer's list, opening an issue and search cost the same number of
 * database round trips whatever a page holds (one row or a full page). Counted at the client.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import { LIST_COUNT_CAP } from "./issues.queries";
import { type Cast, call, createCast, openIssue, post } from "./test-fixtures";

let t: TestContext;
let cast: Cast;

/** Round trips to the database during `fn` (the authentication of the request included). */
async function roundTrips(fn: () => Promise<unknown>): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    await fn();
    // The maintenance state is re-read every 2 s whatever the request: not the request's cost.
    return spy.mock.calls.filter(([text]) => !/from "maintenance"/.test(String(text))).length;
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
}, 60_000);
afterAll(() => t.close());

describe("database round trips per request", () => {
  it("do not grow with the rows of a page", async () => {
    const first = await openIssue(t.app, cast.ownerA, cast.orgA.id, "One", "disk one");
    const lists = async () => ({
      queue: await roundTrips(() => call(t.app, cast.engineer, "GET", "/api/chat/issue")),
      customer: await roundTrips(() => call(t.app, cast.ownerA, "GET", "/api/chat/issue")),
      // The owner opened (and so follows) every issue of the test.
      follows: await roundTrips(() => call(t.app, cast.ownerA, "GET", "/api/chat/follow")),
      open: await roundTrips(() => call(t.app, cast.ownerA, "GET", `/api/chat/issue/${first}`)),
      search: await roundTrips(() =>
        call(t.app, cast.engineer, "POST", "/api/chat/search", { query: "disk" }),
      ),
    });
    const small = await lists();

    for (let i = 0; i < 24; i++) await openIssue(t.app, cast.ownerA, cast.orgA.id, `Issue ${i}`, `disk ${i}`);
    for (let i = 0; i < 49; i++)
      await post(t.app, i % 2 ? cast.engineer : cast.ownerA, first, `disk reply ${i}`);
    const full = await lists();

    expect((await call(t.app, cast.engineer, "GET", "/api/chat/issue")).body.items).toHaveLength(25);
    expect((await call(t.app, cast.ownerA, "GET", `/api/chat/issue/${first}`)).body.messages).toHaveLength(
      50,
    );
    expect(full).toEqual(small);
    // And few in absolute terms: the viewer, then the page and its count (plus the search probe);
    // opening an issue also reads its work state (one query) and its events and notes.
    expect(Math.min(...Object.values(full))).toBeGreaterThan(0);
    expect(Math.max(...Object.values(full))).toBeLessThanOrEqual(6);
  });

  it(`counts a list up to ${LIST_COUNT_CAP.toLocaleString("en")} and says when there are more`, async () => {
    const list = () => call(t.app, cast.engineer, "GET", "/api/chat/issue?filter=all");
    const before = await list();
    expect(before.body).toMatchObject({ total_capped: false });
    await t.db.execute(
      sql`insert into issues (account_id, title, is_weekend_priority)
          select ${cast.orgB.id}, 'Bulk ' || g, false from generate_series(1, ${LIST_COUNT_CAP}) g`,
    );
    const after = await list();
    expect(after.body).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
    expect(after.body.items).toHaveLength(25);
  });
});
