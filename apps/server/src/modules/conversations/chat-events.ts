/**
 * What the conversations module pushes, and on which channel. Called after the change has
 * committed. Channels: `issue:{n}` (messages, typing, read state of one issue), `account:{id}`
 * (that account's list items), `queue` (every list item, engineers), `presence` (engineers'
 * online state and settings).
 */
import type {
  TConversationEventItem,
  TConversationListItem,
  TEngineer,
  TMessage,
  TServerFrame,
} from "@portico/shared/schemas/conversations";
import type { TIssueEvent } from "@portico/shared/schemas/issue-work";
import type { Executor } from "../../platform/db/client";
import type { Realtime } from "../../platform/realtime/realtime";
import { pushEvents } from "./issue-events";
import { listItemWork } from "./issue-work.queries";
import { issueChannel, queueItems } from "./issues.queries";

export const QUEUE_CHANNEL = "queue";
export const PRESENCE_CHANNEL = "presence";
export const accountChannel = (accountId: number) => `account:${accountId}`;

function send(realtime: Realtime, frame: TServerFrame & { channel: string }, revision?: number) {
  realtime.publish(frame.channel, frame, revision);
}

export function pushMessage(realtime: Realtime, message: TMessage, action: "created" | "edited" | "deleted") {
  const channel = issueChannel(message.issue_number);
  send(realtime, { type: "message", channel, action, revision: message.revision, message }, message.revision);
}

/**
 * A list item moved or changed: to its account's lists, never with the work state, and to the
 * engineers' queue with it (read here when the item does not carry it: one query).
 */
export async function pushConversation(exec: Executor, realtime: Realtime, item: TConversationListItem) {
  const { unreadMessageCount: _unread, readMessageIndex: _read, work, ...shared } = item;
  send(realtime, { type: "issue", channel: accountChannel(item.issue.account_id), item: shared });
  await pushQueueItem(exec, realtime, { ...shared, work });
}

async function pushQueueItem(exec: Executor, realtime: Realtime, item: TConversationEventItem) {
  const n = item.issue.issue_number;
  const work = item.work ?? (await listItemWork(exec, [n])).get(n);
  send(realtime, { type: "issue", channel: QUEUE_CHANNEL, item: { ...item, work } });
}

/**
 * After a change of the work on issues (tags, category, assignees): the events to those who may
 * see them, and the changed issues' queue rows (the customers' lists show none of it).
 */
export async function pushWorkChange(exec: Executor, realtime: Realtime, events: readonly TIssueEvent[]) {
  if (events.length === 0) return;
  pushEvents(realtime, events);
  const changed = [...new Set(events.map((e) => e.issue_number))];
  for (const item of await queueItems(exec, changed)) {
    send(realtime, { type: "issue", channel: QUEUE_CHANNEL, item });
  }
}

export function pushRead(realtime: Realtime, issueNumber: number, userId: number, readIndex: number) {
  send(realtime, {
    type: "read",
    channel: issueChannel(issueNumber),
    issue: issueNumber,
    user_id: userId,
    read_message_index: readIndex,
  });
}

export function pushTyping(
  realtime: Realtime,
  issueNumber: number,
  user: { user_id: number; name: string; is_engineer: boolean },
) {
  send(realtime, { type: "typing", channel: issueChannel(issueNumber), issue: issueNumber, user });
}

export function pushPresence(realtime: Realtime, userId: number, online: boolean) {
  send(realtime, { type: "presence", channel: PRESENCE_CHANNEL, user_id: userId, online });
}

export function pushEngineer(realtime: Realtime, engineer: Omit<TEngineer, "online">) {
  send(realtime, { type: "engineer", channel: PRESENCE_CHANNEL, engineer });
}

/** To every signed-in socket (issue 17): system alerts changed, maintenance turned on or off. */
export function pushBroadcast(realtime: Realtime, frame: Extract<TServerFrame, { channel: "broadcast" }>) {
  send(realtime, frame);
}
