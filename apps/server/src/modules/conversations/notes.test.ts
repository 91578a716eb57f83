import { ISSUE_WORK_MESSAGES, NOTE_MAX_LENGTH } from "@portico/shared/schemas/issue-work";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { issueEvents, issueNotes } from "../../db/schema";
import { createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { ChatTestClient } from "./chat-test-client";
import { NOTE_DELETE_REFUSED } from "./notes.service";
import { type Cast, call as callAs, createCast, type Method, openIssue, post } from "./test-fixtures";

let t: TestContext;
let base: string;
let cast: Cast;
let otherEngineer: string;
const sockets: ChatTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  cast = await createCast(t);
  const erik = await createUser(t.db, { accountId: 1, role: "engineer", name: "Erik Other" });
  otherEngineer = (await signIn(t.app, erik)).authorization;
});
afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map((c) => (c.socket.readyState === WebSocket.OPEN ? c.close() : undefined)),
  );
});
afterAll(() => t.close());

/** As the fixtures' call, but a 204 answers with no body. */
const call = async (authorization: string, method: Method, url: string, payload?: object) => {
  if (method !== "DELETE") return callAs(t.app, authorization, method, url, payload);
  const res = await t.app.inject({ method, url, headers: { authorization } });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, raw: res.body };
};
const ENGINEERS_ONLY = { error: "Only vendor engineers can do this", status: 403 };

const addNote = async (issue: number, body: string, as = cast.engineer) => {
  const res = await call(as, "POST", `/api/chat/issue/${issue}/notes`, { body });
  expect(res.status).toBe(201);
  return res.body;
};
const notesIn = async (issue: number) =>
  t.db
    .select({ id: issueNotes.id, body: issueNotes.body })
    .from(issueNotes)
    .where(eq(issueNotes.issueNumber, issue))
    .orderBy(issueNotes.id);
const eventTypes = async (issue: number) =>
  (
    await t.db
      .select({ type: issueEvents.type })
      .from(issueEvents)
      .where(eq(issueEvents.issueNumber, issue))
      .orderBy(issueEvents.id)
  ).map((e) => e.type);

describe("writing notes", () => {
  it("an engineer writes a note after the newest message; it is listed, shown on the page and an event", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    await post(t.app, cast.ownerA, n, "Second message");
    const res = await call(cast.engineer, "POST", `/api/chat/issue/${n}/notes`, {
      body: "\n  Customer runs **v3.2**  \n\n",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      issue_number: n,
      body: "  Customer runs **v3.2**",
      author: { user_id: cast.engineerId, name: "Erin Engineer" },
      after_message_index: 2,
      created_at: expect.any(String),
      edited_at: null,
    });
    const list = await call(cast.engineer, "GET", `/api/chat/issue/${n}/notes`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
    const page = await call(cast.engineer, "GET", `/api/chat/issue/${n}`);
    expect(page.body.notes).toEqual([res.body]);
    const events = await call(cast.engineer, "GET", `/api/chat/issue/${n}/events`);
    expect(events.body.items.at(-1)).toMatchObject({
      audience: "engineers",
      actor: { user_id: cast.engineerId, name: "Erin Engineer", is_engineer: true },
      after_message_index: 2,
      data: { type: "note_added", note_id: res.body.id },
    });
  });

  it("lists notes oldest first, only the issue's own", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const other = await openIssue(t.app, cast.ownerB, cast.orgB.id);
    const first = await addNote(n, "first");
    await addNote(other, "elsewhere");
    const second = await addNote(n, "second", otherEngineer);
    const list = await call(cast.engineer, "GET", `/api/chat/issue/${n}/notes`);
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([first.id, second.id]);
  });

  it.each([
    ["empty", "", ISSUE_WORK_MESSAGES.noteRequired],
    ["blank", " \n\t ", ISSUE_WORK_MESSAGES.noteRequired],
    ["too long", "x".repeat(NOTE_MAX_LENGTH + 1), ISSUE_WORK_MESSAGES.noteTooLong],
  ])("refuses a %s note with the rule's message", async (_label, body, message) => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const res = await call(cast.engineer, "POST", `/api/chat/issue/${n}/notes`, { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await notesIn(n)).toEqual([]);
  });

  it("takes a note of exactly the longest length", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(n, "y".repeat(NOTE_MAX_LENGTH));
    expect(note.body.length).toBe(NOTE_MAX_LENGTH);
  });

  it("works on an archived issue", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const archived = await call(cast.engineer, "POST", `/api/chat/issue/${n}/answer`, {
      answered: true,
      archived: true,
    });
    expect(archived.status).toBe(200);
    const note = await addNote(n, "post-mortem");
    expect(
      (await call(cast.engineer, "PUT", `/api/chat/issue/${n}/notes/${note.id}`, { body: "x" })).status,
    ).toBe(200);
    expect((await call(cast.engineer, "DELETE", `/api/chat/issue/${n}/notes/${note.id}`)).status).toBe(204);
  });

  it("an unknown issue, or one outside the account named by aid, is not found", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    for (const url of [`/api/chat/issue/999999/notes`, `/api/chat/issue/${n}/notes?aid=${cast.orgB.id}`]) {
      expect(await call(cast.engineer, "GET", url)).toMatchObject({
        status: 404,
        body: { error: "Issue not found" },
      });
      expect((await call(cast.engineer, "POST", url, { body: "x" })).status).toBe(404);
    }
    expect(await notesIn(n)).toEqual([]);
  });
});

