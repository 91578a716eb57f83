/**
 * Engineers' online state, live (spec §7.2 engineers, §9 "engineers' online state"): the screen
 * subscribes to the `presence` channel and, once subscribed, reads GET engineers, so no change
 * falls between the read and the first frame; then `presence` frames (came online, went offline)
 * and `engineer` frames (settings) keep the cached list current. A reconnect subscribes again and
 * so reads the list again (frames missed while the socket was down are not replayed).
 */
import type { TEngineer } from "@portico/shared/schemas/conversations";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api-client";
import { useChannel, useChannelState } from "./realtime/chat";

export const PRESENCE_CHANNEL = "presence";

export const engineersKey = ["engineers"] as const;

export function engineersQuery() {
  return queryOptions({
    queryKey: engineersKey,
    queryFn: ({ signal }) => api.get<TEngineer[]>("/api/chat/engineers", { signal, aid: false }),
    // Frames keep it current while a screen listens; a reconnect reads it again.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function changeEngineer(
  queryClient: QueryClient,
  userId: number,
  change: (held: TEngineer | undefined) => TEngineer | undefined,
): void {
  const list = queryClient.getQueryData<TEngineer[]>(engineersKey);
  // Not read yet: the read that follows the subscription has it.
  if (!list) return;
  const held = list.find((e) => e.user_id === userId);
  const next = change(held);
  if (!next || next === held) return;
  queryClient.setQueryData<TEngineer[]>(
    engineersKey,
    held ? list.map((e) => (e.user_id === userId ? next : e)) : [...list, next],
  );
}

/** Subscribes the screen to engineers' online state; call once per screen. */
export function useLivePresence(): void {
  const queryClient = useQueryClient();
  const listening = useChannelState(PRESENCE_CHANNEL) === "loaded";
  useEffect(() => {
    // A failed read leaves each name with the state its own answer gave (participants).
    if (listening) queryClient.fetchQuery({ ...engineersQuery(), staleTime: 0 }).catch(() => undefined);
  }, [listening, queryClient]);
  useChannel(PRESENCE_CHANNEL, {
    onFrame: (frame) => {
      if (frame.type === "presence")
        changeEngineer(queryClient, frame.user_id, (held) =>
          held && held.online !== frame.online ? { ...held, online: frame.online } : held,
        );
      else if (frame.type === "engineer")
        changeEngineer(queryClient, frame.engineer.user_id, (held) => ({
          ...frame.engineer,
          online: held?.online ?? false,
        }));
    },
  });
}

/**
 * Whether an engineer is connected now, from the live list; undefined for someone who is not an
 * engineer (or before the list is read), so callers can fall back to what their own answer said.
 */
export function useOnline(userId: number | null): boolean | undefined {
  const { data } = useQuery({
    ...engineersQuery(),
    select: (list) => list.find((e) => e.user_id === userId)?.online,
    // Reads the cache only: useLivePresence fetches it when the screen listens.
    enabled: false,
  });
  return data;
}
