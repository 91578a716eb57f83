/**
 * Issue 10's proof that internal notes never reach a customer: an issue with notes (one edited,
 * one deleted), worked on by engineers while its customers listen on every channel they may
 * open; then every GET route of the route table a customer can call about the issue, and
 * search, as its owner and as a plain user. No answer and no frame may carry any note's text;
 * an engineer's do, so the walk is known to look where notes would be.
 */
import { ASSIGNMENT_FILTERS } from "@portico/shared/rules/roles";
import { SEARCH_PAGE_SIZE_MAX, SEARCH_TYPES } from "@portico/shared/schemas/search";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueNotes, memberships } from "../../db/schema";
import { createTestApp, type TestContext } from "../../test/helper";
import { ChatTestClient, type Frame } from "./chat-test-client";
import { type Cast, createCast, type Method, openIssue, post } from "./test-fixtures";

/** Every note's text carries this; nothing else in the test does. */
const MARKER = "zebracorn";
const NOTE_TEXTS = {
  kept: `${MARKER}kept customer runs unsupported firmware`,
  edited: `${MARKER}draft ask about the second site`,
  editedTo: `${MARKER}edited they have a second site in Lyon`,
  deleted: `${MARKER}deleted wrong issue`,
};
const hasMarker = (text: string) => text.toLowerCase().includes(MARKER);

let t: TestContext;
let base: string;
let cast: Cast;
let n: number;
let ownerAId: number;
const sockets: ChatTestClient[] = [];

interface Answer {
  who: string;
  request: string;
  status: number;
  text: string;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  cast = await createCast(t);
  const [owner] = await t.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, cast.orgA.id), eq(memberships.role, "owner")));
  ownerAId = owner?.userId ?? 0;
  n = await openIssue(t.app, cast.ownerA, cast.orgA.id, "Replication stalled", "Site B stopped syncing");
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t.close();
});

/** As the fixtures' call, but a 204 answers with no body. */
const call = async (authorization: string, method: Method, url: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload }),
  });
  const location = res.headers.location ? ` location: ${res.headers.location}` : "";
  return {
    status: res.statusCode,
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the tests that read them
    body: (res.body && String(res.headers["content-type"]).includes("json") ? res.json() : undefined) as any,
    text: res.body + location,
  };
};
const expectStatus = async (promise: ReturnType<typeof call>, status: number) => {
  const res = await promise;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res;
};

const connect = async (authorization: string, channels: string[]) => {
  const client = await ChatTestClient.connect(t.app, base, authorization);
  sockets.push(client);
  for (const channel of channels) {
    const answer = await client.subscribe(channel);
    if (answer.type !== "subscribed") throw new Error(`${channel}: ${JSON.stringify(answer)}`);
  }
  return client;
};

/** Values tried for each path parameter: every id the issue and its people go by. */
function fillings(noteIds: number[]): Record<string, string[]> {
  const ids = [n, cast.orgA.id, ownerAId, cast.userAId, cast.engineerId].map(String);
  return {
    id: [...new Set(ids)],
    index: ["1", "2", "3"],
    noteId: noteIds.map(String),
    userId: [String(cast.engineerId), String(cast.userAId)],
    tagId: ["1"],
    categoryId: ["1"],
    uuid: ["00000000-0000-4000-8000-000000000000"],
  };
}

/** The query strings tried on a route: none, the issue's account, and the route's own anchors. */
function queriesFor(url: string): string[] {
  const queries = ["", `?aid=${cast.orgA.id}`];
  if (url === "/api/chat/issue" || url === "/api/chat/follow")
    queries.push(...ASSIGNMENT_FILTERS.map((f) => `?filter=${f}`), "?page_size=100");
  if (url === "/api/chat/issue/:id") queries.push("?msgIndex=1", "?after=0", "?before=4", "?limit=200");
  if (url.endsWith("/lookup-message")) queries.push("?date=2000-01-01T00:00:00Z");
  if (url.endsWith("/events")) queries.push("?limit=500", "?after_id=0");
  return queries;
}

/** Every concrete URL of a route pattern: each parameter filled with each of its values. */
function concreteUrls(pattern: string, values: Record<string, string[]>): string[] {
  let urls = [pattern];
  for (const [, name] of pattern.matchAll(/:([A-Za-z_]+)/g)) {
    const options = (name ? values[name] : undefined) ?? ["1"];
    urls = urls.flatMap((u) => options.map((v) => u.replace(`:${name}`, v)));
  }
  return urls;
}

