/**
 * Starting the welcome tour and remembering it was taken. Eager and small: driver.js and the
 * steps load only when a tour starts (./run-tour).
 */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { toast } from "../../components/ui/toast";
import { api, errorMessage } from "../../lib/api-client";
import { userQueryKey } from "../../lib/current-user";

export const TOUR_LOAD_FAILED = "The tour could not be loaded. Check your connection and try again.";

let running = false;
const listeners = new Set<() => void>();

function setRunning(value: boolean) {
  running = value;
  for (const listener of listeners) listener();
}

/** Whether a tour is on screen (the welcome offer hides meanwhile). */
export function useTourRunning(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => running,
  );
}

/** True while the cached user is still offered the tour. */
function tourPending(queryClient: QueryClient): boolean {
  return queryClient
    .getQueriesData<TUserInfo>({ queryKey: userQueryKey })
    .some(([, user]) => user?.tourPending === true);
}

/**
 * PUT /api/chat/user/tour {completed: true}: the tour is not offered again, on any device. The
 * cached user follows at once so the offer goes away without another GET.
 */
export async function completeTour(queryClient: QueryClient): Promise<void> {
  await api.put<void>("/api/chat/user/tour", { completed: true }, { aid: false });
  queryClient.setQueriesData<TUserInfo>({ queryKey: userQueryKey }, (user) =>
    user ? { ...user, tourPending: false } : user,
  );
}

export interface StartTourOptions {
  queryClient: QueryClient;
  /** Where focus goes when the tour ends (the opener, or a landmark when the opener is gone). */
  returnFocus: () => HTMLElement | null;
}

/**
 * Runs the tour. When it ends (Done, the close button, Escape or a click outside) a user still
 * offered it is marked as having taken it; a restart from the user menu saves nothing.
 */
export async function startTour({ queryClient, returnFocus }: StartTourOptions): Promise<void> {
  if (running) return;
  setRunning(true);
  try {
    const { runTour } = await import("./run-tour");
    runTour({
      returnFocus,
      onEnd: () => {
        setRunning(false);
        if (!tourPending(queryClient)) return;
        completeTour(queryClient).catch((error: unknown) => toast.error(errorMessage(error)));
      },
    });
  } catch {
    setRunning(false);
    returnFocus()?.focus();
    toast.error(TOUR_LOAD_FAILED);
  }
}
