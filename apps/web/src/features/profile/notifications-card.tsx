/**
 * The profile's Desktop notifications card (spec §4 notifications: enabled, disabled, unknown):
 * the browser's permission for Portico, read again whenever the tab comes back (it is changed in
 * the browser's settings), and the one place that asks for it.
 */
import BellOff from "lucide-react/icons/bell-off";
import BellRing from "lucide-react/icons/bell-ring";
import CircleHelp from "lucide-react/icons/circle-help";
import { useEffect, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { toast } from "../../components/ui/toast";
import {
  type DesktopNotificationState,
  desktopNotificationState,
  desktopNotificationsSupported,
  requestDesktopNotifications,
} from "../alerts/desktop-notifications";

const STATES = {
  enabled: {
    label: "Enabled",
    icon: BellRing,
    badge: "success",
    text: "While Portico is open in a hidden tab, each new alert shows on your desktop.",
  },
  disabled: {
    label: "Disabled",
    icon: BellOff,
    badge: "neutral",
    text: "This browser blocks notifications from Portico. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, and come back to this tab.",
  },
  unknown: {
    label: "Unknown",
    icon: CircleHelp,
    badge: "warning",
    text: "You have not been asked yet. Turn them on to see new alerts while Portico is in a hidden tab.",
  },
} as const satisfies Record<DesktopNotificationState, object>;

/** The permission, read again when the tab is shown or focused (changed in the browser meanwhile). */
function useDesktopNotificationState(): [
  DesktopNotificationState,
  (state: DesktopNotificationState) => void,
] {
  const [state, setState] = useState(desktopNotificationState);
  useEffect(() => {
    const read = () => setState(desktopNotificationState());
    window.addEventListener("focus", read);
    document.addEventListener("visibilitychange", read);
    return () => {
      window.removeEventListener("focus", read);
      document.removeEventListener("visibilitychange", read);
    };
  }, []);
  return [state, setState];
}

export function NotificationsCard() {
  const [state, setState] = useDesktopNotificationState();
  const [asking, setAsking] = useState(false);
  const supported = desktopNotificationsSupported();
  const shown = STATES[state];
  const Icon = shown.icon;

  const ask = async () => {
    setAsking(true);
    try {
      const next = await requestDesktopNotifications();
      setState(next);
      if (next === "enabled") toast.success("Desktop notifications are on.");
      else toast.info("Desktop notifications stay off; the bell still counts your alerts.");
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Desktop notifications</CardTitle>
          <Badge variant={shown.badge}>
            <Icon aria-hidden="true" />
            {shown.label}
          </Badge>
        </div>
        <CardDescription>Alerts on your desktop while Portico is open in another tab.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" role="status">
          {supported
            ? shown.text
            : "This browser cannot show desktop notifications; the bell still counts your alerts."}
        </p>
        {supported && state === "unknown" && (
          <Button busy={asking} onClick={ask}>
            Turn on desktop notifications
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
