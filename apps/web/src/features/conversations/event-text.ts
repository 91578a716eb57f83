/**
 * An issue event as a readable sentence: who did what ("Erin Engineer assigned Ada Admin",
 * "… tagged ‘network’", "… changed the category from Network to Billing"). Names are as they were
 * when it happened; a system event (no actor) is Portico's.
 */
import { ISSUE_STATUS_LABELS, type IssueStatus } from "@portico/shared/rules/issue-status";
import type { TIssueEvent } from "@portico/shared/schemas/issue-work";

const quoted = (text: string) => `‘${text}’`;

function statusLabel(status: string): string {
  return (ISSUE_STATUS_LABELS[status as IssueStatus] ?? status).toLowerCase();
}

/** A meeting's start in the reader's zone: "12 Jan 2026, 14:00". */
function meetingTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** "A", "A and B", "A, B and C". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "nobody";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What the actor did, without the actor ("assigned Ada Admin"). */
export function eventAction(event: TIssueEvent): string {
  const { data } = event;
  switch (data.type) {
    case "created":
      return "opened the issue";
    case "panic":
      return "raised it as a panic";
    case "renamed":
      return `renamed it from ${quoted(data.from)} to ${quoted(data.to)}`;
    case "status":
      if (data.to === "answered") return "marked it answered";
      if (data.to === "archived") return "archived it";
      if (data.from === "answered" || data.from === "archived") return "reopened it";
      return `changed the status from ${statusLabel(data.from)} to ${statusLabel(data.to)}`;
    case "assigned":
      return event.actor?.user_id === data.user.user_id
        ? "assigned themselves"
        : `assigned ${data.user.name}`;
    case "unassigned":
      return event.actor?.user_id === data.user.user_id
        ? "unassigned themselves"
        : `unassigned ${data.user.name}`;
    case "tagged":
      return `tagged ${quoted(data.tag.name)}`;
    case "untagged":
      return `removed the tag ${quoted(data.tag.name)}`;
    case "categorised":
      if (!data.from && data.to) return `set the category to ${data.to.name}`;
      if (data.from && !data.to) return `cleared the category (was ${data.from.name})`;
      return `changed the category from ${data.from?.name ?? "none"} to ${data.to?.name ?? "none"}`;
    case "message_deleted":
      return `deleted message #${data.index}`;
    case "note_added":
      return "added an internal note";
    case "note_deleted":
      return "deleted an internal note";
    case "mentioned": {
      const who = nameList(data.users.map((u) => u.name));
      return data.message_index ? `mentioned ${who} in message #${data.message_index}` : `notified ${who}`;
    }
    case "meeting_scheduled":
      return `scheduled the meeting ${quoted(data.title)} for ${meetingTime(data.start_time)}`;
    case "meeting_logged":
      return `logged the meeting ${quoted(data.title)} of ${meetingTime(data.start_time)}`;
    case "meeting_cancelled":
      return `cancelled the meeting ${quoted(data.title)}`;
    case "todo_created":
      return `added the todo ${quoted(data.title)}`;
    case "todo_done":
      return `completed the todo ${quoted(data.title)}`;
    default:
      return "changed the issue";
  }
}

/** The whole sentence: "Erin Engineer assigned Ada Admin". */
export function eventSentence(event: TIssueEvent): string {
  return `${event.actor?.name ?? "Portico"} ${eventAction(event)}`;
}
