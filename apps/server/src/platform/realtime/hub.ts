/**
 * The sockets of this instance and the channels each one listens to. Frames arrive already
 * serialized (one JSON string per event, whatever the number of sockets) and are written to every
 * socket of the channel, with three guards:
 *
 * - a socket whose unsent data passes `maxBufferedBytes` (a client that does not read) is cut
 *   off instead of being buffered without limit;
 * - while a socket catches up on a channel (its missed messages are being read from the
 *   database), that channel's frames are held back and then sent after the missed ones, minus
 *   those the database answer already contained: no gap, no duplicate;
 * - frames a client sends are metered by a token bucket, so a flood closes the socket.
 */
import type { WebSocket } from "ws";

export interface HubLimits {
  /** Unsent bytes a socket may hold before it is dropped as a slow consumer. */
  maxBufferedBytes: number;
  /** Channels one socket may listen to. */
  maxSubscriptions: number;
  /** Frames a client may send at once, and per second after that. */
  burst: number;
  perSecond: number;
  /** Ping period; a socket that has not answered the previous ping by the next is dropped. */
  heartbeatMs: number;
}

export const DEFAULT_LIMITS: HubLimits = {
  maxBufferedBytes: 1024 * 1024,
  maxSubscriptions: 200,
  // Room for a client that subscribes to its 50 issue tabs at once after a reconnect.
  burst: 100,
  perSecond: 20,
  heartbeatMs: 30_000,
};

/** One published event: its channel, its frame as JSON text, the issue revision it carries. */
export interface Envelope {
  channel: string;
  frame: string;
  revision?: number | undefined;
}

interface ChannelState {
  /** Message frames at or below this revision were already sent from the database. */
  floor: number;
  /** Frames held back while catching up; null once live. */
  pending: Envelope[] | null;
}

let nextClientId = 1;

export class RealtimeClient {
  readonly id = nextClientId++;
  private readonly channels = new Map<string, ChannelState>();
  private tokens: number;
  private refilledAt = Date.now();
  alive = true;

  constructor(
    readonly socket: WebSocket,
    private readonly hub: Hub,
  ) {
    this.tokens = hub.limits.burst;
  }

  get subscriptions(): string[] {
    return [...this.channels.keys()];
  }

  isSubscribed(channel: string): boolean {
    return this.channels.has(channel);
  }

  /** Writes a frame unless the socket is closed or too far behind (then it is dropped). */
  send(frame: string | object): boolean {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > this.hub.limits.maxBufferedBytes) {
      this.hub.dropSlow(this);
      return false;
    }
    socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    return true;
  }

  /** One token per frame received; false when the client has used up its allowance. */
  takeToken(now = Date.now()): boolean {
    const { burst, perSecond } = this.hub.limits;
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** @internal the hub's delivery to this client. */
  deliver(envelope: Envelope) {
    const state = this.channels.get(envelope.channel);
    if (!state) return;
    if (state.pending) {
      state.pending.push(envelope);
      return;
    }
    if (envelope.revision !== undefined && envelope.revision <= state.floor) return;
    this.send(envelope.frame);
  }

  /** @internal */
  track(channel: string, catchingUp: boolean) {
    const existing = this.channels.get(channel);
    if (existing && !catchingUp) return;
    this.channels.set(channel, { floor: existing?.floor ?? 0, pending: catchingUp ? [] : null });
  }

  /** @internal */
  untrack(channel: string) {
    this.channels.delete(channel);
  }

  /**
   * Ends a catch-up: the database answer (up to revision `floor`) has been sent; the frames
   * held back meanwhile follow, except the message frames that answer already contained.
   */
  finishCatchUp(channel: string, floor: number) {
    const state = this.channels.get(channel);
    if (!state?.pending) return;
    const held = state.pending;
    state.pending = null;
    state.floor = Math.max(state.floor, floor);
    for (const envelope of held) this.deliver(envelope);
  }
}

export class Hub {
  private readonly byChannel = new Map<string, Set<RealtimeClient>>();
  private readonly all = new Set<RealtimeClient>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Called when a socket is cut off for not reading (for the log). */
  onSlowConsumer: (client: RealtimeClient) => void = () => {};

  constructor(readonly limits: HubLimits = { ...DEFAULT_LIMITS }) {
    this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  add(socket: WebSocket): RealtimeClient {
    const client = new RealtimeClient(socket, this);
    this.all.add(client);
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.once("close", () => this.remove(client));
    return client;
  }

  clients(): IterableIterator<RealtimeClient> {
    return this.all.values();
  }

  get size(): number {
    return this.all.size;
  }

  /** False when the client already listens to as many channels as it may. */
  subscribe(client: RealtimeClient, channel: string, opts: { catchingUp?: boolean } = {}): boolean {
    if (!client.isSubscribed(channel) && client.subscriptions.length >= this.limits.maxSubscriptions) {
      return false;
    }
    client.track(channel, opts.catchingUp ?? false);
    let members = this.byChannel.get(channel);
    if (!members) {
      members = new Set();
      this.byChannel.set(channel, members);
    }
    members.add(client);
    return true;
  }

  unsubscribe(client: RealtimeClient, channel: string) {
    client.untrack(channel);
    const members = this.byChannel.get(channel);
    members?.delete(client);
    if (members?.size === 0) this.byChannel.delete(channel);
  }

  remove(client: RealtimeClient) {
    if (!this.all.delete(client)) return;
    for (const channel of client.subscriptions) this.unsubscribe(client, channel);
  }

  /** Sends an event to this instance's sockets on its channel. */
  deliver(envelope: Envelope) {
    const members = this.byChannel.get(envelope.channel);
    if (!members) return;
    for (const client of members) client.deliver(envelope);
  }

  /** @internal a socket too far behind: cut it off (a close frame would queue behind the rest). */
  dropSlow(client: RealtimeClient) {
    this.onSlowConsumer(client);
    this.remove(client);
    client.socket.terminate();
  }

  private beat() {
    for (const client of this.all) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  close() {
    clearInterval(this.heartbeat);
  }
}
