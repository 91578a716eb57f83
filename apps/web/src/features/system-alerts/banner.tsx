/**
 * The system alerts banner (issue 17), under the top bar of every signed-in screen: the live
 * alerts engineers posted. It reads them again when the broadcast channel says they changed (and
 * after a reconnect), shows a scheduled one when it starts and hides one when it ends (a timer on
 * the server's clock), and lets info and warning alerts be dismissed for this browser session;
 * a critical one stays. Its own chunk: the shell loads it after itself.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import CircleAlert from "lucide-react/icons/circle-alert";
import Info from "lucide-react/icons/info";
import TriangleAlert from "lucide-react/icons/triangle-alert";
import X from "lucide-react/icons/x";
import { useEffect, useState } from "react";
import { IconButton } from "../../components/ui/icon-button";
import { cn } from "../../lib/cn";
// The one chat connection of the tab; every signed-in socket may listen to `broadcast`.
import { useChannel } from "../conversations/realtime/chat";
import {
  liveSystemAlertsQuery,
  nextChange,
  type SystemAlertLevel,
  showingAt,
  systemAlertKeys,
  type TLiveSystemAlert,
} from "./api";

const DISMISSED_KEY = "portico.systemAlerts.dismissed";
/** setTimeout's longest wait; a later change is looked at again then. */
const MAX_WAIT_MS = 2_147_483_647;

const LEVEL_STYLE: Record<SystemAlertLevel, { icon: typeof Info; className: string; name: string }> = {
  info: {
    icon: Info,
    name: "Info",
    className: "bg-info-surface text-info-surface-foreground border-link/25",
  },
  warning: {
    icon: TriangleAlert,
    name: "Warning",
    className: "bg-warning-surface text-warning-surface-foreground border-warning-surface-foreground/25",
  },
  critical: {
    icon: CircleAlert,
    name: "Critical",
    className: "bg-danger-surface text-danger-surface-foreground border-danger-surface-foreground/25",
  },
};

/** An edited alert (new words or level) shows again even if its first version was dismissed. */
const dismissKey = (alert: TLiveSystemAlert) => `${alert.id}:${alert.level}:${alert.message}`;

function readDismissed(): string[] {
  try {
    const raw = sessionStorage.getItem(DISMISSED_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function writeDismissed(keys: string[]) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(keys.slice(-100)));
  } catch {
    // Storage full or off: dismissing still holds until the page is reloaded.
  }
}

const untilFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function SystemAlertsBanner() {
  const queryClient = useQueryClient();
  const live = useQuery(liveSystemAlertsQuery);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [now, setNow] = useState(() => Date.now());

  const refetch = () => void queryClient.invalidateQueries({ queryKey: systemAlertKeys.live });
  useChannel("broadcast", {
    onFrame: (frame) => {
      if (frame.type === "system-alerts") refetch();
    },
    onResync: refetch,
  });

  // The server's clock: this browser's may be wrong, and alerts start and end by the server's.
  const data = live.data;
  const skew = data ? Date.parse(data.now) - live.dataUpdatedAt : 0;

  useEffect(() => {
    if (!data) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      const current = Date.now() + (Number.isFinite(skew) ? skew : 0);
      setNow(current);
      const next = nextChange(data.items, current);
      if (next !== null) timer = setTimeout(arm, Math.min(next - current + 50, MAX_WAIT_MS));
    };
    arm();
    return () => clearTimeout(timer);
  }, [data, skew]);

  const showing = showingAt(data?.items ?? [], now).filter(
    (a) => a.level === "critical" || !dismissed.includes(dismissKey(a)),
  );
  if (showing.length === 0) return null;

  const dismiss = (alert: TLiveSystemAlert) => {
    const next = [...dismissed, dismissKey(alert)];
    setDismissed(next);
    writeDismissed(next);
    // Focus would be lost with the button: the main content takes it.
    document.getElementById("main-content")?.focus({ preventScroll: true });
  };

  return (
    <section aria-label="System alerts" className="divide-y border-b">
      {showing.map((alert) => {
        const style = LEVEL_STYLE[alert.level];
        const Icon = style.icon;
        return (
          <div
            key={alert.id}
            role={alert.level === "critical" ? "alert" : "status"}
            className={cn("flex items-start gap-3 px-4 py-2.5 text-sm sm:px-6", style.className)}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="min-w-0 flex-1 break-words whitespace-pre-wrap">
              <span className="sr-only">{`${style.name}: `}</span>
              {alert.message}
              {alert.ends_at && (
                <span className="ml-2 whitespace-nowrap opacity-80">
                  {`Until ${untilFormat.format(new Date(alert.ends_at))}`}
                </span>
              )}
            </p>
            {alert.level !== "critical" && (
              <IconButton
                label="Dismiss alert"
                icon={X}
                size="icon"
                className="-my-1 size-7 shrink-0 text-current hover:bg-black/5 dark:hover:bg-white/10"
                onClick={() => dismiss(alert)}
              />
            )}
          </div>
        );
      })}
    </section>
  );
}

export default SystemAlertsBanner;
