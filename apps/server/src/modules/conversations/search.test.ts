/** POST /api/chat/search: what is found, how it is shown, and what never leaks across accounts. */
import { SEARCH_MESSAGES, type TSearchHit } from "@portico/shared/schemas/search";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helper";
import type { Frame } from "./chat-test-client";
import { RANKED_MATCHES_MAX } from "./search.queries";
import { type Cast, call, createCast, openIssue, post } from "./test-fixtures";

let t: TestContext;
let cast: Cast;
let issueA: number;
let issueB: number;

const search = (authorization: string, body: object) =>
  call(t.app, authorization, "POST", "/api/chat/search", body);
const texts = (body: Frame) =>
  (body.items as TSearchHit[]).map((h) =>
    h.snippet.highlights.map((r) => h.snippet.text.slice(r.start, r.end)),
  );

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  issueA = await openIssue(
    t.app,
    cast.ownerA,
    cast.orgA.id,
    "Replication lag on site Lisbon",
    "The nodes are fine",
  );
  await post(t.app, cast.ownerA, issueA, "After the upgrade the metadata server keeps failing every hour");
  await post(t.app, cast.engineer, issueA, "Please send the **inspect** bundle of the cluster");
  await post(t.app, cast.ownerA, issueA, "<script>alert(1)</script> the journal shows kernel panic on boot");
  issueB = await openIssue(
    t.app,
    cast.ownerB,
    cast.orgB.id,
    "Secret project Lisbon",
    "Our metadata server fails too",
  );
}, 60_000);
afterAll(() => t.close());

