/** Messages: editing, force_fmt_msg, deletion kept as "Deleted", read state, lookup by date. */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { createTestApp, type TestContext } from "../../test/helper";
import { type Cast, call as callAs, createCast, type Method, openIssue, post } from "./test-fixtures";

let t: TestContext;
let ownerA: string;
let userA: string;
let userAId: number;
let engineer: string;
let engineerId: number;
let orgA: Cast["orgA"];

beforeAll(async () => {
  t = await createTestApp();
  ({ ownerA, userA, userAId, engineer, engineerId, orgA } = await createCast(t));
});
afterAll(() => t.close());

const call = (authorization: string, method: Method, url: string, payload?: object) =>
  callAs(t.app, authorization, method, url, payload);

describe("editing and deleting messages", () => {
  let n: number;
  beforeAll(async () => {
    n = await openIssue(t.app, ownerA, orgA.id, "Edits", "first");
    await post(t.app, userA, n, "second");
    await post(t.app, engineer, n, "third");
  });
  const message = async (index: number) =>
    (await call(ownerA, "GET", `/api/chat/issue/${n}?msgIndex=${index}&limit=1`)).body.messages[0];

  it("the author edits their own message", async () => {
    const res = await call(ownerA, "PUT", `/api/chat/issue/${n}/message/1`, { body: "first, corrected" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ index: 1, body: "first, corrected" });
    expect(res.body.edited_at).not.toBeNull();
  });

  it("nobody edits someone else's message, not even an engineer", async () => {
    for (const who of [ownerA, engineer]) {
      const res = await call(who, "PUT", `/api/chat/issue/${n}/message/2`, { body: "not yours" });
      expect(res.body).toEqual({ error: "You can only edit your own messages", status: 403 });
    }
    expect((await message(2)).body).toBe("second");
  });

  it("force_fmt_msg: the author or an engineer, not another customer", async () => {
    const byEngineer = await call(engineer, "PUT", `/api/chat/issue/${n}/message/2`, { force_fmt_msg: true });
    expect(byEngineer.body.attributes).toEqual({ force_format: true });
    const byOther = await call(ownerA, "PUT", `/api/chat/issue/${n}/message/2`, { force_fmt_msg: false });
    expect(byOther.status).toBe(403);
    const byAuthor = await call(userA, "PUT", `/api/chat/issue/${n}/message/2`, { force_fmt_msg: false });
    expect(byAuthor.body.attributes).toEqual({});
  });

  it("an edit needs something to change and a valid body", async () => {
    expect((await call(ownerA, "PUT", `/api/chat/issue/${n}/message/1`, {})).body.error).toBe(
      "Give a new body or force_fmt_msg",
    );
    expect((await call(ownerA, "PUT", `/api/chat/issue/${n}/message/1`, { body: "\u200b" })).body.error).toBe(
      "Message cannot be empty",
    );
    expect((await call(ownerA, "PUT", `/api/chat/issue/${n}/message/99`, { body: "x" })).status).toBe(404);
  });

  it("a customer deletes only their own; the message stays as Deleted, by whom and when", async () => {
    const refused = await call(ownerA, "DELETE", `/api/chat/issue/${n}/message/2`);
    expect(refused.body).toEqual({ error: "You can only delete your own messages", status: 403 });
    const res = await call(userA, "DELETE", `/api/chat/issue/${n}/message/2`);
    expect(res.status).toBe(200);
    expect(res.body.body).toBe("");
    expect(res.body.attributes).toMatchObject({ deletedBy: "Una User", deletedById: userAId });
    expect(Date.parse(res.body.attributes.deletedAt)).not.toBeNaN();
    const [row] = await t.db
      .select()
      .from(messages)
      .where(sql`${messages.issueNumber} = ${n} and ${messages.index} = 2`);
    expect(row?.body).toBe("");
    expect((await call(userA, "DELETE", `/api/chat/issue/${n}/message/2`)).body).toEqual({
      error: "This message was deleted",
      status: 409,
    });
    expect((await call(userA, "PUT", `/api/chat/issue/${n}/message/2`, { body: "back" })).status).toBe(409);
  });

  it("an engineer may delete anyone's; the list row then shows no preview", async () => {
    const res = await call(engineer, "DELETE", `/api/chat/issue/${n}/message/3`);
    expect(res.body.attributes).toMatchObject({ deletedBy: "Erin Engineer", deletedById: engineerId });
    const list = await call(ownerA, "GET", "/api/chat/issue?page_size=100");
    const row = list.body.items.find((i: { issue: { issue_number: number } }) => i.issue.issue_number === n);
    expect(row.lastMessage).toMatchObject({ index: 3, preview: "", deleted: true });
  });
});

describe("read state and lookup", () => {
  let n: number;
  beforeAll(async () => {
    n = await openIssue(t.app, ownerA, orgA.id, "Reads", "one");
    await post(t.app, engineer, n, "two");
    await post(t.app, engineer, n, "three");
  });

  it("counts unread messages per person; the read index only moves forward", async () => {
    const item = async (who: string) => (await call(who, "GET", `/api/chat/issue/${n}`)).body.conversation;
    expect(await item(ownerA)).toMatchObject({ unreadMessageCount: 2, readMessageIndex: 1 });
    expect(await item(userA)).toMatchObject({ unreadMessageCount: 3, readMessageIndex: 0 });
    const read = await call(ownerA, "PUT", `/api/chat/issue/${n}/read`, { read_message_index: 3 });
    expect(read.body).toEqual({ read_message_index: 3, unreadMessageCount: 0 });
    const back = await call(ownerA, "PUT", `/api/chat/issue/${n}/read`, { read_message_index: 2 });
    expect(back.body).toEqual({ read_message_index: 3, unreadMessageCount: 0 });
  });

  it.each<[unknown, string]>([
    [4, "read_message_index is past the last message (3)"],
    [-1, "Too small: expected number to be >=0"],
    [1.5, "Invalid input: expected int, received number"],
  ])("refuses read_message_index %j", async (index, error) => {
    const res = await call(userA, "PUT", `/api/chat/issue/${n}/read`, { read_message_index: index });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it("lookup-message finds the first message at or after a date", async () => {
    const rows = await t.db.select().from(messages).where(eq(messages.issueNumber, n));
    const second = rows.find((r) => r.index === 2);
    if (!second) throw new Error("missing message");
    const at = (date: string) =>
      call(ownerA, "GET", `/api/chat/issue/${n}/lookup-message?date=${encodeURIComponent(date)}`);
    expect((await at("2000-01-01")).body).toEqual({ msgIndex: 1 });
    expect((await at(second.createdAt.toISOString())).body).toEqual({ msgIndex: 2 });
    expect((await at("2999-01-01T00:00:00Z")).body).toEqual({
      error: "No message was written at or after that date",
      status: 404,
    });
    for (const bad of ["yesterday", "2026-02-30T25:00:00Z", ""]) {
      expect((await at(bad)).status).toBe(400);
    }
  });
});
