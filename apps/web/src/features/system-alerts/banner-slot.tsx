import { lazy, Suspense } from "react";

// Its own chunk (the chat hook, the timer): the shell stays small, and the banner follows it.
const SystemAlertsBanner = lazy(() => import("./banner"));

/** Mounted by the shell under the top bar: the system alerts every signed-in user sees. */
export function SystemAlertsSlot({ enabled }: { enabled: boolean }) {
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <SystemAlertsBanner />
    </Suspense>
  );
}
