import { lazy, Suspense } from "react";

// Its own chunk with the chat client: the shell stays small, the socket starts after it.
const MentionAlerts = lazy(() => import("./mention-alerts"));

/** Mounted by the shell: a mention reaches the user on every screen. */
export function MentionAlertsFor({ userId }: { userId: number | undefined }) {
  if (userId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <MentionAlerts userId={userId} />
    </Suspense>
  );
}
