/**
 * Alerts, live: the viewer's `user:{id}` channel carries {type:"alert", alert, unread} for each
 * new alert and {type:"alerts-read", unread} when alerts were read (here or in another tab). The
 * bell's count and the terms banner follow them; a hidden tab shows the alert on the desktop.
 * The tab's one chat client keeps one server subscription per channel, so this handler and the
 * mention toasts' share the same `user:{id}` subscription.
 */
import type { TAlert } from "@portico/shared/schemas/alerts";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
// The one chat connection of the tab.
import { useChannel } from "../conversations/realtime/chat";
import { alertKeys, alertsApi, applyNewAlert, applyUnread } from "./api";
import { showAlertNotification } from "./desktop-notifications";

/** Renders nothing: mounted by the shell for a signed-in user. */
export default function AlertsLive({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = (alert: TAlert) => {
    void alertsApi.setRead(alert.alert_id, true).catch(() => undefined);
    navigate(alert.link ?? "/alerts");
  };
  useChannel(`user:${userId}`, {
    onFrame: (frame) => {
      if (frame.type === "alert") {
        applyNewAlert(queryClient, frame.alert, frame.unread);
        showAlertNotification(frame.alert, open);
      } else if (frame.type === "alerts-read") {
        applyUnread(queryClient, frame.unread);
      }
    },
    // Frames may have been missed while the socket was down: read the summary again.
    onResync: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
  return null;
}
