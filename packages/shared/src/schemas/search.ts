/**
 * Search over issues and messages (spec §7.2 search, §9 snippet widths) and panic issues
 * (spec §1, §7.2 ispanicallowed and panic, §8 warnings).
 */

import { ISSUE_STATUSES } from "../rules/issue-status";
import { MAX_ID, zId } from "../validation";
import { z } from "../zod";
import { issueTitle, messageBody, ZAuthor } from "./conversations";

export const SEARCH_QUERY_MAX_LENGTH = 500;
export const SEARCH_PAGE_SIZE_DEFAULT = 20;
export const SEARCH_PAGE_SIZE_MAX = 50;
/** What is searched: issue titles, message bodies, or both. */
export const SEARCH_TYPES = ["all", "titles", "messages"] as const;
/** Best match first, or newest first (what a common word wants). */
export const SEARCH_SORTS = ["relevance", "newest"] as const;

export const SEARCH_MESSAGES = {
  queryRequired: "Search query is required",
  queryTooLong: `Search query cannot be longer than ${SEARCH_QUERY_MAX_LENGTH} characters`,
  oneScope: "Give issue_num or account_id, not both",
  page: `page must be a whole number from 1 to ${MAX_ID}`,
  pageSize: `page_size must be a whole number from 1 to ${SEARCH_PAGE_SIZE_MAX}`,
} as const;

/** POST /api/chat/search */
export const ZSearchRequest = z
  .object({
    type: z.enum(SEARCH_TYPES).default("all"),
    query: z
      .string({ error: SEARCH_MESSAGES.queryRequired })
      .trim()
      .min(1, SEARCH_MESSAGES.queryRequired)
      .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MESSAGES.queryTooLong),
    /** Search one issue. */
    issue_num: zId("issue_num").optional(),
    /** Search one account (engineers: any; customers: their own, which is the default anyway). */
    account_id: zId("account_id").optional(),
    sort: z.enum(SEARCH_SORTS).default("relevance"),
    page: z
      .number({ error: SEARCH_MESSAGES.page })
      .int(SEARCH_MESSAGES.page)
      .min(1, SEARCH_MESSAGES.page)
      .max(MAX_ID, SEARCH_MESSAGES.page)
      .default(1),
    page_size: z
      .number({ error: SEARCH_MESSAGES.pageSize })
      .int(SEARCH_MESSAGES.pageSize)
      .min(1, SEARCH_MESSAGES.pageSize)
      .max(SEARCH_PAGE_SIZE_MAX, SEARCH_MESSAGES.pageSize)
      .default(SEARCH_PAGE_SIZE_DEFAULT),
  })
  .refine((b) => b.issue_num === undefined || b.account_id === undefined, SEARCH_MESSAGES.oneScope);
export type TSearchRequest = z.input<typeof ZSearchRequest>;

/** A snippet (§9 half-widths) and where the matched words are in it (end exclusive). */
export const ZSearchSnippet = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.number(), end: z.number() })),
});
export type TSearchSnippet = z.infer<typeof ZSearchSnippet>;

export const ZSearchHit = z.object({
  kind: z.enum(["title", "message"]),
  issue_number: z.number(),
  title: z.string(),
  account_id: z.number(),
  company: z.string(),
  /** The matching message (link `/issues/{n}?msgIndex=`); null for a title hit. */
  msg_index: z.number().nullable(),
  snippet: ZSearchSnippet,
  author: ZAuthor.nullable(),
  created_at: z.string(),
  issue_status: z.enum(ISSUE_STATUSES),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResponse = z.object({
  items: z.array(ZSearchHit),
  /** The order used: relevance gives way to newest when more than 1,000 messages match. */
  sort: z.enum(SEARCH_SORTS),
  page: z.number(),
  page_size: z.number(),
  /** Another page exists (no total: counting a million hits is not worth the wait). */
  has_more: z.boolean(),
  /** The query was an issue number ("#123") the viewer may open: go straight there. */
  jump: z.object({ issue_number: z.number() }).nullable(),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/* ---------------------------------------------------------------- panic */

export const PANIC_MESSAGES = {
  notAllowedPlan: "Your plan does not include panic support. Open a normal issue instead.",
  notAllowedSupport: "Your organization has no support contract. Open a normal issue instead.",
  cancelled: "Your subscription is cancelled, so panic support is off. Open a normal issue instead.",
  disabled: "This organization is disabled",
  tooSoon: "A panic was just raised for your organization. Please wait a minute before raising another.",
} as const;

/** Seconds after a panic during which another panic of the same account is refused. */
export const PANIC_COOLDOWN_SECONDS = 60;

/** The §8 panic warnings, shown before the confirm. */
export const PANIC_WARNINGS = [
  "Use panic only for severe outages: a production cluster that is down or losing data.",
  "A panic alerts all engineers at once, by e-mail and on their screens.",
  "You must confirm before the panic is raised.",
] as const;

/** GET /api/chat/ispanicallowed */
export const ZPanicAllowedResponse = z.object({ allowed: z.boolean(), reason: z.string().nullable() });
export type TPanicAllowedResponse = z.infer<typeof ZPanicAllowedResponse>;

/** POST /api/chat/panic: answers like POST /api/chat/issue (201, ZIssueDetail). */
export const ZPanicRequest = z.object({
  panic_title: issueTitle,
  panic_message: messageBody,
});
export type TPanicRequest = z.input<typeof ZPanicRequest>;
