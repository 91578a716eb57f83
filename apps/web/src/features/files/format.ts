/** Dates of the files screens in the browser's locale ("12 Mar 2026, 09:41"). */
const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : whenFormat.format(date);
}
