/** Short dates and times for conversation lists and messages, in the browser's locale. */
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function shortWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dateFormat.format(date);
}

export function fullWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : fullFormat.format(date);
}

/**
 * A list row's preview without Markdown marks: links as their text, no emphasis, code or quote
 * marks. The server cuts previews at 100 characters, so a link may arrive without its end.
 */
export function plainPreview(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*(\)|…?$)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/(^|\s)(>|#{1,6})\s+/g, "$1")
    .trim();
}
