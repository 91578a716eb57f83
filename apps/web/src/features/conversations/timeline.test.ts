import type { TMessage } from "@portico/shared/schemas/conversations";
import type { TIssueEvent, TNote } from "@portico/shared/schemas/issue-work";
import { describe, expect, it } from "vitest";
import { eventSentence } from "./event-text";
import { applyNote, isMessageRow, mergeEvents, rowMessageIndex, timelineRows } from "./timeline";

const message = (index: number): TMessage => ({
  issue_number: 1,
  index,
  body: `m${index}`,
  attributes: {},
  author: { user_id: 1, name: "Ada", type: "customer" },
  created_at: `2026-01-01T00:00:${String(index).padStart(2, "0")}Z`,
  edited_at: null,
  revision: index,
});

const erin = { user_id: 7, name: "Erin Engineer", is_engineer: true };

const event = (
  id: number,
  after: number,
  data: TIssueEvent["data"] = { type: "created", title: "T" },
): TIssueEvent => ({
  id,
  issue_number: 1,
  audience: "all",
  actor: erin,
  after_message_index: after,
  data,
  created_at: `2026-01-01T00:01:${String(id).padStart(2, "0")}Z`,
});

const note = (id: number, after: number, body = `note ${id}`): TNote => ({
  id,
  issue_number: 1,
  body,
  author: { user_id: 7, name: "Erin Engineer" },
  after_message_index: after,
  created_at: `2026-01-01T00:02:${String(id).padStart(2, "0")}Z`,
  edited_at: null,
});

const keys = (rows: ReturnType<typeof timelineRows>) =>
  rows.map((r) => (isMessageRow(r) ? `m${r.index}` : r.key));

describe("timeline rows", () => {
  it("shows an item with after_message_index k right after message k, 0 before the first", () => {
    const rows = timelineRows(
      [message(1), message(2), message(3)],
      [event(10, 0), event(11, 2)],
      [note(5, 2), note(6, 3)],
    );
    expect(keys(rows)).toEqual(["e10", "m1", "m2", "e11", "n5", "m3", "n6"]);
    // Reading an item means having read the message before it.
    expect(rows.map(rowMessageIndex)).toEqual([0, 1, 2, 2, 2, 3, 3]);
  });

  it("keeps items past the held messages out while newer messages are not loaded", () => {
    const messages = [message(4), message(5)];
    expect(keys(timelineRows(messages, [event(1, 5), event(2, 9)], [], true))).toEqual(["m4", "m5", "e1"]);
    expect(keys(timelineRows(messages, [event(1, 5), event(2, 9)], [], false))).toEqual([
      "m4",
      "m5",
      "e1",
      "e2",
    ]);
  });

  it("leaves out 'added a note' when the note itself is shown; keeps it when it is not", () => {
    const added = event(12, 1, { type: "note_added", note_id: 5 });
    expect(keys(timelineRows([message(1)], [added], [note(5, 1)]))).toEqual(["m1", "n5"]);
    expect(keys(timelineRows([message(1)], [added], [note(6, 1)]))).toEqual(["m1", "e12", "n6"]);
  });

  it("is the messages themselves when there is nothing between them (no copy of 10,000 rows)", () => {
    const messages = Array.from({ length: 10_000 }, (_, i) => message(i + 1));
    expect(timelineRows(messages, [], [])).toBe(messages);
    expect(timelineRows(messages, [event(1, 0)], []).slice(1)).toEqual(messages);
  });

  it("merges events from pages and pushes once each, and notes by id (edits replace, deletes remove)", () => {
    const held = [event(1, 0), event(3, 2)];
    expect(mergeEvents(held, [event(3, 2)])).toBe(held);
    expect(mergeEvents(held, [event(2, 1)]).map((e) => e.id)).toEqual([1, 2, 3]);
    const notes = [note(1, 1), note(2, 2)];
    expect(applyNote(notes, "edited", note(1, 1, "changed")).map((n) => n.body)).toEqual([
      "changed",
      "note 2",
    ]);
    expect(applyNote(notes, "deleted", note(2, 2)).map((n) => n.id)).toEqual([1]);
    expect(applyNote(notes, "created", note(3, 4)).map((n) => n.id)).toEqual([1, 2, 3]);
  });
});

describe("event sentences", () => {
  const ada = { user_id: 2, name: "Ada Admin" };
  it.each([
    [{ type: "assigned", user: ada }, "Erin Engineer assigned Ada Admin"],
    [{ type: "assigned", user: { user_id: 7, name: "Erin Engineer" } }, "Erin Engineer assigned themselves"],
    [{ type: "unassigned", user: ada }, "Erin Engineer unassigned Ada Admin"],
    [{ type: "tagged", tag: { id: 1, name: "network", color: "#3b82f6" } }, "Erin Engineer tagged ‘network’"],
    [
      { type: "untagged", tag: { id: 1, name: "network", color: "#3b82f6" } },
      "Erin Engineer removed the tag ‘network’",
    ],
    [
      { type: "categorised", from: { id: 1, name: "Network" }, to: { id: 2, name: "Billing" } },
      "Erin Engineer changed the category from Network to Billing",
    ],
    [
      { type: "categorised", from: null, to: { id: 2, name: "Billing" } },
      "Erin Engineer set the category to Billing",
    ],
    [
      { type: "categorised", from: { id: 2, name: "Billing" }, to: null },
      "Erin Engineer cleared the category (was Billing)",
    ],
    [{ type: "status", from: "open", to: "answered" }, "Erin Engineer marked it answered"],
    [{ type: "status", from: "answered", to: "open" }, "Erin Engineer reopened it"],
    [
      { type: "status", from: "open", to: "waiting" },
      "Erin Engineer changed the status from open to waiting for response",
    ],
    [{ type: "renamed", from: "Old", to: "New" }, "Erin Engineer renamed it from ‘Old’ to ‘New’"],
    [{ type: "message_deleted", index: 4 }, "Erin Engineer deleted message #4"],
    [{ type: "note_added", note_id: 3 }, "Erin Engineer added an internal note"],
    [
      { type: "mentioned", users: [ada, { user_id: 3, name: "Bo" }], message_index: 6 },
      "Erin Engineer mentioned Ada Admin and Bo in message #6",
    ],
    [{ type: "mentioned", users: [ada], message_index: null }, "Erin Engineer notified Ada Admin"],
  ] as [TIssueEvent["data"], string][])("%o reads “%s”", (data, sentence) => {
    expect(eventSentence(event(1, 0, data))).toBe(sentence);
  });

  it("names the system when nobody did it", () => {
    expect(
      eventSentence({ ...event(1, 0, { type: "status", from: "answered", to: "archived" }), actor: null }),
    ).toBe("Portico archived it");
  });
});
