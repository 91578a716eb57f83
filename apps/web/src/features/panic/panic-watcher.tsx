import { lazy, Suspense } from "react";

// Its own chunk: customers never load it, and the shell stays small for everyone.
const PanicWatcher = lazy(() => import("./panic-alerts"));

/** Mounted by the shell: engineers hear a panic on every screen, not only on the queue. */
export function PanicAlertsForEngineers({ isEngineer }: { isEngineer: boolean }) {
  if (!isEngineer) return null;
  return (
    <Suspense fallback={null}>
      <PanicWatcher />
    </Suspense>
  );
}
