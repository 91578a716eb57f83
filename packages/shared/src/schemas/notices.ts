/**
 * Notifications engineers send (issue 17; spec §7.1 notices): to chosen accounts, chosen users or
 * everyone. Each recipient gets a NOTICE alert in the bell (the alerts model, once per user) and,
 * when `send_email` and their notification flag are on, an e-mail through the outbox. Delivery is
 * a background job in batches, so 100,000 recipients never hold a request. Engineers only.
 *
 * - POST /api/auth/notices            ZSendNoticeRequest → 202 ZNotice (status "sending"); code 4002
 * - POST /api/auth/notices/preview    ZNoticeAudienceRequest → ZNoticePreview (how many would get it)
 * - GET  /api/auth/notices            ZNoticeListQuery → ZPage(ZNotice), newest first; code 4001
 * - GET  /api/auth/notices/:id        ZNotice; code 4001
 */
import { zId } from "../validation";
import { z } from "../zod";

export const NOTICE_AUDIENCES = ["everyone", "accounts", "users"] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const NOTICE_LIMITS = { title: 200, body: 5000, accounts: 500, users: 1000 } as const;

export const NOTICE_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title cannot be longer than ${NOTICE_LIMITS.title} characters`,
  bodyRequired: "Message is required",
  bodyTooLong: `Message cannot be longer than ${NOTICE_LIMITS.body} characters`,
  noRecipients: "Choose at least one recipient",
  tooManyAccounts: `Choose at most ${NOTICE_LIMITS.accounts} organizations, or send to everyone`,
  tooManyUsers: `Choose at most ${NOTICE_LIMITS.users} users, or send to everyone`,
  /** The chosen accounts or users have nobody who can receive it (no enabled member). */
  nobodyToReach: "None of the chosen recipients can receive notifications",
  notFound: "Notice not found",
} as const;

const ids = (name: string, max: number, tooMany: string) => z.array(zId(name)).max(max, tooMany).default([]);

const audienceShape = {
  audience: z.enum(NOTICE_AUDIENCES),
  account_ids: ids("account_ids", NOTICE_LIMITS.accounts, NOTICE_MESSAGES.tooManyAccounts),
  user_ids: ids("user_ids", NOTICE_LIMITS.users, NOTICE_MESSAGES.tooManyUsers),
};

const needsRecipients = (v: { audience: NoticeAudience; account_ids: number[]; user_ids: number[] }) =>
  v.audience === "everyone" || (v.audience === "accounts" ? v.account_ids.length > 0 : v.user_ids.length > 0);

export const ZNoticeAudienceRequest = z
  .object(audienceShape)
  .refine(needsRecipients, { message: NOTICE_MESSAGES.noRecipients, path: ["audience"] });

export const ZSendNoticeRequest = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, NOTICE_MESSAGES.titleRequired)
      .max(NOTICE_LIMITS.title, NOTICE_MESSAGES.titleTooLong),
    body: z
      .string()
      .trim()
      .min(1, NOTICE_MESSAGES.bodyRequired)
      .max(NOTICE_LIMITS.body, NOTICE_MESSAGES.bodyTooLong),
    send_email: z.boolean().default(true),
    ...audienceShape,
  })
  .refine(needsRecipients, { message: NOTICE_MESSAGES.noRecipients, path: ["audience"] });
export type TSendNoticeRequest = z.input<typeof ZSendNoticeRequest>;

export const ZNoticePreview = z.object({
  /** Enabled users who would get it in the bell. */
  recipients: z.number(),
  /** Of them, those who would also get the e-mail (notification flag on). */
  emailed: z.number(),
});

export const ZNotice = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  /** The chosen organizations and users, with their names as they are now. */
  accounts: z.array(z.object({ account_id: z.number(), company: z.string() })),
  users: z.array(z.object({ user_id: z.number(), name: z.string(), email: z.string() })),
  send_email: z.boolean(),
  sent_by: z.object({ user_id: z.number().nullable(), name: z.string() }),
  status: z.enum(["sending", "sent", "failed"]),
  /** Users delivered so far (all once sent). */
  recipient_count: z.number(),
  emailed_count: z.number(),
  /** Recipients who have read it in the bell. */
  read_count: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const ZNoticeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(100).optional(),
});
