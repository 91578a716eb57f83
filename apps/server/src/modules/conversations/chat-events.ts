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
import type { Realtime } from "../../platform/realtime/realtime";
import { issueChannel } from "./issues.queries";

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

/** A list item moved or changed: to its account's lists and to the engineers' queue. */
export function pushConversation(realtime: Realtime, item: TConversationListItem) {
  const { unreadMessageCount: _unread, readMessageIndex: _read, ...shared } = item;
  const event: TConversationEventItem = shared;
  send(realtime, { type: "issue", channel: accountChannel(item.issue.account_id), item: event });
  send(realtime, { type: "issue", channel: QUEUE_CHANNEL, item: event });
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
