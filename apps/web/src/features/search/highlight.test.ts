import { describe, expect, it } from "vitest";
import { snippetParts } from "./highlight";

const marked = (text: string, highlights: { start: number; end: number }[]) =>
  snippetParts({ text, highlights })
    .map((p) => (p.marked ? `[${p.text}]` : p.text))
    .join("");

describe("snippet highlighting", () => {
  it.each([
    ["no highlight", "replication lag", [], "replication lag"],
    ["one word", "the replication lag grew", [{ start: 4, end: 15 }], "the [replication] lag grew"],
    [
      "at both ends",
      "lag and lag",
      [
        { start: 0, end: 3 },
        { start: 8, end: 11 },
      ],
      "[lag] and [lag]",
    ],
    [
      "unsorted ranges",
      "a lag b lag",
      [
        { start: 8, end: 11 },
        { start: 2, end: 5 },
      ],
      "a [lag] b [lag]",
    ],
    [
      "overlapping ranges merge",
      "replication",
      [
        { start: 0, end: 6 },
        { start: 4, end: 11 },
      ],
      "[replication]",
    ],
    [
      "touching ranges merge",
      "abcdef",
      [
        { start: 0, end: 3 },
        { start: 3, end: 6 },
      ],
      "[abcdef]",
    ],
    ["out of range is clamped", "lag", [{ start: -5, end: 99 }], "[lag]"],
    [
      "empty and reversed ranges are dropped",
      "lag",
      [
        { start: 1, end: 1 },
        { start: 2, end: 0 },
      ],
      "lag",
    ],
  ])("%s", (_name, text, highlights, expected) => {
    expect(marked(text, highlights)).toBe(expected);
  });

  it("keeps every character exactly once", () => {
    const text = "0123456789";
    const parts = snippetParts({
      text,
      highlights: [
        { start: 2, end: 5 },
        { start: 3, end: 8 },
        { start: 9, end: 10 },
      ],
    });
    expect(parts.map((p) => p.text).join("")).toBe(text);
  });

  it("is text: markup in a snippet stays characters", () => {
    const parts = snippetParts({ text: "<b>boom</b>", highlights: [{ start: 3, end: 7 }] });
    expect(parts).toEqual([
      { text: "<b>", marked: false },
      { text: "boom", marked: true },
      { text: "</b>", marked: false },
    ]);
  });

  it("a message's snippet drops Markdown marks but keeps its matches and underscores", () => {
    const snippet = { text: "node of **east-1** ran `snap_job`", highlights: [{ start: 10, end: 16 }] };
    expect(
      snippetParts(snippet, true)
        .map((p) => (p.marked ? `[${p.text}]` : p.text))
        .join(""),
    ).toBe("node of [east-1] ran snap_job");
  });
});