/** Every GET of the API a signed-in caller might reach (the socket and the docs aside). */
const getRoutes = () =>
  [
    ...new Set(
      t.app.routeTable
        .filter((r) => r.method === "GET" && r.url.startsWith("/api/"))
        .filter((r) => !r.url.startsWith("/api/docs") && r.url !== "/api/chat/ws")
        .map((r) => r.url),
    ),
  ].sort();

/** Calls every GET route with every filling and query, and search with the note's words. */
async function walk(who: string, authorization: string, noteIds: number[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  const values = fillings(noteIds);
  for (const pattern of getRoutes()) {
    for (const url of concreteUrls(pattern, values)) {
      for (const query of queriesFor(pattern)) {
        const res = await call(authorization, "GET", url + query);
        answers.push({ who, request: `GET ${url}${query}`, status: res.status, text: res.text });
      }
    }
  }
  const words = Object.values(NOTE_TEXTS).flatMap((text) => text.split(" "));
  for (const type of SEARCH_TYPES) {
    for (const query of [MARKER, `${MARKER}*`, ...words]) {
      for (const scope of [{}, { issue_num: n }, { account_id: cast.orgA.id }]) {
        const body = { query, type, page_size: SEARCH_PAGE_SIZE_MAX, ...scope };
        const res = await call(authorization, "POST", "/api/chat/search", body);
        answers.push({
          who,
          request: `POST /api/chat/search ${JSON.stringify(body)}`,
          status: res.status,
          text: res.text,
        });
      }
    }
  }
  // The summary (a POST) reads the conversation: a customer's must not read the notes.
  const summary = await call(authorization, "POST", `/api/chat/issue/${n}/summarize`);
  answers.push({
    who,
    request: `POST /api/chat/issue/${n}/summarize`,
    status: summary.status,
    text: summary.text,
  });
  return answers;
}

const leaks = (answers: Answer[]) =>
  answers.filter((a) => hasMarker(a.text)).map((a) => `${a.who}: ${a.request}`);
const frameLeaks = (who: string, frames: Frame[]) =>
  frames.filter((f) => hasMarker(JSON.stringify(f))).map((f) => `${who}: ${JSON.stringify(f)}`);

describe("internal notes never reach a customer", () => {
  it("through any answer or socket push, while engineers write, edit and delete notes and work the issue", async () => {
    // The customers listen on every channel they may open; an engineer on the staff channel too.
    const customerChannels = (userId: number) => [
      `issue:${n}`,
      `account:${cast.orgA.id}`,
      `user:${userId}`,
      "presence",
    ];
    const owner = await connect(cast.ownerA, customerChannels(ownerAId));
    const plain = await connect(cast.userA, customerChannels(cast.userAId));
    const staff = await connect(cast.engineer, [`issue:${n}`, `staff:issue:${n}`, "queue"]);
    for (const customer of [owner, plain]) {
      for (const channel of [`staff:issue:${n}`, "queue", `user:${cast.engineerId}`]) {
        expect(await customer.subscribe(channel)).toMatchObject({
          type: "error",
          error: "Channel not found",
        });
      }
    }

    // Engineers work the issue: notes written, one edited, one deleted, around other changes.
    const note = (body: string) =>
      expectStatus(call(cast.engineer, "POST", `/api/chat/issue/${n}/notes`, { body }), 201).then(
        (r) => r.body,
      );
    const kept = await note(NOTE_TEXTS.kept);
    await post(t.app, cast.engineer, n, "We are looking at it");
    const edited = await note(NOTE_TEXTS.edited);
    await expectStatus(
      call(cast.engineer, "PUT", `/api/chat/issue/${n}/notes/${edited.id}`, { body: NOTE_TEXTS.editedTo }),
      200,
    );
    const deleted = await note(NOTE_TEXTS.deleted);
    await expectStatus(call(cast.admin, "DELETE", `/api/chat/issue/${n}/notes/${deleted.id}`), 204);
    await expectStatus(
      call(cast.engineer, "PUT", `/api/chat/issue/${n}`, { title: "Replication stalled at site B" }),
      200,
    );
    await expectStatus(
      call(cast.engineer, "POST", `/api/chat/issue/${n}/notify`, { user_ids: [cast.userAId] }),
      200,
    );
    await post(t.app, cast.ownerA, n, "Any news?");
    await expectStatus(call(cast.engineer, "POST", `/api/chat/issue/${n}/answer`, { answered: true }), 200);

    // The customers' own calls answer without notes too.
    const own: Answer[] = [];
    for (const [who, authorization] of [
      ["owner", cast.ownerA],
      ["user", cast.userA],
    ] as const) {
      for (const [method, url, payload] of [
        ["POST", `/api/chat/issue/${n}`, { body: `A reply from the ${who}` }],
        ["PUT", `/api/chat/issue/${n}`, { title: `Replication stalled (${who})` }],
        ["PUT", `/api/chat/issue/${n}/read`, { read_message_index: 1 }],
        ["POST", `/api/chat/issue/${n}/notify`, { user_ids: [cast.engineerId] }],
        // Refused, and changing nothing.
        ["POST", `/api/chat/issue/${n}/notes`, { body: "customer note" }],
        ["PUT", `/api/chat/issue/${n}/notes/${kept.id}`, { body: "customer edit" }],
        ["DELETE", `/api/chat/issue/${n}/notes/${kept.id}`, undefined],
      ] as const) {
        const res = await call(authorization, method, url, payload);
        own.push({ who, request: `${method} ${url}`, status: res.status, text: res.text });
      }
    }
    const refusedNoteCalls = own.filter((a) => a.request.includes("/notes"));
    expect(refusedNoteCalls.map((a) => a.status)).toEqual(Array(6).fill(403));
    // Everything else answered, except a plain user's rename (only the author or an owner may).
    const refusedOthers = own.filter((a) => !a.request.includes("/notes") && a.status >= 300);
    expect(refusedOthers.map((a) => `${a.who} ${a.request} ${a.status}`)).toEqual([
      `user PUT /api/chat/issue/${n} 403`,
    ]);
    const stored = await t.db
      .select()
      .from(issueNotes)
      .where(eq(issueNotes.issueNumber, n))
      .orderBy(issueNotes.id);
    expect(stored.map((s) => s.body)).toEqual([NOTE_TEXTS.kept, NOTE_TEXTS.editedTo]);

    // Every frame so far has arrived once each socket answers a ping.
    await Promise.all([owner, plain, staff].map((s) => s.roundTrip()));
    // A customer catching up on the issue from its start.
    const late = await connect(cast.userA, []);
    await late.subscribe(`issue:${n}`, { lastIndex: 0, lastRevision: 0 });
    await late.next((f) => f.type === "caught-up");

    const noteIds = [kept.id, edited.id, deleted.id];
    const answers = [
      ...own,
      ...(await walk("owner", cast.ownerA, noteIds)),
      ...(await walk("user", cast.userA, noteIds)),
    ];

    // The walk reached the issue: the customer's view of it answered, so "no marker" means something.
    const reached = new Set(answers.filter((a) => a.status === 200).map((a) => a.request.split("?")[0]));
    for (const path of [
      `/api/chat/issue/${n}`,
      `/api/chat/issue/${n}/events`,
      "/api/chat/issue",
      `/api/chat/issue/${n}/participants`,
    ])
      expect(reached).toContain(`GET ${path}`);
    expect(reached).toContain(`POST /api/chat/issue/${n}/summarize`);
    expect(
      answers.filter((a) => a.request.startsWith("POST /api/chat/search") && a.status === 200).length,
    ).toBeGreaterThan(0);
    const customerFrames = [...owner.frames, ...plain.frames, ...late.frames];
    expect(
      customerFrames.some((f) => f.type === "message" && f.message.body === "We are looking at it"),
    ).toBe(true);
    expect(customerFrames.some((f) => f.type === "event" && f.event.data.type === "renamed")).toBe(true);
    expect(customerFrames.some((f) => f.type === "mention")).toBe(true);
    expect(customerFrames.filter((f) => f.type === "note" || f.event?.data.type.startsWith("note_"))).toEqual(
      [],
    );

    expect(leaks(answers)).toEqual([]);
    expect([
      ...frameLeaks("owner", owner.frames),
      ...frameLeaks("user", plain.frames),
      ...frameLeaks("user catching up", late.frames),
    ]).toEqual([]);

    // The same walk as an engineer finds every note that still exists, and the socket had all of them.
    const staffAnswers = await walk("engineer", cast.engineer, noteIds);
    const staffText = staffAnswers.map((a) => a.text).join("\n");
    expect(staffText).toContain(NOTE_TEXTS.kept);
    expect(staffText).toContain(NOTE_TEXTS.editedTo);
    expect(leaks(staffAnswers)).toEqual(
      expect.arrayContaining([
        `engineer: GET /api/chat/issue/${n}/notes`,
        `engineer: GET /api/chat/issue/${n}`,
      ]),
    );
    const staffFrames = JSON.stringify(staff.frames);
    for (const text of Object.values(NOTE_TEXTS)) expect(staffFrames).toContain(text);
  });
});
