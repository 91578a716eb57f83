/**
 * Spec §4 connection state, calmly: nothing while connected (or before the first connection),
 * "Reconnecting…" while the socket is down. What was missed is merged once it is back.
 */
import WifiOff from "lucide-react/icons/wifi-off";
import { useConnectionState } from "../realtime/chat";

export function ConnectionBanner() {
  const { state, hasConnected } = useConnectionState();
  const down = hasConnected && state !== "connected";
  return (
    <div role="status" aria-live="polite" data-connection={state}>
      {down && (
        <p className="mb-4 flex items-center gap-2 rounded-md border bg-muted px-3 py-2 text-sm text-foreground">
          <WifiOff aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          Reconnecting… New messages appear as soon as the connection is back.
        </p>
      )}
    </div>
  );
}
