/**
 * Desktop notifications for alerts (spec §4 notifications: enabled, disabled, unknown) through the
 * browser's Notification API, while Portico is open in a hidden tab. Permission is only asked from
 * a button (browsers ignore or punish asking on load); a visible tab has the bell instead.
 */
import type { TAlert } from "@portico/shared/schemas/alerts";

/** "unknown": the browser has not asked yet. A browser without the API counts as "disabled". */
export type DesktopNotificationState = "enabled" | "disabled" | "unknown";

export function desktopNotificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function desktopNotificationState(): DesktopNotificationState {
  if (!desktopNotificationsSupported()) return "disabled";
  if (Notification.permission === "granted") return "enabled";
  return Notification.permission === "denied" ? "disabled" : "unknown";
}

/** Asks the browser; call it from a click. Answers the state after the user's choice. */
export async function requestDesktopNotifications(): Promise<DesktopNotificationState> {
  if (!desktopNotificationsSupported()) return "disabled";
  try {
    await Notification.requestPermission();
  } catch {
    // Old Safari takes a callback and answers undefined; the permission is read below either way.
  }
  return desktopNotificationState();
}

/**
 * Shows `alert` on the desktop when allowed and the tab is hidden; clicking it brings the tab
 * forward and calls `onOpen` (go to the alert's link). One tag per alert, so several hidden tabs
 * show it once. Answers whether a notification was shown.
 */
export function showAlertNotification(alert: TAlert, onOpen: (alert: TAlert) => void): boolean {
  if (document.visibilityState !== "hidden" || desktopNotificationState() !== "enabled") return false;
  try {
    const notification = new Notification("Portico", {
      body: alert.message,
      tag: `alert-${alert.alert_id}`,
    });
    notification.onclick = () => {
      window.focus();
      onOpen(alert);
      notification.close();
    };
    return true;
  } catch {
    // Android Chrome shows notifications from a service worker only; the bell still counts it.
    return false;
  }
}
