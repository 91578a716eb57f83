/** /api/chat/ws with real WebSocket clients against the listening app. */
import { CHAT_CLOSE } from "@portico/shared/schemas/conversations";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { sessions } from "../../db/schema";
import { createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { ChatTestClient, chatToken, type Frame, messagesOf } from "./chat-test-client";
import { type Cast, call, createCast, openIssue, post } from "./test-fixtures";

let t: TestContext;
let base: string;
let orgA: Cast["orgA"];
let orgB: Cast["orgB"];
let ownerA: string;
let userA: string;
let ownerB: string;
let engineer: string;
let engineerId: number;
const open: ChatTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  ({ orgA, orgB, ownerA, userA, ownerB, engineer, engineerId } = await createCast(t));
});
afterEach(async () => {
  await Promise.all(
    open.splice(0).map((c) => (c.socket.readyState === WebSocket.OPEN ? c.close() : undefined)),
  );
});
afterAll(() => t.close());

const connect = async (authorization: string) => {
  const client = await ChatTestClient.connect(t.app, base, authorization);
  open.push(client);
  return client;
};
const raw = async () => {
  const client = await ChatTestClient.open(base);
  open.push(client);
  return client;
};
const bodies = (frames: Frame[]) => frames.map((f) => f.message.body);

