import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { DEFAULT_LIMITS, Hub } from "./hub";

/** Just enough of a ws socket: what was sent, what it holds unsent, whether it was cut off. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {}
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

const setup = (limits = {}) => {
  const hub = new Hub({ ...DEFAULT_LIMITS, ...limits });
  const socket = new FakeSocket();
  const client = hub.add(socket as unknown as WebSocket);
  return { hub, socket, client };
};
const frame = (n: number) => ({ channel: "issue:1", frame: `m${n}`, revision: n });

describe("catching up", () => {
  it("holds a channel's frames back, then sends those newer than the database answer, once", () => {
    const { hub, socket, client } = setup();
    hub.subscribe(client, "issue:1", { catchingUp: true });
    hub.deliver(frame(5));
    hub.deliver({ channel: "issue:1", frame: "typing" });
    hub.deliver(frame(7));
    hub.deliver(frame(6));
    expect(socket.sent).toEqual([]);
    socket.send("m5 from the database");
    socket.send("m6 from the database");
    client.finishCatchUp("issue:1", 6);
    expect(socket.sent).toEqual(["m5 from the database", "m6 from the database", "typing", "m7"]);
    hub.deliver(frame(6));
    hub.deliver(frame(8));
    expect(socket.sent.slice(4)).toEqual(["m8"]);
    hub.close();
  });

  it("a live subscription without catch-up gets every frame", () => {
    const { hub, socket, client } = setup();
    hub.subscribe(client, "issue:1");
    hub.deliver(frame(1));
    hub.deliver({ channel: "issue:2", frame: "elsewhere" });
    hub.deliver(frame(2));
    expect(socket.sent).toEqual(["m1", "m2"]);
    hub.close();
  });
});

describe("limits", () => {
  it("cuts off a socket whose unsent data passes the limit instead of buffering more", () => {
    const { hub, socket, client } = setup({ maxBufferedBytes: 100 });
    let dropped = 0;
    hub.onSlowConsumer = () => dropped++;
    hub.subscribe(client, "issue:1");
    hub.deliver(frame(1));
    socket.bufferedAmount = 101;
    hub.deliver(frame(2));
    expect(socket.sent).toEqual(["m1"]);
    expect(socket.terminated).toBe(true);
    expect(dropped).toBe(1);
    expect(hub.size).toBe(0);
    hub.close();
  });

  it("meters frames with a token bucket", () => {
    const { hub, client } = setup({ burst: 3, perSecond: 2 });
    const now = Date.now();
    expect([1, 2, 3, 4].map(() => client.takeToken(now))).toEqual([true, true, true, false]);
    expect(client.takeToken(now + 500)).toBe(true);
    expect(client.takeToken(now + 500)).toBe(false);
    hub.close();
  });

  it("refuses subscriptions past the limit", () => {
    const { hub, client } = setup({ maxSubscriptions: 2 });
    expect(["a", "b", "c"].map((c) => hub.subscribe(client, c))).toEqual([true, true, false]);
    expect(hub.subscribe(client, "a")).toBe(true);
    hub.close();
  });
});
