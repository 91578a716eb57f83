/**
 * Feedback (issue 17; spec §7.1 feedback): any signed-in user rates the portal 1–5 and says why,
 * from the user menu; engineers read what came in on /feedback.
 *
 * - POST /api/auth/feedback?aid   ZFeedbackRequest → 201 ZFeedback (10 per user per hour, then 429)
 * - GET  /api/auth/feedback       ZFeedbackListQuery → ZFeedbackPage, newest first (engineers)
 */
import { zIdText } from "../validation";
import { z } from "../zod";

export const FEEDBACK_TEXT_MAX = 2000;

export const FEEDBACK_MESSAGES = {
  ratingRequired: "Choose a rating from 1 to 5",
  textRequired: "Tell us what you think",
  textTooLong: `Feedback cannot be longer than ${FEEDBACK_TEXT_MAX} characters`,
  thanks: "Thank you for your feedback",
} as const;

/** Each rating's words, as the dialog offers them. */
export const FEEDBACK_RATING_LABELS = {
  1: "Very poor",
  2: "Poor",
  3: "Fair",
  4: "Good",
  5: "Excellent",
} as const;
export type FeedbackRating = keyof typeof FEEDBACK_RATING_LABELS;

const rating = z
  .number({ error: FEEDBACK_MESSAGES.ratingRequired })
  .int(FEEDBACK_MESSAGES.ratingRequired)
  .min(1, FEEDBACK_MESSAGES.ratingRequired)
  .max(5, FEEDBACK_MESSAGES.ratingRequired);

/** POST feedback. `page`: the path the user was on (kept for context, at most 500 characters). */
export const ZFeedbackRequest = z.object({
  rating,
  text: z
    .string({ error: FEEDBACK_MESSAGES.textRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.textRequired)
    .max(FEEDBACK_TEXT_MAX, FEEDBACK_MESSAGES.textTooLong),
  page: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v || undefined),
});
export type TFeedbackRequest = z.input<typeof ZFeedbackRequest>;

export const ZFeedback = z.object({
  id: z.number(),
  rating: z.number(),
  text: z.string(),
  page: z.string().nullable(),
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  /** The organization the user acted as; null for a user with none. */
  account_id: z.number().nullable(),
  company: z.string().nullable(),
  created_at: z.string(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

/** One page, and the count and average rating of everything the filter matches. */
export const ZFeedbackPage = z.object({
  items: z.array(ZFeedback),
  total: z.number(),
  /** Mean rating of every match, null when none; rounded to two decimals. */
  average_rating: z.number().nullable(),
  page: z.number(),
  page_size: z.number(),
});
export type TFeedbackPage = z.infer<typeof ZFeedbackPage>;

const blank = (v: unknown) => (v === "" ? undefined : v);

/**
 * GET feedback. `from`/`to` are days (yyyy-mm-dd, inclusive) checked with spec §5's messages
 * ("Invalid start date": not a day or after today; "End date is invalid"; "End date should be
 * after start date." when to is before from).
 */
export const ZFeedbackListQuery = z.object({
  account_id: z.preprocess(blank, zIdText("account_id").optional()),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  rating: z.preprocess(blank, z.coerce.number().pipe(rating).optional()),
  /** Text contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