describe("editing and deleting notes", () => {
  it("the author edits a note: new text, edited_at set, no new event", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(n, "draft");
    const before = await eventTypes(n);
    const res = await call(cast.engineer, "PUT", `/api/chat/issue/${n}/notes/${note.id}`, { body: "final" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...note, body: "final", edited_at: expect.any(String) });
    expect(await notesIn(n)).toEqual([{ id: note.id, body: "final" }]);
    expect(await eventTypes(n)).toEqual(before);
  });

  it("another engineer, even an admin, may not edit it", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(n, "mine");
    for (const who of [otherEngineer, cast.admin]) {
      const res = await call(who, "PUT", `/api/chat/issue/${n}/notes/${note.id}`, { body: "theirs" });
      expect(res).toMatchObject({ status: 403, body: { error: ISSUE_WORK_MESSAGES.noteNotYours } });
    }
    expect(await notesIn(n)).toEqual([{ id: note.id, body: "mine" }]);
  });

  it("a note of another issue or no note at all is not found", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const other = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(other, "on the other issue");
    for (const id of [note.id, 999999]) {
      for (const [method, payload] of [
        ["PUT", { body: "moved" }],
        ["DELETE", undefined],
      ] as const) {
        const res = await call(cast.engineer, method, `/api/chat/issue/${n}/notes/${id}`, payload);
        expect(res).toMatchObject({ status: 404, body: { error: ISSUE_WORK_MESSAGES.noteNotFound } });
      }
    }
    expect(await notesIn(other)).toEqual([{ id: note.id, body: "on the other issue" }]);
  });

  it("the author deletes a note: gone, with a note_deleted event; twice is not found", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(n, "oops");
    const res = await call(cast.engineer, "DELETE", `/api/chat/issue/${n}/notes/${note.id}`);
    expect(res.status).toBe(204);
    expect(res.raw).toBe("");
    expect(await notesIn(n)).toEqual([]);
    expect(await eventTypes(n)).toEqual(["created", "note_added", "note_deleted"]);
    const again = await call(cast.engineer, "DELETE", `/api/chat/issue/${n}/notes/${note.id}`);
    expect(again.status).toBe(404);
  });

  it("another engineer may not delete it; an admin may", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(n, "keep");
    const refused = await call(otherEngineer, "DELETE", `/api/chat/issue/${n}/notes/${note.id}`);
    expect(refused).toMatchObject({ status: 403, body: { error: NOTE_DELETE_REFUSED } });
    expect(await notesIn(n)).toHaveLength(1);
    expect((await call(cast.admin, "DELETE", `/api/chat/issue/${n}/notes/${note.id}`)).status).toBe(204);
    expect(await notesIn(n)).toEqual([]);
  });

  it("a deleted author's note still lists, by a deleted user", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const gone = await createUser(t.db, { accountId: 1, role: "engineer", name: "Gone Soon" });
    const note = await addNote(n, "legacy", (await signIn(t.app, gone)).authorization);
    await t.db.execute(sql`delete from users where id = ${gone.id}`);
    const list = await call(cast.engineer, "GET", `/api/chat/issue/${n}/notes`);
    expect(list.body).toEqual([{ ...note, author: { user_id: null, name: expect.any(String) } }]);
    expect(list.body[0].author.name).not.toBe("Gone Soon");
  });
});

describe("customers and notes", () => {
  it("every note call answers 403 to a customer, and nothing changes", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const note = await addNote(n, "engineers only");
    const eventsBefore = await eventTypes(n);
    for (const who of [cast.ownerA, cast.userA, cast.ownerB]) {
      for (const [method, url, payload] of [
        ["GET", `/api/chat/issue/${n}/notes`, undefined],
        ["POST", `/api/chat/issue/${n}/notes`, { body: "customer note" }],
        ["PUT", `/api/chat/issue/${n}/notes/${note.id}`, { body: "changed" }],
        ["DELETE", `/api/chat/issue/${n}/notes/${note.id}`, undefined],
      ] as const) {
        const res = await call(who, method, url, payload);
        expect({ method, status: res.status, body: res.body }).toEqual({
          method,
          status: 403,
          body: ENGINEERS_ONLY,
        });
      }
    }
    expect(await notesIn(n)).toEqual([{ id: note.id, body: "engineers only" }]);
    expect(await eventTypes(n)).toEqual(eventsBefore);
  });
});

describe("notes live", () => {
  it("go to engineers on the staff channel as created, edited, deleted, with their events", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const staff = await ChatTestClient.connect(t.app, base, cast.engineer);
    sockets.push(staff);
    expect(await staff.subscribe(`staff:issue:${n}`)).toEqual({
      type: "subscribed",
      channel: `staff:issue:${n}`,
    });
    const note = await addNote(n, "live note");
    await call(cast.engineer, "PUT", `/api/chat/issue/${n}/notes/${note.id}`, { body: "live edit" });
    await call(cast.engineer, "DELETE", `/api/chat/issue/${n}/notes/${note.id}`);
    const channel = `staff:issue:${n}`;
    await staff.next((f) => f.type === "event" && f.event.data.type === "note_deleted");
    await staff.next((f) => f.type === "note" && f.action === "deleted");
    const notes = staff.frames.filter((f) => f.type === "note");
    expect(notes.map((f) => [f.channel, f.action, f.note.body])).toEqual([
      [channel, "created", "live note"],
      [channel, "edited", "live edit"],
      [channel, "deleted", "live edit"],
    ]);
    const events = staff.frames.filter((f) => f.type === "event").map((f) => [f.channel, f.event.data]);
    expect(events).toEqual([
      [channel, { type: "note_added", note_id: note.id }],
      [channel, { type: "note_deleted", note_id: note.id }],
    ]);
  });
});
