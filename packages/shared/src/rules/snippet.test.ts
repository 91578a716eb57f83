import { describe, expect, it } from "vitest";
import {
  makeSnippet,
  type ParsedQuery,
  parseSearchQuery,
  type Snippet,
  snippetFromMarked,
  TITLE_SNIPPET_HALF_WIDTH,
} from "./snippet";

const digits = "0123456789";

describe("makeSnippet", () => {
  it.each<[string, string, string, number | undefined, Snippet]>([
    [
      "short text, match kept whole",
      "Disk failed on node 3",
      "failed",
      undefined,
      { text: "Disk failed on node 3", match: { start: 5, end: 11 } },
    ],
    [
      "case-insensitive, original case kept",
      "Disk FAILED",
      "failed",
      undefined,
      { text: "Disk FAILED", match: { start: 5, end: 11 } },
    ],
    ["cut both sides", `${digits}abc${digits}`, "abc", 2, { text: "…89abc01…", match: { start: 3, end: 6 } }],
    ["cut only at the end", `abc${digits}`, "abc", 2, { text: "abc01…", match: { start: 0, end: 3 } }],
    ["cut only at the start", `${digits}abc`, "ABC", 2, { text: "…89abc", match: { start: 3, end: 6 } }],
    ["first match wins", "x abc y abc", "abc", 2, { text: "x abc y…", match: { start: 2, end: 5 } }],
    ["no match: start of text", `${digits}${digits}`, "zzz", 3, { text: "012345…", match: null }],
    ["empty query: start of text", "hello", "  ", 30, { text: "hello", match: null }],
    [
      "whitespace collapsed",
      "line one\n\n  line two",
      "one line",
      undefined,
      { text: "line one line two", match: { start: 5, end: 13 } },
    ],
    [
      "regex characters are literal",
      "cost is $5 (approx.)",
      "(approx.)",
      undefined,
      { text: "cost is $5 (approx.)", match: { start: 11, end: 20 } },
    ],
    ["zero half-width", "abcdef", "cd", 0, { text: "…cd…", match: { start: 1, end: 3 } }],
  ])("%s", (_name, text, query, halfWidth, expected) => {
    const snippet = makeSnippet(text, query, halfWidth === undefined ? {} : { halfWidth });
    expect(snippet).toEqual(expected);
    if (snippet.match) {
      const marked = snippet.text.slice(snippet.match.start, snippet.match.end);
      expect(marked.toLowerCase()).toBe(query.replace(/\s+/g, " ").trim().toLowerCase());
    }
  });

  it.each<[number | undefined, number]>([
    [undefined, 30],
    [TITLE_SNIPPET_HALF_WIDTH, 75],
  ])("half-width %s keeps %i characters each side", (halfWidth, width) => {
    const text = `${"a".repeat(200)}MATCH${"b".repeat(200)}`;
    const snippet = makeSnippet(text, "match", halfWidth === undefined ? {} : { halfWidth });
    expect(snippet.text).toBe(`…${"a".repeat(width)}MATCH${"b".repeat(width)}…`);
    expect(snippet.match).toEqual({ start: width + 1, end: width + 6 });
  });
});

describe("snippetFromMarked", () => {
  const S = "\uE000";
  const E = "\uE001";

  it("cuts 30 characters each side of the first match and highlights every match inside", () => {
    const marked = `${"a".repeat(50)} disk ${S}failing${E} on node 3 and ${S}fails${E} again ${"z".repeat(50)}`;
    const snippet = snippetFromMarked(marked);
    const first = snippet.highlights[0];
    expect(first && snippet.text.slice(first.start, first.end)).toBe("failing");
    expect(snippet.text.startsWith("…")).toBe(true);
    expect(snippet.text.endsWith("…")).toBe(true);
    // 1 (ellipsis) + 30 + "failing" + 30 + 1
    expect(snippet.text.length).toBe(1 + 30 + 7 + 30 + 1);
    expect(snippet.highlights.map((h) => snippet.text.slice(h.start, h.end))).toEqual(["failing", "fails"]);
  });

  it("uses 75 for titles and keeps short text whole", () => {
    expect(snippetFromMarked(`Cluster ${S}down${E}`, { halfWidth: TITLE_SNIPPET_HALF_WIDTH })).toEqual({
      text: "Cluster down",
      highlights: [{ start: 8, end: 12 }],
    });
  });

  it("collapses whitespace and leaves matches outside the window out", () => {
    const marked = `${S}one${E}\n\n${"x".repeat(80)} ${S}two${E}`;
    const snippet = snippetFromMarked(marked);
    expect(snippet.text).toBe(`one ${"x".repeat(29)}…`);
    expect(snippet.highlights).toEqual([{ start: 0, end: 3 }]);
  });

  it("without a match shows the start of the text", () => {
    expect(snippetFromMarked("x".repeat(100))).toEqual({ text: `${"x".repeat(60)}…`, highlights: [] });
  });
});

describe("parseSearchQuery", () => {
  it.each<[string, ParsedQuery]>([
    ["disk failure", { words: "disk failure", phrases: [], issueNumber: null }],
    ['"node 3 down" raid', { words: "raid", phrases: ["node 3 down"], issueNumber: null }],
    ['unbalanced "quote here', { words: "unbalanced quote here", phrases: [], issueNumber: null }],
    ['a "b" c "d', { words: "a c d", phrases: ["b"], issueNumber: null }],
    ["& | ! :* ( ) \\", { words: "& | ! :* ( ) \\", phrases: [], issueNumber: null }],
    ["#123", { words: "#123", phrases: [], issueNumber: 123 }],
    ["#12 disk", { words: "#12 disk", phrases: [], issueNumber: null }],
    ['""', { words: "", phrases: [], issueNumber: null }],
  ])("%s", (input, expected) => {
    expect(parseSearchQuery(input)).toEqual(expected);
  });
});
