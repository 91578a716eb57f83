/**
 * Engineers' panic alerts. `PanicWatcher` (mounted by the shell for engineers, on every screen)
 * follows the queue channel and, when a panic arrives, plays the sound, shows a toast and a system
 * notification where allowed. `PanicAlertSettings` is the explicit place to allow notifications.
 */
import type { TConversationEventItem } from "@portico/shared/schemas/conversations";
import BellRing from "lucide-react/icons/bell-ring";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { toast } from "../../components/ui/toast";
import {
  type DesktopNotificationState as NotificationState,
  desktopNotificationState as notificationState,
  desktopNotificationsSupported as notificationsSupported,
  requestDesktopNotifications as requestNotifications,
} from "../alerts/desktop-notifications";
// The one chat connection of the tab; the queue channel carries every issue change to engineers.
import { useChannel } from "../conversations/realtime/chat";
import { isArrivingPanic, playPanicSound, showPanicNotification } from "./alerts";

/** Issues already announced in this tab (frames repeat for every change of the issue). */
const announced = new Set<number>();

export function usePanicAlerts(): void {
  const navigate = useNavigate();
  const announce = useCallback(
    (item: TConversationEventItem) => {
      const number = item.issue.issue_number;
      if (announced.has(number) || !isArrivingPanic(item, Date.now())) return;
      announced.add(number);
      const open = () => navigate(`/issues/${number}`);
      playPanicSound();
      showPanicNotification(item, open);
      toast.error(`Panic from ${item.issue.company}`, {
        description: `#${number} ${item.issue.title}`,
        duration: Number.POSITIVE_INFINITY,
        action: { label: "Open", onClick: open },
      });
    },
    [navigate],
  );
  useChannel("queue", {
    onFrame: (frame) => {
      if (frame.type === "issue") announce(frame.item);
    },
  });
}

/** Renders nothing: the shell mounts it for engineers so a panic is heard on every screen. */
export default function PanicWatcher() {
  usePanicAlerts();
  return null;
}

const STATE_TEXT: Record<NotificationState, string> = {
  enabled: "Notifications are on: a panic shows on your desktop even when this tab is hidden.",
  disabled:
    "Notifications are blocked for this site. Allow them in the browser's site settings to be alerted.",
  unknown: "Notifications are not set up yet. Turn them on to see a panic even when this tab is hidden.",
};

/** Engineers: notification state (spec §4: enabled, disabled, unknown), a way to allow them, a test sound. */
export function PanicAlertSettings() {
  const [state, setState] = useState<NotificationState>(notificationState);
  const [asking, setAsking] = useState(false);
  const supported = notificationsSupported();

  const allow = async () => {
    setAsking(true);
    try {
      const next = await requestNotifications();
      setState(next);
      if (next === "enabled") toast.success("Panic notifications are on.");
      else toast.info("Notifications stay off; panics still play a sound and show here.");
    } finally {
      setAsking(false);
    }
  };

  return (
    <Popover onOpenChange={(open) => open && setState(notificationState())}>
      <PopoverTrigger asChild>
        <Button variant="secondary">
          <BellRing aria-hidden="true" />
          Panic alerts
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 space-y-3">
        <p className="font-medium">Panic alerts</p>
        <p className="text-sm text-muted-foreground" role="status">
          {supported
            ? STATE_TEXT[state]
            : "This browser cannot show notifications; panics play a sound and show here."}
        </p>
        <div className="flex flex-wrap gap-2">
          {supported && state === "unknown" && (
            <Button size="sm" busy={asking} onClick={allow}>
              Turn on notifications
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={playPanicSound}>
            Play the panic sound
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
