import { NO_INTERNET_MESSAGE } from "@portico/shared/errors";
import { useOnlineStatus } from "../../lib/online-status";

/** Shown across the top while the browser is offline (spec §8). */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 bg-amber-500 px-4 py-2 text-center text-sm font-medium text-foreground"
    >
      {NO_INTERNET_MESSAGE}
    </div>
  );
}
