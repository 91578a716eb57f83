/**
 * The timeline of an open conversation: its messages with the events and (engineers)
 * internal notes between them. Each event and note carries `after_message_index`: shown right
 * after that message, 0 before the first. Events and notes arrive with every page and live on the
 * socket; merging keeps each once (by id), in the order they happened.
 */
import type { TMessage } from "@portico/shared/schemas/conversations";
import type { TIssueEvent, TNote } from "@portico/shared/schemas/issue-work";

/** An event or a note between messages; `messageIndex` is the message it follows (0: none). */
export type TimelineItem =
  | { kind: "event"; key: string; event: TIssueEvent; messageIndex: number }
  | { kind: "note"; key: string; note: TNote; messageIndex: number };

/**
 * A row of the list: a message as it is (no wrapper, so 10,000 messages cost no extra objects),
 * or an item between messages.
 */
export type TimelineRow = TMessage | TimelineItem;

export const isMessageRow = (row: TimelineRow): row is TMessage => !("kind" in row);

/** The virtual list's key of a row: a message's index, an item's "e{id}" / "n{id}". */
export const rowKey = (row: TimelineRow): number | string => (isMessageRow(row) ? row.index : row.key);

/** The newest message at or before a row (what reading that row means). */
export const rowMessageIndex = (row: TimelineRow): number =>
  isMessageRow(row) ? row.index : row.messageIndex;

const byTime = <T extends { id: number; created_at: string }>(a: T, b: T) =>
  a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1;

function mergeById<T extends { id: number; created_at: string }>(
  held: readonly T[],
  incoming: readonly T[],
): T[] {
  if (incoming.length === 0) return held as T[];
  const byId = new Map<number, T>();
  for (const item of held) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(byTime);
}

/** Events merged by id (a page and a push may both carry one), oldest first. */
export function mergeEvents(held: readonly TIssueEvent[], incoming: readonly TIssueEvent[]): TIssueEvent[] {
  if (incoming.length === 1 && held.some((e) => e.id === (incoming[0] as TIssueEvent).id))
    return held as TIssueEvent[];
  return mergeById(held, incoming);
}

/** Notes merged by id, the incoming copy winning (an edit), oldest first. */
export function mergeNotes(held: readonly TNote[], incoming: readonly TNote[]): TNote[] {
  return mergeById(held, incoming);
}

/** A `note` frame or a note mutation's answer applied to the held notes. */
export function applyNote(
  held: readonly TNote[],
  action: "created" | "edited" | "deleted",
  note: TNote,
): TNote[] {
  if (action === "deleted")
    return held.some((n) => n.id === note.id) ? held.filter((n) => n.id !== note.id) : (held as TNote[]);
  return mergeNotes(held, [note]);
}

/**
 * Messages, events and notes in one run of rows (the virtual list's rows). An item after message
 * k follows it; items after a message not held yet wait: before the first held message when they
 * belong earlier (an older page will place them), left out past the last one while newer
 * messages are not loaded (`hasNewer`). A "note added" event whose note is held is left out
 * (the note's card says it).
 */
export function timelineRows(
  messages: readonly TMessage[],
  events: readonly TIssueEvent[],
  notes: readonly TNote[],
  hasNewer = false,
): TimelineRow[] {
  const items: (
    | { kind: "event"; at: number; time: string; id: number; event: TIssueEvent }
    | { kind: "note"; at: number; time: string; id: number; note: TNote }
  )[] = [];
  // A note on screen says itself that it was added.
  const held = notes.length === 0 ? null : new Set(notes.map((n) => n.id));
  for (const event of events)
    if (!(event.data.type === "note_added" && held?.has(event.data.note_id)))
      items.push({
        kind: "event",
        at: event.after_message_index,
        time: event.created_at,
        id: event.id,
        event,
      });
  for (const note of notes)
    items.push({ kind: "note", at: note.after_message_index, time: note.created_at, id: note.id, note });
  if (items.length === 0) return messages as TMessage[];
  items.sort((a, b) => a.at - b.at || (a.time === b.time ? a.id - b.id : a.time < b.time ? -1 : 1));

  const rows: TimelineRow[] = [];
  const last = messages.at(-1)?.index ?? 0;
  let next = 0;
  const emitUpTo = (limit: number, messageIndex: number) => {
    while (next < items.length && (items[next] as (typeof items)[number]).at < limit) {
      const item = items[next++] as (typeof items)[number];
      if (item.kind === "event")
        rows.push({ kind: "event", key: `e${item.id}`, event: item.event, messageIndex });
      else rows.push({ kind: "note", key: `n${item.id}`, note: item.note, messageIndex });
    }
  };
  let previous = 0;
  for (const message of messages) {
    emitUpTo(message.index, previous);
    rows.push(message);
    previous = message.index;
  }
  emitUpTo(hasNewer ? last + 1 : Number.POSITIVE_INFINITY, previous);
  return rows;
}
