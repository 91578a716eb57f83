/**
 * A search snippet as pieces of plain text, each marked or not, from the highlight offsets the
 * server sends. The text is never parsed as HTML: a snippet quoting `<script>` shows it as text.
 */
import type { TSearchSnippet } from "@portico/shared/schemas/search";

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/** Markdown emphasis, code and strike marks: noise in a one-line snippet of a message. */
const MARKDOWN_MARKS = /[*`~]+/g;

/**
 * Cuts `text` at the highlights (end exclusive). Offsets are clamped to the text, empty ranges
 * dropped, and overlapping or touching ranges merged, so any answer renders without repeating or
 * losing a character. With `markdown`, emphasis, code and strike marks are left out of each part
 * (after the cut, so the offsets still fit); underscores stay, they are common in identifiers.
 */
export function snippetParts({ text, highlights }: TSearchSnippet, markdown = false): SnippetPart[] {
  const clamp = (n: number) => Math.min(text.length, Math.max(0, Math.trunc(n)));
  const ranges = highlights
    .map((h) => ({ start: clamp(h.start), end: clamp(h.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);

  const merged: { start: number; end: number }[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }

  const parts: SnippetPart[] = [];
  let at = 0;
  for (const { start, end } of merged) {
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  if (!markdown) return parts;
  return parts
    .map((part) => ({ ...part, text: part.text.replace(MARKDOWN_MARKS, "") }))
    .filter((part) => part.text);
}
