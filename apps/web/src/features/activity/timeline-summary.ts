/** The timeline chart's words: what a screen reader hears instead of the bars. */
import type { TActivityDay } from "@portico/shared/schemas/reports";
import { count, formatDay } from "./format";

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * "30 days: 120 messages, 40 first responses and 35 issues answered. The busiest day was Wed 18
 * Nov 2026 with 12 messages. Weekend days are shaded." (the day list has every figure).
 */
export function timelineSummary(days: readonly TActivityDay[]): string {
  const sum = (key: "messages_sent" | "first_responses" | "issues_answered") =>
    days.reduce((total, day) => total + day[key], 0);
  const busiest = days.reduce<TActivityDay | null>(
    (best, day) => (day.messages_sent > (best?.messages_sent ?? 0) ? day : best),
    null,
  );
  const totals = `${plural(days.length, "day", "days")}: ${plural(sum("messages_sent"), "message", "messages")}, ${plural(sum("first_responses"), "first response", "first responses")} and ${plural(sum("issues_answered"), "issue answered", "issues answered")}.`;
  const peak = busiest
    ? ` The busiest day was ${formatDay(busiest.date)} with ${plural(busiest.messages_sent, "message", "messages")}.`
    : "";
  const weekend = days.some((day) => day.weekend) ? " Weekend days are shaded." : "";
  return `${totals}${peak}${weekend}`;
}
