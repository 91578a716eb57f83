import type { TMessage } from "@portico/shared/schemas/conversations";
import { describe, expect, it } from "vitest";
import { plainPreview } from "./format";
import {
  applyMessage,
  contiguousLastIndex,
  mergeMessages,
  prependPage,
  quoteOf,
  type Thread,
} from "./thread";

const message = (index: number, revision = index): TMessage => ({
  issue_number: 1,
  index,
  body: `m${index}`,
  attributes: {},
  author: { user_id: 1, name: "Ada", type: "customer" },
  created_at: "2026-01-01T00:00:00Z",
  edited_at: null,
  revision,
});
const thread = (indexes: number[], more: Partial<Thread> = {}): Thread => ({
  messages: indexes.map((i) => message(i)),
  hasOlder: false,
  hasNewer: false,
  revision: 0,
  ...more,
});

describe("thread merging", () => {
  it("puts a page wholly before or after the held run beside it, and an unsorted one in order", () => {
    const held = [message(5), message(6)];
    expect(mergeMessages(held, [message(3), message(4)]).map((m) => m.index)).toEqual([3, 4, 5, 6]);
    expect(mergeMessages(held, [message(7), message(8)]).map((m) => m.index)).toEqual([5, 6, 7, 8]);
    expect(mergeMessages(held, [message(4), message(2), message(3)]).map((m) => m.index)).toEqual([
      2, 3, 4, 5, 6,
    ]);
  });

  it("keys messages by index: a message seen twice is kept once, the newer revision winning", () => {
    const merged = mergeMessages([message(1), message(2, 5)], [message(2, 3), message(3), message(1, 9)]);
    expect(merged.map((m) => [m.index, m.revision])).toEqual([
      [1, 9],
      [2, 5],
      [3, 3],
    ]);
  });

  it("puts older pages before the held messages", () => {
    const t = prependPage(thread([51, 52]), { messages: [message(49), message(50)], has_older: true });
    expect(t.messages.map((m) => m.index)).toEqual([49, 50, 51, 52]);
    expect(t.hasOlder).toBe(true);
  });

  it("leaves a pushed message beyond a deep-linked page for scrolling down (no hole)", () => {
    const t = applyMessage(thread([10, 11], { hasNewer: true }), message(90), 90);
    expect(t.messages.map((m) => m.index)).toEqual([10, 11]);
    expect(t.revision).toBe(90);
  });

  it("resubscribes from the last index held without a gap", () => {
    expect(contiguousLastIndex(thread([3, 4, 5, 7]))).toBe(5);
    expect(contiguousLastIndex(thread([]))).toBe(0);
  });
});

describe("reply quoting (spec §5)", () => {
  it("quotes short text on one line", () => {
    expect(quoteOf("Disk  full\non node 2")).toBe("> Disk full on node 2\n\n");
  });

  it("cuts the quote to 100 characters with an ellipsis", () => {
    const quote = quoteOf("x".repeat(250));
    expect(quote).toBe(`> ${"x".repeat(100)}…\n\n`);
  });
});

describe("list preview", () => {
  it("shows a message's start without Markdown marks", () => {
    expect(
      plainPreview("Since **09:00** lag is `40 s`. > quoted See [the status page](https://x.example)."),
    ).toBe("Since 09:00 lag is 40 s. quoted See the status page.");
  });

  it("shows a link cut off by the 100-character preview as its text", () => {
    expect(plainPreview("Lag since 09:00. See [the status page](https://status.exa…")).toBe(
      "Lag since 09:00. See the status page",
    );
    expect(plainPreview("See [the status page](https://status.exa")).toBe("See the status page");
  });
});
