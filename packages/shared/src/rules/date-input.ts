/**
 * Date picker text of spec §2.4: shown and typed as dd-MM-yyyy, stored and sent as ISO
 * yyyy-mm-dd. Typed text that is not a real calendar date shows MESSAGES.dateInput.
 */
import { MESSAGES, parseIsoDate } from "../validation";

export const DISPLAY_DATE_FORMAT = "dd-MM-yyyy";

/**
 * "31-12-2025" → "2025-12-31"; null for anything that isn't a real date ("31-02-2025").
 * Lenient on what people type: one-digit day and month, and "/" or "." as separator.
 */
export function parseDisplayDate(input: string): string | null {
  const parts = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(input.trim());
  if (!parts) return null;
  const [, day = "", , month = "", year = ""] = parts;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return parseIsoDate(iso) ? iso : null;
}

/**
 * "2025-12-31" (or a full ISO timestamp, read as its UTC day, or a Date) → "31-12-2025";
 * null when the value isn't a date.
 */
export function formatDisplayDate(value: string | Date): string | null {
  let iso: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    iso = value.toISOString().slice(0, 10);
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    iso = value;
  } else {
    const ms = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) return null;
    iso = new Date(ms).toISOString().slice(0, 10);
  }
  if (!parseIsoDate(iso)) return null;
  const [year, month, day] = iso.split("-");
  return `${day}-${month}-${year}`;
}

/** The message to show under a date field, or null when the text is fine (or empty). */
export function dateInputError(input: string): string | null {
  if (input.trim() === "") return null;
  return parseDisplayDate(input) ? null : MESSAGES.dateInput;
}
