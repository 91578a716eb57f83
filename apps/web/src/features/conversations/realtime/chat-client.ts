/**
 * The one WebSocket of a browser tab (/api/chat/ws, docs/API.md): authenticates with a chat token
 * in its first frame, renews the token before it expires without dropping the socket, reconnects
 * with backoff, and resubscribes every channel a screen holds, issue channels with the last index
 * and revision the screen has so the server sends exactly what was missed.
 *
 * Connection states are those of spec §4 (connected, disconnecting, disconnected, plus connecting);
 * each channel is "not loaded", "loading" (subscribed, catching up) or "loaded".
 */
import type { TClientFrame, TServerFrame } from "@portico/shared/schemas/conversations";
import { CHAT_CLOSE } from "@portico/shared/schemas/conversations";

export type ConnectionState = "connecting" | "connected" | "disconnecting" | "disconnected";
export type ChannelState = "not loaded" | "loading" | "loaded";

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface CatchUpPoint {
  lastIndex: number;
  lastRevision: number;
}

export interface ChannelHandler {
  onFrame: (frame: TServerFrame) => void;
  /** Issue channels: where the screen stands, or undefined to subscribe without a replay. */
  catchUp?: () => CatchUpPoint | undefined;
  /** Called after a reconnect on channels without replay (lists refetch). */
  onResync?: () => void;
}

export interface ChatClientOptions {
  createSocket: (url: string) => SocketLike;
  fetchToken: () => Promise<{ token: string; expires_at: string }>;
  url: string;
  /** Delay before reconnect attempt n (1, 2, …). */
  backoff?: (attempt: number) => number;
  /** Renew this long before the token expires. */
  renewBeforeMs?: number;
  now?: () => number;
}

const OPEN = 1;
const PING_EVERY_MS = 25_000;

export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt - 1, 6));
  return base / 2 + Math.random() * (base / 2);
}

export class ChatClient {
  private socket: SocketLike | null = null;
  private state: ConnectionState = "disconnected";
  private running = false;
  private attempt = 0;
  private everConnected = false;
  private readonly channels = new Map<string, Set<ChannelHandler>>();
  private readonly channelStates = new Map<string, ChannelState>();
  /** Channels subscribed with a replay: loaded at "caught-up" rather than at "subscribed". */
  private readonly replaying = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly closeListeners = new Set<(code: number) => void>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly options: Required<Omit<ChatClientOptions, "now">> & { now: () => number };

  constructor(options: ChatClientOptions) {
    this.options = {
      backoff: defaultBackoff,
      renewBeforeMs: 60_000,
      now: () => Date.now(),
      ...options,
    };
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  /** True once a first connection has been made (the UI shows "Reconnecting…" only after that). */
  get hasConnected(): boolean {
    return this.everConnected;
  }

  channelState(channel: string): ChannelState {
    return this.channelStates.get(channel) ?? "not loaded";
  }

  /** Re-render hook: state and channel-state changes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears each close of the socket by the server, with its code (4503: maintenance started). */
  onClosed(listener: (code: number) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Closes the socket for good (sign-out). Subscriptions are kept for a later start(). */
  stop(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.setState("disconnecting");
      socket.close(1000, "signed out");
    }
    for (const channel of this.channels.keys()) this.channelStates.set(channel, "not loaded");
    this.setState("disconnected");
  }

  subscribe(channel: string, handler: ChannelHandler): () => void {
    let handlers = this.channels.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    if (first && this.state === "connected") this.sendSubscribe(channel);
    return () => {
      const set = this.channels.get(channel);
      if (!set) return;
      set.delete(handler);
      if (set.size > 0) return;
      this.channels.delete(channel);
      this.channelStates.delete(channel);
      if (this.state === "connected") this.send({ type: "unsubscribe", channel });
      this.emit();
    };
  }

  /** Tells the issue's other readers this user is typing (the server relays at most every 2 s). */
  sendTyping(issue: number): void {
    if (this.state === "connected") this.send({ type: "typing", issue });
  }

  private send(frame: TClientFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private clearTimers(): void {
    clearTimeout(this.renewTimer);
    clearInterval(this.pingTimer);
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    this.setState("connecting");
    let token: string;
    try {
      token = (await this.options.fetchToken()).token;
    } catch {
      this.scheduleReconnect();
      return;
    }
    if (!this.running) return;
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "auth", token } satisfies TClientFrame));
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      let frame: TServerFrame;
      try {
        frame = JSON.parse(event.data) as TServerFrame;
      } catch {
        return;
      }
      this.handle(frame);
    };
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      for (const channel of this.channels.keys()) this.channelStates.set(channel, "not loaded");
      this.setState("disconnected");
      // A 4401 (token refused or expired) gets a fresh token on the next attempt like any close.
      if (event.code === CHAT_CLOSE.unauthorized) this.attempt = Math.max(this.attempt, 1);
      this.scheduleReconnect();
      for (const listener of this.closeListeners) listener(event.code);
    };
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    this.setState("disconnected");
    this.attempt += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.options.backoff(this.attempt));
  }

  private scheduleRenewal(expiresAt: string): void {
    clearTimeout(this.renewTimer);
    const delay = Math.max(1_000, Date.parse(expiresAt) - this.options.now() - this.options.renewBeforeMs);
    this.renewTimer = setTimeout(() => void this.renew(), delay);
  }

  private async renew(): Promise<void> {
    try {
      const { token } = await this.options.fetchToken();
      this.send({ type: "auth", token });
    } catch {
      // Try again shortly; if the token runs out the server closes 4401 and we reconnect.
      this.renewTimer = setTimeout(() => void this.renew(), 10_000);
    }
  }

  private sendSubscribe(channel: string): void {
    let point: CatchUpPoint | undefined;
    for (const handler of this.channels.get(channel) ?? []) point ??= handler.catchUp?.();
    this.channelStates.set(channel, "loading");
    if (point) this.replaying.add(channel);
    else this.replaying.delete(channel);
    this.send(
      point
        ? { type: "subscribe", channel, lastIndex: point.lastIndex, lastRevision: point.lastRevision }
        : { type: "subscribe", channel },
    );
    this.emit();
  }

  private handle(frame: TServerFrame): void {
    switch (frame.type) {
      case "ready": {
        const reconnect = this.everConnected;
        this.attempt = 0;
        this.everConnected = true;
        this.setState("connected");
        this.scheduleRenewal(frame.expiresAt);
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
        for (const channel of this.channels.keys()) this.sendSubscribe(channel);
        if (reconnect) {
          for (const handlers of this.channels.values()) for (const h of handlers) h.onResync?.();
        }
        return;
      }
      case "renewed":
        this.scheduleRenewal(frame.expiresAt);
        return;
      case "subscribed":
        // Issue channels with a replay are loaded at "caught-up"; the others now.
        if (this.channelStates.get(frame.channel) === "loading" && !this.replaying.has(frame.channel)) {
          this.channelStates.set(frame.channel, "loaded");
          this.emit();
        }
        return;
      case "caught-up":
        this.channelStates.set(frame.channel, "loaded");
        this.dispatch(frame.channel, frame);
        this.emit();
        return;
      case "unsubscribed":
      case "error":
        if (frame.channel) {
          this.channelStates.set(frame.channel, "not loaded");
          this.dispatch(frame.channel, frame);
          this.emit();
        }
        return;
      case "pong":
        return;
      default:
        this.dispatch(frame.channel, frame);
    }
  }

  private dispatch(channel: string, frame: TServerFrame): void {
    for (const handler of this.channels.get(channel) ?? []) handler.onFrame(frame);
  }
}
