/**
 * The messages of one open conversation as the client holds them: a sorted run of messages keyed
 * by their index, merged from pages (GET issue/:id) and WebSocket frames. Merging is idempotent:
 * a message seen twice (a catch-up replay, a page that overlaps a push) is kept once, the copy
 * with the higher revision winning, so reconnecting never duplicates or loses a message.
 */
import type { TMessage } from "@portico/shared/schemas/conversations";

export interface Thread {
  /** Sorted by index, one entry per index. */
  messages: TMessage[];
  /** Messages exist before the first one held (scrolling up loads them). */
  hasOlder: boolean;
  /** Messages exist after the last one held (a deep link into the middle of a long issue). */
  hasNewer: boolean;
  /** The newest issue revision seen: sent back with `lastRevision` when resubscribing. */
  revision: number;
}

/** Merges `incoming` into `messages` by index; the higher revision of one index wins. */
export function mergeMessages(messages: readonly TMessage[], incoming: readonly TMessage[]): TMessage[] {
  if (incoming.length === 0) return messages as TMessage[];
  // A page wholly before or after the held run (scrolling, the common case) is put beside it
  // without rebuilding a 10,000-message run.
  const first = messages[0];
  const last = messages.at(-1);
  if (first && last && isStrictlySorted(incoming)) {
    if ((incoming.at(-1) as TMessage).index < first.index) return [...incoming, ...messages];
    if ((incoming[0] as TMessage).index > last.index) return [...messages, ...incoming];
  }
  const byIndex = new Map<number, TMessage>();
  for (const message of messages) byIndex.set(message.index, message);
  let changed = false;
  for (const message of incoming) {
    const held = byIndex.get(message.index);
    if (held && held.revision >= message.revision) continue;
    byIndex.set(message.index, message);
    changed = true;
  }
  if (!changed) return messages as TMessage[];
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

function isStrictlySorted(messages: readonly TMessage[]): boolean {
  for (let i = 1; i < messages.length; i++)
    if ((messages[i] as TMessage).index <= (messages[i - 1] as TMessage).index) return false;
  return true;
}

/**
 * The highest index up to which the thread holds every message, counting from its first: what a
 * resubscribe sends as `lastIndex`. A gap (never expected) stops the count, so the server sends
 * from there again.
 */
export function contiguousLastIndex(thread: Pick<Thread, "messages">): number {
  const { messages } = thread;
  const first = messages[0];
  if (!first) return 0;
  let last = first.index;
  for (const message of messages) {
    if (message.index > last + 1) break;
    last = message.index;
  }
  return last;
}

/**
 * A pushed message (created, edited or deleted) applied to the thread. While the newest messages
 * are not loaded (`hasNewer`), a message beyond them is left for scrolling down to fetch, so the
 * run never has a hole.
 */
export function applyMessage(thread: Thread, message: TMessage, revision: number): Thread {
  const next: Thread = { ...thread, revision: Math.max(thread.revision, revision) };
  const last = thread.messages.at(-1)?.index ?? 0;
  if (thread.hasNewer && message.index > last) return next;
  const messages = mergeMessages(thread.messages, [message]);
  return messages === thread.messages && next.revision === thread.revision ? thread : { ...next, messages };
}

/** Older messages (scrolling up) put before the held ones. */
export function prependPage(thread: Thread, page: { messages: TMessage[]; has_older: boolean }): Thread {
  return { ...thread, messages: mergeMessages(thread.messages, page.messages), hasOlder: page.has_older };
}

/** Newer messages (scrolling down after a deep link) put after the held ones. */
export function appendPage(thread: Thread, page: { messages: TMessage[]; has_newer: boolean }): Thread {
  return { ...thread, messages: mergeMessages(thread.messages, page.messages), hasNewer: page.has_newer };
}

export const QUOTE_MAX_LENGTH = 100;

/**
 * A reply's quote of a message (spec §5): its text on one line, cut to 100 characters with "…",
 * as a Markdown block quote followed by an empty line for the reply.
 */
export function quoteOf(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  const text = chars.length > QUOTE_MAX_LENGTH ? `${chars.slice(0, QUOTE_MAX_LENGTH).join("")}…` : flat;
  return `> ${text}\n\n`;
}
