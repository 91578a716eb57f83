/** When an alert came, in the browser's locale: the time today, else the date and time. */
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function alertWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : fullFormat.format(date);
}

/** "3 unread alerts": the bell's count in words. */
export function unreadText(unread: number): string {
  if (unread === 0) return "No unread alerts";
  return unread === 1 ? "1 unread alert" : `${unread} unread alerts`;
}
