/**
 * What an engineer's browser does when a panic lands in the queue: a short sound made with the
 * Web Audio API (no file to download), and a system notification where the engineer allowed them.
 * Permission is only ever asked from a button (browsers ignore or punish asking on load).
 */
import { isPanicIssue } from "@portico/shared/rules/issue-order";
import type { TConversationEventItem } from "@portico/shared/schemas/conversations";
import { desktopNotificationState } from "../alerts/desktop-notifications";

/** A panic pushed later than this after its creation is an update, not an arrival. */
export const PANIC_ARRIVAL_WINDOW_MS = 10 * 60_000;

/**
 * Whether a pushed list item is a panic arriving: a live (open or waiting) panic issue that is
 * new, either by its first message or, for a frame that came after a quick second message, by
 * its age. Clock skew only matters for the second test.
 */
export function isArrivingPanic(item: TConversationEventItem, now: number): boolean {
  if (!isPanicIssue(item)) return false;
  if (item.issueStatus !== "open" && item.issueStatus !== "waiting") return false;
  if (item.issue.last_message_index <= 1) return true;
  const age = now - Date.parse(item.issue.created_at);
  return age < PANIC_ARRIVAL_WINDOW_MS;
}

/**
 * Two pairs of rising beeps, under a second, on a context of their own that is closed after. The
 * browser lets it play once the page has had a click, which an engineer at work has long given.
 */
export function playPanicSound(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  const context = new Context();
  void context.resume().catch(() => undefined);
  const start = context.currentTime + 0.02;
  [0, 0.16, 0.45, 0.61].forEach((offset, index) => {
    const at = start + offset;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "triangle";
    oscillator.frequency.value = index % 2 === 0 ? 880 : 1175;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.15);
  });
  setTimeout(() => void context.close().catch(() => undefined), 1_500);
}

/**
 * A system notification for the panic, when allowed; clicking it brings the tab forward on the
 * issue. One tag per issue, so several open tabs show it once.
 */
export function showPanicNotification(item: TConversationEventItem, onOpen: () => void): boolean {
  if (desktopNotificationState() !== "enabled") return false;
  const { issue } = item;
  try {
    const notification = new Notification(`Panic: ${issue.company}`, {
      body: `#${issue.issue_number} ${issue.title}`,
      tag: `panic-${issue.issue_number}`,
      requireInteraction: true,
    });
    notification.onclick = () => {
      window.focus();
      onOpen();
      notification.close();
    };
    return true;
  } catch {
    // Android Chrome allows notifications from a service worker only; the toast still shows.
    return false;
  }
}
