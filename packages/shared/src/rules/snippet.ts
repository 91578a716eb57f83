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
