/**
 * Expiry text of spec §4 for things that expire and are then deleted (licences, trial files).
 * Counted in whole UTC calendar days, so the text changes at midnight UTC, not at the hour.
 */

const DAY_MS = 86_400_000;

function utcDayNumber(at: Date | number | string): number | null {
  const ms = at instanceof Date ? at.getTime() : typeof at === "number" ? at : Date.parse(at);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/** Calendar days from now until expiry: 0 the same UTC day, negative once past. */
export function daysUntilExpiry(
  expiresAt: Date | number | string,
  now: Date | number | string,
): number | null {
  const expiryDay = utcDayNumber(expiresAt);
  const today = utcDayNumber(now);
  return expiryDay === null || today === null ? null : expiryDay - today;
}

/**
 * "Expires in N days" (the spec gives only the plural form, so "Expires in 1 days" too),
 * "Expired today. Will be deleted soon." on the expiry day itself, even before the exact hour,
 * "Expired N days ago. Will be deleted soon." afterwards. Null when a date is unreadable.
 */
export function expiryText(expiresAt: Date | number | string, now: Date | number | string): string | null {
  const days = daysUntilExpiry(expiresAt, now);
  if (days === null) return null;
  if (days > 0) return `Expires in ${days} days`;
  if (days === 0) return "Expired today. Will be deleted soon.";
  return `Expired ${-days} days ago. Will be deleted soon.`;
}
