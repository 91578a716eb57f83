/**
 * The built-in summarizer (used when no LLM_BASE_URL is set): an extractive summary, i.e. the
 * conversation's own most informative sentences, never words of its own. Pure: text in, text out.
 *
 * Output: two paragraphs separated by a blank line: first the problem, from the customer's
 * messages; then what was done, from the engineers' messages (and, for an engineer's summary,
 * the internal notes the caller passes in as "work"). Each paragraph keeps at most
 * `perParagraph` sentences (3 by default), in the order they were written.
 *
 * Scoring, per sentence:
 * 1. Text is made plain (code fences, inline code marks, Markdown links, headings, quotes and
 *    list bullets dropped) and split into sentences at . ! ? followed by a space, and at line
 *    breaks. Sentences under 3 words ("Thanks!", "Hi Erin,") are not candidates.
 * 2. Terms are lower-case words of 2+ characters that are not stop words.
 * 3. A term's weight is TF-IDF-like over the sentences of the whole conversation:
 *    weight(t) = ln(1 + tf(t)) × ln(1 + N / df(t)), with tf the term's count in the
 *    conversation, N the number of sentences and df the number of sentences holding it: a term
 *    that comes back (the damped tf) but in few sentences (the idf) weighs most; one found in
 *    nearly every sentence ("cluster") weighs little however often it is written.
 * 4. base(s) = sum of the weights of the distinct terms of s / sqrt(number of distinct terms),
 *    so a long sentence does not win by length alone.
 * 5. Bonuses (multipliers, documented so the choice can be explained):
 *    - ×1.5 the opening sentence of a side (the customer's first statement of the problem, the
 *      first engineer answer): openings say what it is about;
 *    - ×(1 + 0.2 per term shared with the issue title, at most ×1.6): on-topic sentences;
 *    - ×1.3 a sentence with a "technical detail": a number, a version, an error code or an
 *      identifier with digits, dots or underscores (ENOSPC, node-3, v2.4.1, 0x1f);
 *    - ×1.3 the last sentence of the work side: usually the fix or the next step;
 *    - ×0.5 a question on the work side: engineers' questions rarely say what was done.
 * 6. The top sentences by score (ties: earlier first) are kept, then put back in original order.
 *
 * A side with no candidate sentence says so in a fixed sentence (EMPTY_PROBLEM, EMPTY_WORK).
 */

export type Side = "problem" | "work";

export interface SummaryInput {
  title: string;
  /** The conversation in order: the customer's text is the problem, engineers' the work. */
  parts: { side: Side; text: string }[];
}

export const EMPTY_PROBLEM = "The customer has not described a problem in their own messages yet.";
export const EMPTY_WORK = "No engineer has answered yet.";
const MAX_SENTENCE_CHARS = 300;
const MIN_WORDS = 3;

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her hi hello " +
    "him his how i if in into is it its just me my no not of on or our please she so than thank " +
    "thanks that the their them then there these they this to too us was we were what when where " +
    "which who why will with would you your yours also any all some get got one only about after " +
    "before again still here out up down over very more most other such same should now ok okay " +
    "let know see"
  ).split(" "),
);

/** Markdown made plain enough to read as sentences. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_~]{2,}/g, "");
}

export function splitSentences(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.split(" ").length >= MIN_WORDS);
}

export function terms(sentence: string): string[] {
  const words = sentence.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}._-]*[\p{L}\p{N}]|[\p{L}\p{N}]{2,}/gu);
  return (words ?? []).filter((w) => w.length >= 2 && !STOP_WORDS.has(w));
}

const TECHNICAL = /\d|\b[A-Z]{3,}\b|\w[._]\w/;

interface Candidate {
  side: Side;
  text: string;
  order: number;
  terms: string[];
  opening: boolean;
}

function candidates(input: SummaryInput): Candidate[] {
  const list: Candidate[] = [];
  const opened = new Set<Side>();
  for (const part of input.parts) {
    for (const text of splitSentences(part.text)) {
      list.push({
        side: part.side,
        text,
        order: list.length,
        terms: terms(text),
        opening: !opened.has(part.side),
      });
      opened.add(part.side);
    }
  }
  return list;
}

/** Every candidate sentence with its score (exported for the table tests). */
export function scoreSentences(input: SummaryInput): { side: Side; text: string; score: number }[] {
  const list = candidates(input);
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const c of list) {
    for (const t of c.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(c.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = list.length;
  const weight = (t: string) => Math.log(1 + (tf.get(t) ?? 0)) * Math.log(1 + n / (df.get(t) ?? 1));
  const titleTerms = new Set(terms(input.title));
  const lastWork = list.filter((c) => c.side === "work").at(-1);
  return list.map((c) => {
    const distinct = [...new Set(c.terms)];
    let score = distinct.length
      ? distinct.reduce((sum, t) => sum + weight(t), 0) / Math.sqrt(distinct.length)
      : 0;
    if (c.opening) score *= 1.5;
    const onTitle = distinct.filter((t) => titleTerms.has(t)).length;
    score *= Math.min(1.6, 1 + 0.2 * onTitle);
    if (TECHNICAL.test(c.text)) score *= 1.3;
    if (c === lastWork) score *= 1.3;
    if (c.side === "work" && c.text.endsWith("?")) score *= 0.5;
    return { side: c.side, text: c.text, score };
  });
}

function clip(sentence: string): string {
  return sentence.length <= MAX_SENTENCE_CHARS
    ? sentence
    : `${sentence.slice(0, MAX_SENTENCE_CHARS - 1).trimEnd()}…`;
}

/** Two paragraphs: the problem, then what was done. */
export function summarizeExtractive(input: SummaryInput, perParagraph = 3): string {
  const scored = scoreSentences(input).map((s, order) => ({ ...s, order }));
  const paragraph = (side: Side, empty: string) => {
    const chosen = scored
      .filter((s) => s.side === side)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, perParagraph)
      .sort((a, b) => a.order - b.order);
    return chosen.length ? chosen.map((s) => clip(s.text)).join(" ") : empty;
  };
  return `${paragraph("problem", EMPTY_PROBLEM)}\n\n${paragraph("work", EMPTY_WORK)}`;
}
