import { personName, zIdText } from "../validation";
import { z } from "../zod";

/** GET /api/chat/profile */
export const ZProfile = z.object({
  profile_name: z.string(),
  email: z.string(),
  timezone: z.string().nullable(),
  country_code: z.string().nullable(),
  slack_member_id: z.string().nullable(),
  expertise_category_id: z.number().nullable(),
  email_notification: z.boolean(),
  phone: z.string().nullable(),
  /** URL of the picture thumbnail, or null when the user has none. */
  picture_url: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** Text fields of the multipart POST /api/chat/profile. */
export const ZProfileUpdate = z.object({
  profile_name: personName,
  timezone: z.string().trim().max(64).optional(),
  country_code: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, "Please select a country")
    .optional(),
  slack_member_id: z.string().trim().max(32).optional(),
  expertise_category_id: zIdText("expertise_category_id").optional(),
  email_notification: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((v) => v === true || v === "true")
    .optional(),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 ()-]{6,20})?$/, "Please enter a valid phone number")
    .optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
