/**
 * Field rules of spec §5 with their exact messages. Kept free of anything but zod so the
 * sign-in page can import it without pulling the whole API contract.
 */
import { z } from "./zod";

export const MESSAGES = {
  emailRequired: "Email address is required",
  emailSpaces: "Spaces are not allowed in email",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email cannot be longer than 255 characters",
  passwordLength: "Password must contain at least 8 characters",
  passwordLowercase: "Password must contain at least 8 characters, one lowercase letter",
  passwordNumber: "Password must contain at least 8 characters, one number",
  passwordSpecial: "Password must contain at least 8 characters, one special character",
  organizationName: "Organization name is not valid",
  capacityRequired: "Capacity is required",
  capacityInvalid: "Capacity must be a whole number of TiB",
  documentTitleRequired: "Document title is required.",
  invalidStartDate: "Invalid start date",
  endDateInvalid: "End date is invalid",
  endDateBeforeStart: "End date should be after start date.",
  invalidEndDate: "Invalid end date",
  /** Reports and activity: a range longer than MAX_RANGE_DAYS (rules/date-range.ts). */
  rangeTooLong: "Choose a range of two years or less",
  meetingLink: "Please enter a valid Zoom meeting link",
  dateInput: "Date input not valid.",
} as const;

export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
export const CAPACITY_MAX_LENGTH = 9;
export const REPLY_TRUNCATION = 100;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .refine((v) => !/\s/.test(v), MESSAGES.emailSpaces)
  .refine((v) => EMAIL_PATTERN.test(v), MESSAGES.emailInvalid)
  .refine((v) => v.length <= EMAIL_MAX_LENGTH, MESSAGES.emailTooLong)
  .transform((v) => v.toLowerCase());

/** Checked in this order so the message names the first missing requirement. */
export const password = z
  .string({ error: MESSAGES.passwordLength })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordLength)
  .regex(/[a-z]/, MESSAGES.passwordLowercase)
  .regex(/[0-9]/, MESSAGES.passwordNumber)
  .regex(/[^A-Za-z0-9]/, MESSAGES.passwordSpecial);

/** Letters, digits and hyphens; 2–63 characters; starts and ends alphanumeric. */
export const ORGANIZATION_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/;

export const organizationName = z
  .string({ error: MESSAGES.organizationName })
  .trim()
  .regex(ORGANIZATION_NAME_PATTERN, MESSAGES.organizationName);

/** Digits only, leading zeros stripped, at most 9 characters; the value is TiB. */
export function normalizeCapacityInput(raw: string): string {
  return raw.replace(/\D/g, "").replace(/^0+/, "").slice(0, CAPACITY_MAX_LENGTH);
}

/**
 * Text goes through the input mask above. A number (API calls) must already be what the mask
 * yields: masking it would read 12.5 as 125 and -5 as 5, so anything else is refused.
 */
export const capacity = z
  .union([z.string(), z.number()], { error: MESSAGES.capacityRequired })
  .refine(
    (v) =>
      typeof v === "string" || (Number.isSafeInteger(v) && v >= 0 && String(v).length <= CAPACITY_MAX_LENGTH),
    { error: MESSAGES.capacityInvalid, abort: true },
  )
  .transform((v) => normalizeCapacityInput(String(v)))
  .refine((v) => v.length > 0, MESSAGES.capacityRequired)
  .transform(Number);

export const documentTitle = z
  .string({ error: MESSAGES.documentTitleRequired })
  .trim()
  .min(1, MESSAGES.documentTitleRequired);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseIsoDate(value: string): Date | null {
  if (!ISO_DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/** yyyy-mm-dd, a real calendar date, not after today (UTC). */
export const startDate = z.string({ error: MESSAGES.invalidStartDate }).refine((v) => {
  const date = parseIsoDate(v);
  return date !== null && date.getTime() <= Date.now();
}, MESSAGES.invalidStartDate);

export const dateRange = z
  .object({
    start_date: startDate,
    end_date: z
      .string({ error: MESSAGES.invalidEndDate })
      .min(1, { error: MESSAGES.invalidEndDate, abort: true })
      .refine((v) => parseIsoDate(v) !== null, MESSAGES.endDateInvalid),
  })
  // Only two valid dates can be compared: a bad start must not also flag the end date.
  .refine(
    (v) =>
      parseIsoDate(v.start_date) === null || parseIsoDate(v.end_date) === null || v.end_date > v.start_date,
    { message: MESSAGES.endDateBeforeStart, path: ["end_date"] },
  );

/** https links on zoom.us or one of its subdomains, with a meeting path. */
const ZOOM_LINK = /^https:\/\/([a-z0-9-]+\.)*zoom\.us\/[^\s@]+$/i;
export const meetingLink = z
  .string({ error: MESSAGES.meetingLink })
  .trim()
  .regex(ZOOM_LINK, MESSAGES.meetingLink);

export function truncateReply(text: string): string {
  return text.length > REPLY_TRUNCATION ? `${text.slice(0, REPLY_TRUNCATION)}…` : text;
}

/**
 * Characters that show nothing on their own: controls, format characters (zero-width space and
 * joiners, bidi marks, soft hyphen, BOM) and separators. A name needs at least one other.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/gu;

export const hasVisibleCharacter = (value: string) => value.replace(INVISIBLE, "").length > 0;

/** A person's display name: trimmed, 1–100 characters, not made of invisible characters only. */
export const personName = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .refine(hasVisibleCharacter, "Name is required")
  .refine((v) => v.length <= 100, "Name cannot be longer than 100 characters");

/** Row ids are PostgreSQL `integer`: 1 to 2^31 − 1. A larger one is refused here, never sent to SQL. */
export const MAX_ID = 2_147_483_647;

export const idMessage = (name: string) => `${name} must be a whole number from 1 to ${MAX_ID}`;

/** An id sent as a JSON number. */
export const zId = (name = "id") => {
  const message = idMessage(name);
  return z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
};

/** An id written in a path, query string or form field: digits only (no sign, exponent, hex or space). */
export const zIdText = (name = "id") =>
  z
    .string({ error: idMessage(name) })
    .regex(/^\d{1,10}$/, idMessage(name))
    .transform(Number)
    .pipe(zId(name));

/** Six digits, as e-mailed. */
export const otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail");

/** A whole number written in a query string, digits only, from `min` to `max`. */
export const zIntText = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};
