/**
 * One WebSocket at /api/chat/ws, from its first frame to its close. The protocol:
 *
 * 1. The client sends `{type:"auth", token}` (a chat token from GET /api/chat/token) within 10 s;
 *    the server answers `ready`, or closes with 4401. The same frame with a fresh token renews the
 *    connection before the old token expires (answer `renewed`); an expired connection closes 4401.
 * 2. `{type:"subscribe", channel}` for each channel the viewer may read: `issue:{n}`,
 *    `account:{id}`, `queue` (engineers) and `presence`. A channel the viewer may not read, or that
 *    does not exist, gets the same `error` frame and nothing else. On an issue channel, `lastIndex`
 *    (and `lastRevision`) make the server send every message missed since, then `caught-up`, then
 *    the live frames — none twice.
 * 3. `{type:"typing", issue}` on a subscribed issue; `{type:"ping"}` answers `pong`.
 *
 * Frames are handled one at a time in arrival order. Binary frames close the socket (1003), over
 * 16 KiB (1009, by ws), floods (4429); unparseable frames get an `error` frame.
 */
import {
  BROADCAST_CHANNEL,
  CHAT_CLOSE,
  type TClientFrame,
  type TServerFrame,
  ZClientFrame,
} from "@portico/shared/schemas/conversations";
import { MAX_ID } from "@portico/shared/validation";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import { loadViewer, type Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { RealtimeClient } from "../../platform/realtime/hub";
import { UNDER_MAINTENANCE } from "../../platform/request-guard";
import { PRESENCE_CHANNEL, pushPresence, pushTyping, QUEUE_CHANNEL } from "./chat-events";
import type { ChatTokens } from "./chat-token";
import { mayReadAccount } from "./conversations.policy";
import { userChannel } from "./issue-events";
import { findIssue, issueChannel } from "./issues.queries";
import { missedMessages } from "./messages.queries";

const AUTH_TIMEOUT_MS = 10_000;
/** What a catch-up may send at most (characters of frames); a quarter of the slow-consumer limit. */
const CATCH_UP_BYTES = 256 * 1024;
/** A client's typing frames are passed on at most this often per issue. */
const TYPING_EVERY_MS = 2_000;

export const CHANNEL_REFUSED = "Channel not found";

export interface ConnectionDeps {
  ctx: AppContext;
  tokens: ChatTokens;
  log: FastifyBaseLogger;
}

/** The issue number of an `issue:{n}` channel, or of an `account:{id}` its id; undefined otherwise. */
function channelId(channel: string, kind: "issue" | "account"): number | undefined {
  if (!channel.startsWith(`${kind}:`)) return undefined;
  const id = Number(channel.slice(kind.length + 1));
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

export class ChatConnection {
  private viewer: Viewer | null = null;
  private readonly client: RealtimeClient;
  private readonly authTimer: NodeJS.Timeout;
  private expiryTimer: NodeJS.Timeout | undefined;
  private readonly typingAt = new Map<number, number>();
  private work: Promise<void> = Promise.resolve();
  private countedOnline = false;
  private closing = false;

  constructor(
    private readonly deps: ConnectionDeps,
    readonly socket: WebSocket,
  ) {
    this.client = deps.ctx.realtime.hub.add(socket);
    this.authTimer = setTimeout(
      () => this.close(CHAT_CLOSE.unauthorized, "Authentication required"),
      AUTH_TIMEOUT_MS,
    );
    socket.on("message", (data, isBinary) => this.receive(data, isBinary));
    socket.once("close", () => void this.closed());
  }

  get isEngineer(): boolean {
    return this.viewer?.isEngineer ?? false;
  }

  get authenticated(): boolean {
    return this.viewer !== null;
  }

  close(code: number, reason: string) {
    if (this.closing) return;
    this.closing = true;
    this.socket.close(code, reason);
  }

  private send(frame: TServerFrame) {
    this.client.send(frame);
  }

  private refuse(error: string, channel?: string) {
    this.send(channel === undefined ? { type: "error", error } : { type: "error", error, channel });
  }

  private receive(data: RawData, isBinary: boolean) {
    if (this.closing) return;
    if (!this.client.takeToken()) return this.close(CHAT_CLOSE.tooManyFrames, "Too many frames");
    if (isBinary) return this.close(1003, "Frames are JSON text");
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      return this.refuse("Frames must be JSON");
    }
    const parsed = ZClientFrame.safeParse(json);
    if (!parsed.success) return this.refuse(`Invalid frame: ${parsed.error.issues[0]?.message ?? "unknown"}`);
    const frame = parsed.data;
    this.work = this.work
      .then(() => this.handle(frame))
      .catch((err: unknown) => {
        this.deps.log.error({ err, frame: frame.type }, "chat frame failed");
        this.refuse("Internal error");
      });
  }

  private async handle(frame: TClientFrame) {
    if (this.closing) return;
    if (frame.type === "auth") return this.authenticate(frame.token);
    if (!this.viewer) return this.close(CHAT_CLOSE.unauthorized, "Authentication required");
    switch (frame.type) {
      case "subscribe":
        return this.subscribe(frame.channel, frame.lastIndex, frame.lastRevision);
      case "unsubscribe":
        this.deps.ctx.realtime.hub.unsubscribe(this.client, frame.channel);
        return this.send({ type: "unsubscribed", channel: frame.channel });
      case "typing":
        return this.typing(this.viewer, frame.issue);
      case "ping":
        return this.send({ type: "pong" });
    }
  }

  private async authenticate(token: string) {
    const { ctx, tokens } = this.deps;
    const claims = await tokens.verify(token);
    if (!claims) return this.close(CHAT_CLOSE.unauthorized, "Invalid or expired chat token");
    if (this.viewer && claims.userId !== this.viewer.userId) {
      return this.close(CHAT_CLOSE.unauthorized, "The chat token belongs to another user");
    }
    let viewer: Viewer;
    try {
      viewer = await loadViewer(ctx.db, claims.userId, claims.sessionId);
    } catch {
      return this.close(CHAT_CLOSE.unauthorized, "Session expired, please sign in again");
    }
    if (!viewer.isEngineer && (await ctx.maintenance.current()).enabled) {
      return this.close(CHAT_CLOSE.maintenance, UNDER_MAINTENANCE);
    }
    const renewal = this.viewer !== null;
    this.viewer = viewer;
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(
      () => this.close(CHAT_CLOSE.unauthorized, "Chat token expired"),
      Math.max(0, claims.expiresAt.getTime() - Date.now()),
    );
    const expiresAt = claims.expiresAt.toISOString();
    if (renewal) {
      this.send({ type: "renewed", expiresAt });
      return this.recheck();
    }
    this.send({ type: "ready", userId: viewer.userId, isEngineer: viewer.isEngineer, expiresAt });
    if (viewer.isEngineer) {
      this.countedOnline = true;
      if (await ctx.realtime.presence.connected(viewer.userId))
        pushPresence(ctx.realtime, viewer.userId, true);
    }
  }

  /** Whether the viewer may listen to a channel (an unknown issue is simply not readable). */
  private async mayRead(viewer: Viewer, channel: string): Promise<boolean> {
    if (channel === PRESENCE_CHANNEL || channel === BROADCAST_CHANNEL) return true;
    if (channel === QUEUE_CHANNEL) return viewer.isEngineer;
    if (channel === userChannel(viewer.userId)) return true;
    if (channel.startsWith("staff:")) {
      const staffIssue = channelId(channel.slice("staff:".length), "issue");
      return (
        viewer.isEngineer &&
        staffIssue !== undefined &&
        (await findIssue(this.deps.ctx.db, staffIssue)) !== undefined
      );
    }
    const accountId = channelId(channel, "account");
    if (accountId !== undefined) return mayReadAccount(viewer, accountId);
    const issueNumber = channelId(channel, "issue");
    if (issueNumber === undefined) return false;
    const issue = await findIssue(this.deps.ctx.db, issueNumber);
    return issue !== undefined && mayReadAccount(viewer, issue.accountId);
  }

  private async subscribe(channel: string, lastIndex?: number, lastRevision?: number) {
    const { hub } = this.deps.ctx.realtime;
    if (!this.viewer || !(await this.mayRead(this.viewer, channel)))
      return this.refuse(CHANNEL_REFUSED, channel);
    const issueNumber = channelId(channel, "issue");
    const catchUp = issueNumber !== undefined && lastIndex !== undefined;
    if (!hub.subscribe(this.client, channel, { catchingUp: catchUp })) {
      return this.refuse("Too many subscriptions", channel);
    }
    this.send({ type: "subscribed", channel });
    if (!catchUp) return;
    const missed = await missedMessages(this.deps.ctx.db, issueNumber, lastIndex, lastRevision);
    if (!missed) {
      hub.unsubscribe(this.client, channel);
      return this.refuse(CHANNEL_REFUSED, channel);
    }
    // Within a byte budget, so a long absence cannot make the socket look like a slow consumer:
    // past it the client is told to reload the page (complete: false).
    let budget = CATCH_UP_BYTES;
    let complete = missed.complete;
    for (const message of missed.messages) {
      const action =
        message.index > lastIndex ? "created" : message.attributes.deletedAt ? "deleted" : "edited";
      const frame = JSON.stringify({ type: "message", channel, action, revision: message.revision, message });
      budget -= frame.length;
      if (budget < 0) {
        complete = false;
        break;
      }
      this.client.send(frame);
    }
    this.send({
      type: "caught-up",
      channel,
      lastIndex: missed.lastIndex,
      revision: missed.revision,
      complete,
    });
    this.client.finishCatchUp(channel, missed.revision);
  }

  /** After a renewal: channels the viewer may no longer read (membership removed) are dropped. */
  private async recheck() {
    const viewer = this.viewer;
    if (!viewer) return;
    for (const channel of this.client.subscriptions) {
      if (await this.mayRead(viewer, channel)) continue;
      this.deps.ctx.realtime.hub.unsubscribe(this.client, channel);
      this.send({ type: "unsubscribed", channel, reason: "access withdrawn" });
    }
  }

  private typing(viewer: Viewer, issueNumber: number) {
    const channel = issueChannel(issueNumber);
    if (!this.client.isSubscribed(channel)) return this.refuse("Subscribe to the issue first", channel);
    const now = Date.now();
    if (now - (this.typingAt.get(issueNumber) ?? 0) < TYPING_EVERY_MS) return;
    this.typingAt.set(issueNumber, now);
    pushTyping(this.deps.ctx.realtime, issueNumber, {
      user_id: viewer.userId,
      name: viewer.name,
      is_engineer: viewer.isEngineer,
    });
  }

  private async closed() {
    this.closing = true;
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    const { realtime } = this.deps.ctx;
    realtime.hub.remove(this.client);
    if (!this.countedOnline || !this.viewer) return;
    const userId = this.viewer.userId;
    try {
      if (await realtime.presence.disconnected(userId)) pushPresence(realtime, userId, false);
    } catch (err) {
      this.deps.log.warn({ err }, "presence update failed");
    }
  }
}
