/**
 * Weekend window of spec §9: Saturday 04:00 UTC (inclusive) to Monday 04:00 UTC (exclusive).
 * Issues raised inside it get weekend priority. Always UTC, whatever the viewer's time zone.
 */

export const WEEKEND_WINDOW = {
  /** getUTCDay() numbering: 0 Sunday … 6 Saturday. */
  startDay: 6,
  startHour: 4,
  endDay: 1,
  endHour: 4,
} as const;

export function isWeekendWindow(at: Date | number | string): boolean {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return false;
  const day = date.getUTCDay();
  const hour = date.getUTCHours();
  if (day === WEEKEND_WINDOW.startDay) return hour >= WEEKEND_WINDOW.startHour;
  if (day === 0) return true;
  if (day === WEEKEND_WINDOW.endDay) return hour < WEEKEND_WINDOW.endHour;
  return false;
}
