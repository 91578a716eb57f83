/**
 * The tab's one chat client and its React bindings. The client starts with the first screen that
 * subscribes (the issue screens load this module lazily, so `/` carries none of it) and stops
 * when the session ends.
 */
import type { TServerFrame } from "@portico/shared/schemas/conversations";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { api } from "../../../lib/api-client";
import { getSession, subscribeSession } from "../../../lib/session";
import {
  type CatchUpPoint,
  type ChannelState,
  ChatClient,
  type ConnectionState,
  type SocketLike,
} from "./chat-client";

function socketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/chat/ws`;
}

let client: ChatClient | null = null;

export function getChatClient(): ChatClient {
  if (client) return client;
  const created = new ChatClient({
    url: socketUrl(),
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    fetchToken: () => api.get<{ token: string; expires_at: string }>("/api/chat/token", { aid: false }),
  });
  subscribeSession(() => {
    if (getSession()) created.start();
    else created.stop();
  });
  if (getSession()) created.start();
  client = created;
  return created;
}

export function useConnectionState(): { state: ConnectionState; hasConnected: boolean } {
  const chat = getChatClient();
  const state = useSyncExternalStore(
    (listener) => chat.onChange(listener),
    () => chat.connectionState,
  );
  return { state, hasConnected: chat.hasConnected };
}

export function useChannelState(channel: string | null): ChannelState {
  const chat = getChatClient();
  return useSyncExternalStore(
    (listener) => chat.onChange(listener),
    () => (channel ? chat.channelState(channel) : "not loaded"),
  );
}

/**
 * Subscribes the screen to `channel` while mounted. The callbacks are read through a ref, so a
 * re-render never resubscribes.
 */
export function useChannel(
  channel: string | null,
  handlers: {
    onFrame: (frame: TServerFrame) => void;
    catchUp?: () => CatchUpPoint | undefined;
    onResync?: () => void;
  },
): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!channel) return;
    return getChatClient().subscribe(channel, {
      onFrame: (frame) => ref.current.onFrame(frame),
      catchUp: () => ref.current.catchUp?.(),
      onResync: () => ref.current.onResync?.(),
    });
  }, [channel]);
}