describe("authentication", () => {
  it("a frame before auth closes the socket with 4401", async () => {
    const client = await raw();
    client.send({ type: "subscribe", channel: "presence" });
    expect(await client.closed).toEqual({ code: CHAT_CLOSE.unauthorized, reason: "Authentication required" });
  });

  it.each<[string, () => Promise<string>]>([
    ["a made-up token", async () => "not.a.token"],
    ["an access token", async () => ownerA.replace("Bearer ", "")],
  ])("%s is refused with 4401", async (_label, token) => {
    const client = await raw();
    client.send({ type: "auth", token: await token() });
    expect((await client.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });

  it("a token of a signed-out session is refused, and so is its renewal on an open socket", async () => {
    const user = await createUser(t.db, { accountId: orgA.id });
    const { authorization } = await signIn(t.app, user);
    const token = await chatToken(t.app, authorization);
    const client = await connect(authorization);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    client.send({ type: "auth", token });
    expect(await client.closed).toEqual({
      code: CHAT_CLOSE.unauthorized,
      reason: "Session expired, please sign in again",
    });
    const fresh = await raw();
    fresh.send({ type: "auth", token });
    expect((await fresh.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });

  it("renews over the open socket without dropping it; another user's token closes it", async () => {
    const client = await connect(ownerA);
    await client.subscribe(`account:${orgA.id}`);
    client.send({ type: "auth", token: await chatToken(t.app, ownerA) });
    await client.next((f) => f.type === "renewed");
    const n = await openIssue(t.app, ownerA, orgA.id, "after renewal");
    await client.next((f) => f.type === "issue" && f.item.issue.issue_number === n);
    client.send({ type: "auth", token: await chatToken(t.app, userA) });
    expect(await client.closed).toEqual({
      code: CHAT_CLOSE.unauthorized,
      reason: "The chat token belongs to another user",
    });
  });
});

describe("channels and pushes", () => {
  it("messages, typing and read state reach the issue's subscribers; list items reach the account and the queue", async () => {
    const n = await openIssue(t.app, ownerA, orgA.id, "Live", "first");
    const customer = await connect(userA);
    const eng = await connect(engineer);
    for (const [client, channels] of [
      [customer, [`issue:${n}`, `account:${orgA.id}`]],
      [eng, [`issue:${n}`, "queue"]],
    ] as const) {
      for (const channel of channels) expect((await client.subscribe(channel)).type).toBe("subscribed");
    }
    const message = await post(t.app, engineer, n, "**on it**");
    const pushed = await customer.next((f) => f.type === "message" && f.message.index === 2);
    expect(pushed).toMatchObject({
      channel: `issue:${n}`,
      action: "created",
      message: { body: "**on it**", author: { name: "Erin Engineer", type: "engineer" } },
    });
    expect(pushed.message).toEqual(message);
    const item = await customer.next((f) => f.type === "issue" && f.item.issue.last_message_index === 2);
    expect(item).toMatchObject({
      channel: `account:${orgA.id}`,
      item: { issueStatus: "open", lastMessage: { index: 2, preview: "**on it**" } },
    });
    expect(item.item.unreadMessageCount).toBeUndefined();
    await eng.next(
      (f) => f.type === "issue" && f.channel === "queue" && f.item.issue.last_message_index === 2,
    );

    customer.send({ type: "typing", issue: n });
    expect(await eng.next((f) => f.type === "typing")).toMatchObject({
      issue: n,
      user: { name: "Una User", is_engineer: false },
    });
    await call(t.app, userA, "PUT", `/api/chat/issue/${n}/read`, { read_message_index: 2 });
    expect(await eng.next((f) => f.type === "read")).toMatchObject({ issue: n, read_message_index: 2 });

    await call(t.app, engineer, "POST", `/api/chat/issue/${n}/answer`);
    await customer.next((f) => f.type === "issue" && f.item.issueStatus === "answered");
    await call(t.app, engineer, "PUT", `/api/chat/issue/${n}/message/2`, { body: "on it (edited)" });
    expect(await customer.next((f) => f.type === "message" && f.action === "edited")).toMatchObject({
      message: { index: 2, body: "on it (edited)" },
    });
    await call(t.app, engineer, "DELETE", `/api/chat/issue/${n}/message/2`);
    expect(await customer.next((f) => f.type === "message" && f.action === "deleted")).toMatchObject({
      message: { index: 2, body: "", attributes: { deletedBy: "Erin Engineer" } },
    });
  });

  it("typing is refused on an issue the socket did not subscribe to, and repeated typing is thinned", async () => {
    const n = await openIssue(t.app, ownerA, orgA.id);
    const a = await connect(ownerA);
    const b = await connect(userA);
    a.send({ type: "typing", issue: n });
    expect(await a.next((f) => f.type === "error")).toEqual({
      type: "error",
      error: "Subscribe to the issue first",
      channel: `issue:${n}`,
    });
    await a.subscribe(`issue:${n}`);
    await b.subscribe(`issue:${n}`);
    for (let i = 0; i < 5; i++) a.send({ type: "typing", issue: n });
    await a.roundTrip();
    await b.next((f) => f.type === "typing");
    await b.roundTrip();
    expect(b.frames.filter((f) => f.type === "typing")).toHaveLength(1);
  });

  it("engineers' online state: presence frames and the engineers list", async () => {
    const watcher = await connect(ownerA);
    await watcher.subscribe("presence");
    const eng = await connect(engineer);
    expect(await watcher.next((f) => f.type === "presence")).toEqual({
      type: "presence",
      channel: "presence",
      user_id: engineerId,
      online: true,
    });
    const list = await call(t.app, ownerA, "GET", "/api/chat/engineers");
    expect(list.body.find((e: { user_id: number }) => e.user_id === engineerId).online).toBe(true);
    const from = watcher.frames.length;
    await eng.close();
    expect(await watcher.next((f) => f.type === "presence", 5_000, from)).toMatchObject({
      user_id: engineerId,
      online: false,
    });
    await call(t.app, engineer, "PUT", "/api/chat/engineers", { is_available: false });
    expect(await watcher.next((f) => f.type === "engineer")).toMatchObject({
      engineer: { user_id: engineerId, is_available: false },
    });
  });
});

describe("tenancy: a forged subscribe reaches nothing of another organization", () => {
  it("B's customer is refused A's issue, account and the queue, and receives none of A's frames", async () => {
    const n = await openIssue(t.app, ownerA, orgA.id, "A only", "secret");
    const spy = await connect(ownerB);
    for (const channel of [`issue:${n}`, `account:${orgA.id}`, "queue", "issue:2147483647", "issue:0"]) {
      expect(await spy.subscribe(channel)).toEqual({ type: "error", error: "Channel not found", channel });
    }
    spy.send({ type: "subscribe", channel: "account:1 OR 1=1" } as never);
    spy.send({ type: "typing", issue: n });
    const mine = await openIssue(t.app, ownerB, orgB.id, "B's own");
    await spy.subscribe(`issue:${mine}`);
    await post(t.app, ownerA, n, "more secret");
    await call(t.app, engineer, "POST", `/api/chat/issue/${n}/answer`);
    // A sentinel on B's own issue, sent after A's events: once it is here, A's would have been too.
    await post(t.app, ownerB, mine, "sentinel");
    await spy.next((f) => f.type === "message" && f.message.body === "sentinel");
    const seen = JSON.stringify(spy.frames);
    expect(seen).not.toContain("secret");
    expect(seen).not.toContain("A only");
    expect(
      spy.frames.filter((f) => f.type === "issue" || (f.type === "message" && f.channel !== `issue:${mine}`)),
    ).toEqual([]);
  });

  it("a plain customer may not listen to the engineers' queue; an engineer may listen to any account", async () => {
    const customer = await connect(userA);
    expect((await customer.subscribe("queue")).type).toBe("error");
    const eng = await connect(engineer);
    expect((await eng.subscribe(`account:${orgB.id}`)).type).toBe("subscribed");
  });
});

describe("catching up after a reconnect", () => {
  it("sends exactly the messages missed (and the edits and deletions since), then live ones, none twice", async () => {
    const n = await openIssue(t.app, ownerA, orgA.id, "Catch-up", "m1");
    await post(t.app, engineer, n, "m2");
    await post(t.app, ownerA, n, "m3");
    const seen = await call(t.app, ownerA, "GET", `/api/chat/issue/${n}`);
    const { revision } = seen.body;
    // While the client is away: three messages, an edit of m3 and the deletion of m1.
    for (const body of ["m4", "m5", "m6"]) await post(t.app, engineer, n, body);
    await call(t.app, ownerA, "PUT", `/api/chat/issue/${n}/message/3`, { body: "m3 (edited)" });
    await call(t.app, ownerA, "DELETE", `/api/chat/issue/${n}/message/1`);

    const client = await connect(ownerA);
    // Messages keep coming while it catches up.
    const posting = (async () => {
      for (const body of ["m7", "m8", "m9"]) await post(t.app, engineer, n, body);
    })();
    await client.subscribe(`issue:${n}`, { lastIndex: 3, lastRevision: revision });
    await posting;
    const caughtUp = await client.next((f) => f.type === "caught-up");
    expect(caughtUp).toMatchObject({ channel: `issue:${n}`, complete: true });
    await client.next((f) => f.type === "message" && f.message.index === 9);
    await client.roundTrip();
    const frames = messagesOf(client.frames, `issue:${n}`);
    const created = frames.filter((f) => f.action === "created").map((f) => f.message.index);
    expect(created).toEqual([4, 5, 6, 7, 8, 9]);
    expect(bodies(frames.filter((f) => f.action !== "created"))).toEqual(["", "m3 (edited)"]);
    expect(frames.filter((f) => f.action === "deleted").map((f) => f.message.index)).toEqual([1]);
  });

  it("a long absence with large messages sends what fits, then says complete: false (reload)", async () => {
    const n = await openIssue(t.app, ownerA, orgA.id, "Big catch-up", "m1");
    for (let i = 0; i < 12; i++) await post(t.app, engineer, n, `${i} ${"z".repeat(30_000)}`);
    const client = await connect(ownerA);
    await client.subscribe(`issue:${n}`, { lastIndex: 1 });
    expect(await client.next((f) => f.type === "caught-up")).toMatchObject({
      lastIndex: 13,
      complete: false,
    });
    const sent = messagesOf(client.frames, `issue:${n}`).map((f) => f.message.index);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).toEqual(Array.from({ length: sent.length }, (_, i) => i + 2));
    await client.roundTrip();
  });

  it("without lastRevision only new messages are sent; a lastIndex at the end sends none", async () => {
    const n = await openIssue(t.app, ownerA, orgA.id, "Catch-up 2", "m1");
    await post(t.app, engineer, n, "m2");
    const client = await connect(ownerA);
    await client.subscribe(`issue:${n}`, { lastIndex: 1 });
    expect(await client.next((f) => f.type === "caught-up")).toMatchObject({ lastIndex: 2 });
    expect(bodies(messagesOf(client.frames, `issue:${n}`))).toEqual(["m2"]);
    const other = await connect(ownerA);
    await other.subscribe(`issue:${n}`, { lastIndex: 2 });
    await other.next((f) => f.type === "caught-up");
    expect(messagesOf(other.frames, `issue:${n}`)).toEqual([]);
  });
});

describe("bad frames, floods and slow consumers", () => {
  it("garbage gets an error frame and the socket stays usable", async () => {
    const client = await connect(ownerA);
    for (const garbage of [
      "{not json",
      "42",
      '{"type":"launch"}',
      '{"type":"subscribe","channel":"../etc"}',
    ]) {
      client.send(garbage);
    }
    await client.roundTrip();
    expect(client.frames.filter((f) => f.type === "error").map((f) => f.error)).toEqual([
      "Frames must be JSON",
      expect.stringMatching(/^Invalid frame/),
      expect.stringMatching(/^Invalid frame/),
      "Invalid frame: Unknown channel",
    ]);
  });

  it("a binary frame closes with 1003, an oversized one with 1009", async () => {
    const binary = await connect(ownerA);
    binary.socket.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1003);
    const big = await connect(ownerA);
    big.send(JSON.stringify({ type: "ping", pad: "x".repeat(20_000) }));
    expect((await big.closed).code).toBe(1009);
  });

  it("a flood closes the socket with 4429", async () => {
    const client = await connect(ownerA);
    for (let i = 0; i < 400; i++) client.send({ type: "ping" });
    expect(await client.closed).toEqual({ code: CHAT_CLOSE.tooManyFrames, reason: "Too many frames" });
  });

  it("a socket that never reads is cut off once its unsent data passes the limit; others keep theirs", async () => {
    const { hub } = t.app.ctx.realtime;
    const limit = hub.limits.maxBufferedBytes;
    hub.limits.maxBufferedBytes = 64 * 1024;
    try {
      const n = await openIssue(t.app, ownerA, orgA.id, "Firehose");
      const slow = await connect(ownerA);
      const healthy = await connect(userA);
      await slow.subscribe(`issue:${n}`);
      await healthy.subscribe(`issue:${n}`);
      const before = hub.size;
      // Stop reading: the kernel buffers fill, then the server's.
      const tcp = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      tcp.pause();
      const chunk = "y".repeat(256 * 1024);
      let sent = 0;
      while (hub.size === before && sent < 400) {
        t.app.ctx.realtime.publish(`issue:${n}`, { type: "filler", chunk, sent });
        sent++;
        // The healthy client reads each one before the next is sent.
        await healthy.next((f) => f.type === "filler" && f.sent === sent - 1);
      }
      expect(hub.size).toBe(before - 1);
      await post(t.app, engineer, n, "after the drop");
      await healthy.next((f) => f.type === "message" && f.message.body === "after the drop", 10_000);
      expect(healthy.frames.filter((f) => f.type === "filler")).toHaveLength(sent);
      tcp.resume();
      expect((await slow.closed).code).toBe(1006);
    } finally {
      hub.limits.maxBufferedBytes = limit;
    }
  });
});

describe("maintenance", () => {
  afterEach(async () => {
    await t.app.ctx.maintenance.set(false, engineerId);
  });

  it("closes customers' sockets (4503) and refuses new ones; engineers stay connected", async () => {
    const customer = await connect(ownerA);
    const eng = await connect(engineer);
    await t.app.ctx.maintenance.set(true, engineerId, "Upgrade");
    expect((await customer.closed).code).toBe(CHAT_CLOSE.maintenance);
    const late = await raw();
    late.send({ type: "auth", token: await chatTokenDuringMaintenance(ownerA) });
    expect((await late.closed).code).toBe(CHAT_CLOSE.maintenance);
    await eng.roundTrip();
    expect(eng.socket.readyState).toBe(WebSocket.OPEN);
  });
});

/** GET /api/chat/token is gated for customers during maintenance: sign the token directly. */
async function chatTokenDuringMaintenance(authorization: string) {
  await t.app.ctx.maintenance.set(false, engineerId);
  const token = await chatToken(t.app, authorization);
  await t.app.ctx.maintenance.set(true, engineerId, "Upgrade");
  return token;
}

// Last: it closes the app (closing it again in afterAll is harmless).
describe("shutdown", () => {
  it("closes every socket with 1012 so clients reconnect and catch up", async () => {
    const client = await connect(ownerA);
    await t.app.close();
    expect(await client.closed).toEqual({ code: 1012, reason: "Server restarting" });
  });
});
