import type { TMessage, TServerFrame } from "@portico/shared/schemas/conversations";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyMessage, contiguousLastIndex, type Thread } from "../thread";
import { ChatClient, type SocketLike } from "./chat-client";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: TServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const message = (index: number, revision = index, body = `message ${index}`): TMessage => ({
  issue_number: 7,
  index,
  body,
  attributes: {},
  author: { user_id: 1, name: "Ada", type: "engineer" },
  created_at: "2026-01-01T00:00:00Z",
  edited_at: null,
  revision,
});

function setup() {
  const sockets: FakeSocket[] = [];
  let tokens = 0;
  const client = new ChatClient({
    url: "ws://test/api/chat/ws",
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    fetchToken: async () => ({
      token: `t${++tokens}`,
      expires_at: new Date(Date.now() + 300_000).toISOString(),
    }),
    backoff: () => 100,
  });
  let thread: Thread = {
    messages: [1, 2, 3].map((i) => message(i)),
    hasOlder: false,
    hasNewer: false,
    revision: 3,
  };
  client.subscribe("issue:7", {
    catchUp: () => ({ lastIndex: contiguousLastIndex(thread), lastRevision: thread.revision }),
    onFrame: (frame) => {
      if (frame.type === "message") thread = applyMessage(thread, frame.message, frame.revision);
    },
  });
  const connect = async () => {
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets.at(-1) as FakeSocket;
    socket.open();
    socket.push({
      type: "ready",
      userId: 1,
      isEngineer: true,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    });
    return socket;
  };
  return { client, sockets, connect, thread: () => thread };
}

describe("chat client", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("authenticates in the first frame, then subscribes with the last index and revision held", async () => {
    const { client, connect } = setup();
    client.start();
    const socket = await connect();
    expect(socket.sent[0]).toEqual({ type: "auth", token: "t1" });
    expect(socket.sent[1]).toEqual({ type: "subscribe", channel: "issue:7", lastIndex: 3, lastRevision: 3 });
    expect(client.connectionState).toBe("connected");
    expect(client.channelState("issue:7")).toBe("loading");
    socket.push({ type: "subscribed", channel: "issue:7" });
    socket.push({ type: "caught-up", channel: "issue:7", lastIndex: 3, revision: 3, complete: true });
    expect(client.channelState("issue:7")).toBe("loaded");
  });

  it("after a drop, reconnects and merges exactly what was missed: no gap, no duplicate", async () => {
    const { client, connect, thread } = setup();
    client.start();
    const first = await connect();
    first.push({ type: "message", channel: "issue:7", action: "created", revision: 4, message: message(4) });
    first.drop();
    expect(client.connectionState).toBe("disconnected");
    expect(client.channelState("issue:7")).toBe("not loaded");

    await vi.advanceTimersByTimeAsync(100);
    const second = await connect();
    expect(second.sent[0]).toEqual({ type: "auth", token: "t2" });
    expect(second.sent[1]).toEqual({ type: "subscribe", channel: "issue:7", lastIndex: 4, lastRevision: 4 });
    // The replay: 5 and 6 were missed, 2 was edited meanwhile; 4 arrives again (a live frame that crossed).
    second.push({ type: "message", channel: "issue:7", action: "created", revision: 4, message: message(4) });
    second.push({
      type: "message",
      channel: "issue:7",
      action: "edited",
      revision: 7,
      message: message(2, 7, "fixed"),
    });
    second.push({ type: "message", channel: "issue:7", action: "created", revision: 5, message: message(5) });
    second.push({ type: "message", channel: "issue:7", action: "created", revision: 6, message: message(6) });
    second.push({ type: "caught-up", channel: "issue:7", lastIndex: 6, revision: 7, complete: true });

    expect(thread().messages.map((m) => m.index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(thread().messages[1]?.body).toBe("fixed");
    expect(thread().revision).toBe(7);
  });

  it("renews the chat token over the open socket before it expires", async () => {
    const { client, connect } = setup();
    client.start();
    const socket = await connect();
    await vi.advanceTimersByTimeAsync(241_000);
    expect(socket.sent.filter((f) => f.type === "auth")).toEqual([
      { type: "auth", token: "t1" },
      { type: "auth", token: "t2" },
    ]);
    expect(client.connectionState).toBe("connected");
  });

  it("stop closes the socket for good", async () => {
    const { client, connect, sockets } = setup();
    client.start();
    await connect();
    client.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
    expect(client.connectionState).toBe("disconnected");
  });
});
