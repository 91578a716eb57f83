/**
 * A search snippet as pieces of plain text, each marked or not, from the highlight offsets the
 * server sends. The text is never parsed as HTML: a snippet quoting `<script>` shows it as text.
 */
import type { TSearchSnippet } from "@portico/shared/schemas/search";

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * Cuts `text` at the highlights (end exclusive). Offsets are clamped to the text, empty ranges
 * dropped, and overlapping or touching ranges merged, so any answer renders without repeating or
 * losing a character.
 */
export function snippetParts({ text, highlights }: TSearchSnippet): SnippetPart[] {
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
  return parts;
}
