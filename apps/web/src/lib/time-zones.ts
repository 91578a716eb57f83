/** IANA time zones the browser knows, for time-zone selects. */

let cached: string[] | null = null;

export function timeZones(): string[] {
  if (cached) return cached;
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    // Older browsers: the user's own zone and UTC are still offered.
  }
  const own = browserTimeZone();
  cached = [...new Set(["UTC", ...zones, ...(own ? [own] : [])])].sort((a, b) => a.localeCompare(b));
  return cached;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}

export function timeZoneOptions(): Array<{ value: string; label: string }> {
  return timeZones().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}
