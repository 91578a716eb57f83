/**
 * Search-result snippets of spec §9: the text around the first match, `halfWidth` characters
 * each side (30 for message bodies, 75 for titles), with "…" where the text was cut. The
 * match's offsets in the returned text let the caller highlight it without searching again.
 */

export const SNIPPET_HALF_WIDTH = 30;
export const TITLE_SNIPPET_HALF_WIDTH = 75;
export const ELLIPSIS = "…";

export interface Snippet {
  text: string;
  /** Offsets of the match in `text` (end exclusive), or null when the query wasn't found. */
  match: { start: number; end: number } | null;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whitespace runs (newlines in messages) are collapsed to one space first, in both the text
 * and the query, so a snippet is one line and "foo  bar" still finds "foo bar". The search is
 * case-insensitive. Without a match the snippet is the start of the text, 2 × halfWidth long.
 */
export function makeSnippet(text: string, query: string, options: { halfWidth?: number } = {}): Snippet {
  const halfWidth = Math.max(0, Math.floor(options.halfWidth ?? SNIPPET_HALF_WIDTH));
  const flat = text.replace(/\s+/g, " ").trim();
  const needle = query.replace(/\s+/g, " ").trim();
  // A regex with the i flag matches in the original text, so offsets stay exact even where
  // lower-casing would change a string's length.
  const found = needle === "" ? null : new RegExp(escapeRegExp(needle), "iu").exec(flat);

  let from: number;
  let to: number;
  if (found) {
    from = Math.max(0, found.index - halfWidth);
    to = Math.min(flat.length, found.index + found[0].length + halfWidth);
  } else {
    from = 0;
    to = Math.min(flat.length, 2 * halfWidth);
  }
  const prefix = from > 0 ? ELLIPSIS : "";
  const suffix = to < flat.length ? ELLIPSIS : "";
  const snippetText = `${prefix}${flat.slice(from, to)}${suffix}`;
  if (!found) return { text: snippetText, match: null };
  const start = found.index - from + prefix.length;
  return { text: snippetText, match: { start, end: start + found[0].length } };
}

/** The markers the database puts around matched words (private-use characters: never typed). */
export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";

export interface MarkedSnippet {
  text: string;
  /** Every matched word inside `text` (end exclusive), in order. */
  highlights: Array<{ start: number; end: number }>;
}

/**
 * A snippet from text whose matched words the database marked (full-text search matches stems,
 * so "failing" finds "fails": only the database knows which words matched). The window is
 * `halfWidth` characters each side of the first match, like makeSnippet; every match inside it
 * is highlighted. Whitespace runs become one space; markers typed by a user are dropped.
 */
export function snippetFromMarked(marked: string, options: { halfWidth?: number } = {}): MarkedSnippet {
  const halfWidth = Math.max(0, Math.floor(options.halfWidth ?? SNIPPET_HALF_WIDTH));
  const flatMarked = marked.replace(/\s+/g, " ").trim();
  let text = "";
  const ranges: Array<{ start: number; end: number }> = [];
  let open: number | null = null;
  for (const ch of flatMarked) {
    if (ch === MATCH_START) open = text.length;
    else if (ch === MATCH_END) {
      if (open !== null && text.length > open) ranges.push({ start: open, end: text.length });
      open = null;
    } else text += ch;
  }
  const first = ranges[0];
  const from = first ? Math.max(0, first.start - halfWidth) : 0;
  const to = first ? Math.min(text.length, first.end + halfWidth) : Math.min(text.length, 2 * halfWidth);
  const prefix = from > 0 ? ELLIPSIS : "";
  const suffix = to < text.length ? ELLIPSIS : "";
  const shift = prefix.length - from;
  return {
    text: `${prefix}${text.slice(from, to)}${suffix}`,
    highlights: ranges
      .filter((r) => r.start >= from && r.end <= to)
      .map((r) => ({ start: r.start + shift, end: r.end + shift })),
  };
}

/** A search query split into quoted phrases and loose words (spec §7.2 search). */
export interface ParsedQuery {
  /** Loose words, joined by spaces; operators and punctuation are left for the database to drop. */
  words: string;
  /** Text between pairs of double quotes, each to be matched as a phrase. */
  phrases: string[];
  /** "#123" alone: the issue number to jump to. */
  issueNumber: number | null;
}

/**
 * Any text is a safe query: only balanced double quotes mean something (a phrase); an unbalanced
 * quote is a word break; `& | ! :* ( )` and the like are handed to plainto_tsquery and
 * phraseto_tsquery, which treat them as separators, never as operators.
 */
export function parseSearchQuery(input: string): ParsedQuery {
  const trimmed = input.trim();
  const jump = /^#(\d{1,9})$/.exec(trimmed);
  const parts = trimmed.split('"');
  const phrases: string[] = [];
  const words: string[] = [];
  // Odd parts are inside quotes, unless the last quote is unbalanced (even part count).
  const balanced = parts.length % 2 === 1;
  parts.forEach((part, i) => {
    const insideQuotes = i % 2 === 1 && (balanced || i < parts.length - 1);
    if (insideQuotes && part.trim()) phrases.push(part.trim());
    else if (part.trim()) words.push(part.trim());
  });
  return {
    words: words.join(" "),
    phrases,
    issueNumber: jump ? Number(jump[1]) : null,
  };
}