describe("POST /api/chat/search", () => {
  it("finds a message by a stemmed word and links to its index, with the match highlighted", async () => {
    const res = await search(cast.ownerA, { query: "fails", type: "messages" });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    const [hit] = res.body.items;
    expect(hit).toMatchObject({
      kind: "message",
      issue_number: issueA,
      msg_index: 2,
      title: "Replication lag on site Lisbon",
    });
    expect(hit.author).toMatchObject({ name: "Olga Owner", type: "customer" });
    expect(texts(res.body)).toEqual([["failing"]]);
    // Half-width 30 around the match.
    expect(hit.snippet.text.length).toBeLessThanOrEqual(30 + "failing".length + 30 + 2);
  });

  it("matches a quoted phrase only where the words stand together", async () => {
    const phrase = await search(cast.ownerA, { query: '"kernel panic"' });
    expect(phrase.body.items.map((h: { msg_index: number }) => h.msg_index)).toEqual([4]);
    const apart = await search(cast.ownerA, { query: '"panic kernel"' });
    expect(apart.body.items).toEqual([]);
  });

  it("finds titles with the 75-character half-width and title hits before messages", async () => {
    const res = await search(cast.engineer, { query: "Lisbon", type: "titles" });
    expect(res.body.items.map((h: { issue_number: number }) => h.issue_number).sort()).toEqual(
      [issueA, issueB].sort(),
    );
    expect(
      res.body.items.every(
        (h: { kind: string; msg_index: null }) => h.kind === "title" && h.msg_index === null,
      ),
    ).toBe(true);
  });

  it("treats operators, prefixes, quotes and parentheses as plain text", async () => {
    for (const query of [
      '& | ! :* ( " \\',
      "fail:* & !panic",
      "((metadata",
      "metadata)) | ",
      '"unbalanced metadata',
      "'; drop table issues; --",
    ]) {
      const res = await search(cast.ownerA, { query });
      expect(res.status, query).toBe(200);
    }
    const unbalanced = await search(cast.ownerA, { query: '"metadata server' });
    expect(unbalanced.body.items.length).toBeGreaterThan(0);
  });

  it("answers a query of stop words only with no hits, and refuses empty and over-long queries", async () => {
    expect((await search(cast.ownerA, { query: "the and of" })).body.items).toEqual([]);
    const empty = await search(cast.ownerA, { query: "   " });
    expect(empty).toMatchObject({ status: 400, body: { error: SEARCH_MESSAGES.queryRequired } });
    const long = await search(cast.ownerA, { query: "x".repeat(10_000) });
    expect(long).toMatchObject({ status: 400, body: { error: SEARCH_MESSAGES.queryTooLong } });
  });

  it("refuses page sizes of 0, 10^9 and negative pages", async () => {
    for (const body of [{ page_size: 0 }, { page_size: 1e9 }, { page: -1 }, { page: 0 }]) {
      const res = await search(cast.ownerA, { query: "metadata", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("jumps to #123 when the viewer may open that issue, and never to another account's", async () => {
    expect((await search(cast.ownerA, { query: `#${issueA}` })).body.jump).toEqual({ issue_number: issueA });
    expect((await search(cast.ownerA, { query: `#${issueB}` })).body.jump).toBeNull();
    expect((await search(cast.engineer, { query: `#${issueB}` })).body.jump).toEqual({
      issue_number: issueB,
    });
  });

  it("searches one issue by issue_num, and nothing of another account's issue", async () => {
    const one = await search(cast.ownerA, { query: "metadata", issue_num: issueA });
    expect(one.body.items.every((h: { issue_number: number }) => h.issue_number === issueA)).toBe(true);
    const foreign = await search(cast.ownerA, { query: "metadata", issue_num: issueB });
    expect(foreign).toMatchObject({ status: 404, body: { error: "Issue not found" } });
  });

  it("never returns another account's hits to a customer, by any parameter", async () => {
    for (const body of [{}, { type: "titles" }, { type: "messages" }, { sort: "newest" }]) {
      const res = await search(cast.ownerA, { query: "Lisbon metadata secret", ...body });
      expect(res.body.items.every((h: { account_id: number }) => h.account_id === cast.orgA.id)).toBe(true);
    }
    expect((await search(cast.ownerA, { query: "secret project" })).body.items).toEqual([]);
    const foreignAccount = await search(cast.ownerA, { query: "metadata", account_id: cast.orgB.id });
    expect(foreignAccount.status).toBe(403);
    // The other customer finds their own issue and not A's.
    const b = await search(cast.ownerB, { query: "metadata" });
    expect(b.body.items.map((h: { issue_number: number }) => h.issue_number)).toEqual([issueB]);
  });

  it("lets engineers search everything or one account", async () => {
    const all = await search(cast.engineer, { query: "metadata" });
    expect(new Set(all.body.items.map((h: { account_id: number }) => h.account_id))).toEqual(
      new Set([cast.orgA.id, cast.orgB.id]),
    );
    const one = await search(cast.engineer, { query: "metadata", account_id: cast.orgB.id });
    expect(one.body.items.map((h: { account_id: number }) => h.account_id)).toEqual([cast.orgB.id]);
  });

  it("returns text, never markup: HTML in a message stays text in the snippet", async () => {
    const res = await search(cast.ownerA, { query: "journal" });
    expect(res.body.items[0].snippet.text).toContain("<script>alert(1)</script>");
    expect(res.body.items[0].snippet.text).not.toMatch(/\uE000|\uE001/);
  });

  it("no longer finds a deleted message", async () => {
    const issue = await openIssue(t.app, cast.ownerA, cast.orgA.id, "Disposable", "zanzibar quokka");
    expect((await search(cast.ownerA, { query: "quokka" })).body.items).toHaveLength(1);
    await call(t.app, cast.ownerA, "DELETE", `/api/chat/issue/${issue}/message/1`);
    expect((await search(cast.ownerA, { query: "quokka" })).body.items).toEqual([]);
  });

  it("pages without a cap and says when another page exists", async () => {
    const issue = await openIssue(t.app, cast.ownerA, cast.orgA.id, "Paging", "walrus 0");
    for (let i = 1; i < 5; i++) await post(t.app, cast.ownerA, issue, `walrus ${i}`);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await search(cast.ownerA, {
        query: "walrus",
        type: "messages",
        page,
        page_size: 2,
        sort: "newest",
      });
      seen.push(...res.body.items.map((h: { msg_index: number }) => h.msg_index));
      expect(res.body.has_more).toBe(page < 3);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1]);
  });

  it(`orders newest first, and says so, when more than ${RANKED_MATCHES_MAX} messages match`, async () => {
    const issue = await openIssue(t.app, cast.ownerB, cast.orgB.id, "Chatty", "narwhal");
    await t.db.execute(
      sql`insert into messages (issue_number, "index", author_type, body, revision, created_at)
       select ${issue}, g, 'customer', 'narwhal ' || g, g, now() + g * interval '1 second'
       from generate_series(2, ${RANKED_MATCHES_MAX + 2}) g`,
    );
    await t.db.execute(
      sql`update issues set last_message_index = ${RANKED_MATCHES_MAX + 2} where issue_number = ${issue}`,
    );
    const res = await search(cast.ownerB, { query: "narwhal", page_size: 3 });
    expect(res.body.sort).toBe("newest");
    expect(res.body.items.map((h: { msg_index: number }) => h.msg_index)).toEqual([
      RANKED_MATCHES_MAX + 2,
      RANKED_MATCHES_MAX + 1,
      RANKED_MATCHES_MAX,
    ]);
    expect((await search(cast.ownerA, { query: "walrus" })).body.sort).toBe("relevance");
  });

  it("answers 401 without a token before reading the body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/chat/search", payload: "{not json" });
    expect(res.statusCode).toBe(401);
  });
});
