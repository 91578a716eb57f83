/**
 * A real WebSocket client for the tests of /api/chat/ws: it records every frame, waits for the
 * ones a test expects and for the close, and keeps what it has seen so a test can say what it
 * did NOT receive.
 */
import type { TClientFrame } from "@portico/shared/schemas/conversations";
import { WebSocket } from "ws";
import type { App } from "../../app";

// biome-ignore lint/suspicious/noExplicitAny: frames are checked by the tests that read them
export type Frame = Record<string, any>;

export class ChatTestClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    socket.on("error", () => {});
  }

  static async open(baseUrl: string): Promise<ChatTestClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/chat/ws`);
    const client = new ChatTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return client;
  }

  /** Opens a socket and authenticates it with a fresh chat token of `authorization`'s user. */
  static async connect(app: App, baseUrl: string, authorization: string): Promise<ChatTestClient> {
    const client = await ChatTestClient.open(baseUrl);
    client.send({ type: "auth", token: await chatToken(app, authorization) });
    await client.next((f) => f.type === "ready");
    return client;
  }

  send(frame: TClientFrame | string) {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first frame (from `from` on) that matches, waiting up to `timeoutMs` for it. */
  async next(match: (frame: Frame) => boolean, timeoutMs = 5_000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`socket closed before the frame came; got ${JSON.stringify(this.frames)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Subscribes and waits for the answer (subscribed or error). */
  async subscribe(channel: string, extra: { lastIndex?: number; lastRevision?: number } = {}) {
    const from = this.frames.length;
    this.send({ type: "subscribe", channel, ...extra });
    return this.next(
      (f) => f.channel === channel && (f.type === "subscribed" || f.type === "error"),
      5_000,
      from,
    );
  }

  /** Sends a ping and waits for its pong: every frame sent before it has been handled. */
  async roundTrip() {
    const from = this.frames.length;
    this.send({ type: "ping" });
    await this.next((f) => f.type === "pong", 5_000, from);
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}

export async function chatToken(app: App, authorization: string): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/api/chat/token", headers: { authorization } });
  if (res.statusCode !== 200) throw new Error(`chat token: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const messagesOf = (frames: Frame[], channel: string) =>
  frames.filter((f) => f.type === "message" && f.channel === channel);
