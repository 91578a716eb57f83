/**
 * Which version of a legal document was in force on a date: the latest version whose effective
 * date is on or before it. Dates are ISO yyyy-mm-dd, so they compare as strings.
 */
import { parseIsoDate } from "@portico/shared/validation";

export type VersionChoice<T> = { kind: "found"; version: T } | { kind: "none" } | { kind: "invalid-date" };

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `effectiveDate` absent → the version in force today (the current one). */
export function selectVersion<T extends { effectiveDate: string }>(
  versions: readonly T[],
  effectiveDate: string | undefined,
  today: string = todayIso(),
): VersionChoice<T> {
  if (effectiveDate !== undefined && parseIsoDate(effectiveDate) === null) return { kind: "invalid-date" };
  const on = effectiveDate ?? today;
  let found: T | undefined;
  for (const version of versions) {
    if (version.effectiveDate <= on && (!found || version.effectiveDate > found.effectiveDate))
      found = version;
  }
  return found ? { kind: "found", version: found } : { kind: "none" };
}

export const NO_VERSION_MESSAGE = "No version of this document was in force on that date.";

/** "15 January 2024" */
export function formatEffectiveDate(iso: string, locale = "en-GB"): string {
  const date = parseIsoDate(iso);
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date) : iso;
}
