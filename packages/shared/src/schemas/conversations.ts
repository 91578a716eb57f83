/**
 * The conversations contract (spec §3 Issue, Message, Conversation list item; §7.2 issue, users,
 * engineers, token): REST bodies and answers under /api/chat, and the frames of the one
 * WebSocket at /api/chat/ws.
 */

import { ISSUE_STATUSES } from "../rules/issue-status";
import { ASSIGNMENT_FILTERS } from "../rules/roles";
import { hasVisibleCharacter, MAX_ID, zId, zIdText, zIntText } from "../validation";
import { z } from "../zod";
import type { TAlert } from "./alerts";
import {
  type TIssueEvent,
  type TMention,
  type TNote,
  ZIssueEvent,
  ZIssueWork,
  ZListItemWork,
  ZNote,
} from "./issue-work";
import type { TMaintenanceStatus } from "./operations";

export { zIntText };

export const ISSUE_TITLE_MAX_LENGTH = 200;
/** Characters of Markdown in one message; a pasted log longer than this belongs in a file. */
export const MESSAGE_MAX_LENGTH = 32_000;
export const ISSUES_PAGE_SIZE_DEFAULT = 25;
export const ISSUES_PAGE_SIZE_MAX = 100;
export const MESSAGES_PAGE_SIZE_DEFAULT = 50;
export const MESSAGES_PAGE_SIZE_MAX = 200;
/** Characters of the newest message shown in a list row (the reply truncation of spec §9). */
export const LAST_MESSAGE_PREVIEW_LENGTH = 100;

/** Sort orders of spec §9: of the update time within each group of the §4 order. */
export const SORT_ORDERS = ["ASC", "DESC"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const CONVERSATION_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title cannot be longer than ${ISSUE_TITLE_MAX_LENGTH} characters`,
  messageRequired: "Message cannot be empty",
  messageTooLong: `Message cannot be longer than ${MESSAGE_MAX_LENGTH} characters`,
  clusterId: "clusterId must be 1 to 64 letters, digits, hyphens or underscores",
  date: "date must be a date and time in ISO 8601, e.g. 2026-01-31T09:00:00Z",
  oneAnchor: "Give at most one of msgIndex, before and after",
  archivedNeedsAnswer: "Only an answered issue can be archived",
  editNothing: "Give a new body or force_fmt_msg",
} as const;

const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** A title: trimmed, 1–200 characters, not made of invisible characters only. */
export const issueTitle = z
  .string({ error: CONVERSATION_MESSAGES.titleRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.titleRequired)
  .refine(hasVisibleCharacter, CONVERSATION_MESSAGES.titleRequired)
  .refine((v) => v.length <= ISSUE_TITLE_MAX_LENGTH, CONVERSATION_MESSAGES.titleTooLong);

/**
 * A message body in Markdown, stored exactly as written (surrounding blank lines aside): HTML in
 * it is text, rendered safely by the client, never by the server.
 */
export const messageBody = z
  .string({ error: CONVERSATION_MESSAGES.messageRequired })
  .refine(hasVisibleCharacter, { error: CONVERSATION_MESSAGES.messageRequired, abort: true })
  .refine((v) => v.length <= MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.messageTooLong)
  .transform((v) => v.replace(/^\s*\n|\s+$/g, ""));

/* ---------------------------------------------------------------- requests */

/** POST /api/chat/issue */
export const ZCreateIssueRequest = z.object({
  title: issueTitle,
  /** The organization the issue belongs to: the customer's own; any for engineers. */
  accountId: zId("accountId"),
  /** The first message. */
  message: messageBody,
  clusterId: z
    .string({ error: CONVERSATION_MESSAGES.clusterId })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, CONVERSATION_MESSAGES.clusterId)
    .nullish(),
});
export type TCreateIssueRequest = z.input<typeof ZCreateIssueRequest>;

/** `:id` of /api/chat/issue/:id is the issue number. */
export const ZIssueParam = z.object({ id: zIdText() });
export const ZMessageParam = z.object({ id: zIdText(), index: zIdText("index") });

/** GET /api/chat/issue */
export const ISSUE_ORDERS = ["queue", "sla"] as const;
export type IssueOrder = (typeof ISSUE_ORDERS)[number];

export const ZIssueListQuery = z.object({
  aid: optionalText(zIdText("aid")),
  page: optionalText(zIntText("page", 1, MAX_ID)).default(1),
  page_size: optionalText(zIntText("page_size", 1, ISSUES_PAGE_SIZE_MAX)).default(ISSUES_PAGE_SIZE_DEFAULT),
  filter: optionalText(z.enum(ASSIGNMENT_FILTERS)).default("all"),
  sort: optionalText(z.enum(SORT_ORDERS)).default("DESC"),
  /** Only issues of this derived status. */
  status: optionalText(z.enum(ISSUE_STATUSES)),
  /** With filter=assignee: whose issues (default the viewer). */
  assignee: optionalText(zIdText("assignee")),
  /** Engineers: only issues carrying this tag. */
  tag: optionalText(zIdText("tag")),
  /**
   * "queue": the §4 order. "sla": issues waiting for a first response under an SLA first, the
   * soonest deadline (the most overdue) first, then the rest in the §4 order.
   */
  order: optionalText(z.enum(ISSUE_ORDERS)).default("queue"),
});
export type TIssueListQuery = z.input<typeof ZIssueListQuery>;

/** GET /api/chat/issue/:id: a page of messages, the newest by default. */
export const ZIssueQuery = z
  .object({
    aid: optionalText(zIdText("aid")),
    /** The page is centred on this message (deep links `?msgIndex=`). */
    msgIndex: optionalText(zIdText("msgIndex")),
    /** The messages just before this index (scrolling up). */
    before: optionalText(zIdText("before")),
    /** The messages just after this index (scrolling down). */
    after: optionalText(zIntText("after", 0, MAX_ID)),
    limit: optionalText(zIntText("limit", 1, MESSAGES_PAGE_SIZE_MAX)).default(MESSAGES_PAGE_SIZE_DEFAULT),
  })
  .refine(
    (q) => [q.msgIndex, q.before, q.after].filter((v) => v !== undefined).length <= 1,
    CONVERSATION_MESSAGES.oneAnchor,
  );

export const ZAidOnlyQuery = z.object({ aid: optionalText(zIdText("aid")) });

/** POST /api/chat/issue/:id: a new message. */
export const ZPostMessageRequest = z.object({ body: messageBody });

/** PUT /api/chat/issue/:id: rename. */
export const ZRenameIssueRequest = z.object({ title: issueTitle });

/** POST /api/chat/issue/:id/answer (engineers). No body marks the issue answered. */
export const ZAnswerRequest = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      /** false reopens the issue (and un-archives it). */
      answered: z.boolean().default(true),
      /** true also archives it (closes it); only an answered issue can be. */
      archived: z.boolean().default(false),
    })
    .refine((b) => b.answered || !b.archived, CONVERSATION_MESSAGES.archivedNeedsAnswer),
);

/** PUT /api/chat/issue/:id/message/:index: edit the body (author) or force_fmt_msg. */
export const ZEditMessageRequest = z
  .object({ body: messageBody.optional(), force_fmt_msg: z.boolean().optional() })
  .refine((b) => b.body !== undefined || b.force_fmt_msg !== undefined, CONVERSATION_MESSAGES.editNothing);

/** PUT /api/chat/issue/:id/read */
export const ZReadRequest = z.object({ read_message_index: z.number().int().min(0).max(MAX_ID) });

/** GET /api/chat/issue/:id/lookup-message */
export const ZLookupMessageQuery = z.object({
  aid: optionalText(zIdText("aid")),
  date: z
    .string({ error: CONVERSATION_MESSAGES.date })
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/,
      CONVERSATION_MESSAGES.date,
    )
    .refine((v) => !Number.isNaN(Date.parse(v)), CONVERSATION_MESSAGES.date)
    .transform((v) => new Date(v)),
});

/** GET /api/chat/users */
export const ZChatUsersQuery = z.object({
  aid: optionalText(zIdText("aid")),
  page: optionalText(zIntText("page", 1, MAX_ID)).default(1),
  page_size: optionalText(zIntText("page_size", 1, 200)).default(50),
  q: z.string().trim().max(100).optional(),
});

/** PUT /api/chat/engineers: an engineer's own settings (an admin may name another engineer). */
export const ZEngineerUpdate = z
  .object({
    user_id: zId("user_id").optional(),
    is_available: z.boolean().optional(),
    is_contributor: z.boolean().optional(),
    is_on_call: z.boolean().optional(),
  })
  .refine(
    (b) => b.is_available !== undefined || b.is_contributor !== undefined || b.is_on_call !== undefined,
    "Give is_available, is_contributor or is_on_call",
  );

/* ---------------------------------------------------------------- answers */

export const ZIssueAnswerState = z.object({
  /** Answered. */
  state: z.boolean(),
  user_type: z.enum(["customer", "engineer"]).nullable(),
  /** When the answer state last changed, ISO 8601. */
  timestamp: z.string().nullable(),
  is_archived: z.boolean(),
});

/** An issue (spec §3), the same for every viewer. */
/**
 * The SLA clock of an issue (rules/sla.ts): set when a customer opened it and its organization has
 * SLA hours; null otherwise (no plan, or opened by an engineer).
 */
export const ZIssueSla = z.object({
  hours: z.number(),
  coverage: z.enum(["business-hours", "24x7"]),
  due_at: z.string(),
  /** The first engineer message or answer; null while the customer waits. */
  first_response_at: z.string().nullable(),
});
export type TIssueSla = z.infer<typeof ZIssueSla>;

export const ZIssue = z.object({
  issue_number: z.number(),
  title: z.string(),
  account_id: z.number(),
  company: z.string(),
  /** The conversation's channel: also the WebSocket channel to subscribe to. */
  channel_id: z.string(),
  cluster_id: z.string().nullable(),
  /** "panic" for a panic issue, else null. */
  issue_type: z.string().nullable(),
  is_weekend_priority: z.boolean(),
  category_id: z.number().nullable(),
  issue_answer_state: ZIssueAnswerState,
  last_message_index: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  sla: ZIssueSla.nullable(),
});
export type TIssue = z.infer<typeof ZIssue>;

/** Scan status of spec §4 (attachments and files). */
export const SCAN_STATUSES = ["OK", "FOUND", "SIZE_TOO_BIG", "SCAN_STARTED", "SCAN_FAILED"] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const ZMessageAttributes = z.object({
  force_format: z.boolean().optional(),
  deletedAt: z.string().optional(),
  deletedBy: z.string().optional(),
  deletedById: z.number().optional(),
  scanStatus: z.enum(SCAN_STATUSES).optional(),
  filename: z.string().optional(),
  /** Attachment messages: the file (GET /api/chat/attachment/{file_uuid} gives its URL). */
  file_uuid: z.string().optional(),
  size: z.number().optional(),
  /** Sniffed type (images get a thumbnail). */
  mime: z.string().optional(),
  pinned: z.boolean().optional(),
});

export const ZAuthor = z.object({
  /** null once the author's user is deleted. */
  user_id: z.number().nullable(),
  name: z.string(),
  type: z.enum(["customer", "engineer"]),
});

/** A message (spec §3). A deleted one keeps its place with an empty body and deletedAt/deletedBy. */
export const ZMessage = z.object({
  issue_number: z.number(),
  index: z.number(),
  body: z.string(),
  attributes: ZMessageAttributes,
  author: ZAuthor,
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The issue revision of this message's last change (reconnecting clients send the newest). */
  revision: z.number(),
});
export type TMessage = z.infer<typeof ZMessage>;

/** The newest message, as a list row shows it. */
export const ZLastMessage = z.object({
  index: z.number(),
  author: ZAuthor,
  /** The body's start (100 characters, one line), "" for a deleted message. */
  preview: z.string(),
  deleted: z.boolean(),
  created_at: z.string(),
});

/** A conversation list item (spec §3), as pushed to every viewer: nothing per viewer. */
export const ZConversationEventItem = z.object({
  channelId: z.string(),
  issue: ZIssue,
  issueStatus: z.enum(ISSUE_STATUSES),
  issueType: z.string().nullable(),
  lastUpdatedAt: z.string(),
  /** Plan rank of the issue's account (spec §4), lower first. */
  planRank: z.number(),
  lastMessage: ZLastMessage.nullable(),
  /** Engineers only: tags, assignees and category (never on an account channel). */
  work: ZListItemWork.optional(),
});
export type TConversationEventItem = z.infer<typeof ZConversationEventItem>;

/** A conversation list item (spec §3) with the viewer's own read state. */
export const ZConversationListItem = ZConversationEventItem.extend({
  unreadMessageCount: z.number(),
  /** The viewer's read index (spec §3 read_message_index). */
  readMessageIndex: z.number(),
});
export type TConversationListItem = z.infer<typeof ZConversationListItem>;

export const ZIssueListResponse = z.object({
  items: z.array(ZConversationListItem),
  /** Matching issues, counted up to 10,000 (then total_capped is true). */
  total: z.number(),
  total_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
  filter: z.enum(ASSIGNMENT_FILTERS),
  sort: z.enum(SORT_ORDERS),
  order: z.enum(ISSUE_ORDERS),
});
export type TIssueListResponse = z.infer<typeof ZIssueListResponse>;

/** What the viewer may do with an issue (the web app shows actions from this). */
export const ZIssueAbilities = z.object({
  post: z.boolean(),
  rename: z.boolean(),
  answer: z.boolean(),
  join: z.boolean(),
  /** Engineers: tags, category, assignees, notes. */
  work: z.boolean(),
});

/** GET /api/chat/issue/:id, POST /api/chat/issue (201), PUT /api/chat/issue/:id. */
export const ZIssueDetail = z.object({
  conversation: ZConversationListItem,
  messages: z.array(ZMessage),
  /** Messages exist before the first / after the last one returned. */
  has_older: z.boolean(),
  has_newer: z.boolean(),
  /** The issue's message revision at the time of reading (send it back when reconnecting). */
  revision: z.number(),
  abilities: ZIssueAbilities,
  work: ZIssueWork,
  /** The events shown among these messages (after_message_index within the page; 0 on the first). */
  events: z.array(ZIssueEvent),
  /** Engineers only ([] for customers): the notes shown among these messages, as events are. */
  notes: z.array(ZNote),
});
export type TIssueDetail = z.infer<typeof ZIssueDetail>;

/** POST /api/chat/issue/:id (201) */
export const ZPostMessageResponse = z.object({ message: ZMessage, conversation: ZConversationListItem });

export const ZReadResponse = z.object({ read_message_index: z.number(), unreadMessageCount: z.number() });
export const ZLookupMessageResponse = z.object({ msgIndex: z.number() });

export const ZParticipant = z.object({
  user_id: z.number(),
  name: z.string(),
  is_engineer: z.boolean(),
  joined_at: z.string(),
  read_message_index: z.number(),
  /** Engineers only: connected right now. */
  online: z.boolean(),
});

/** A person an issue can involve: a member of the account, or an engineer. */
export const ZChatUser = z.object({
  user_id: z.number(),
  name: z.string(),
  /** Shown to engineers and to members of the same organization only. */
  email: z.string().nullable(),
  account_id: z.number().nullable(),
  is_engineer: z.boolean(),
  online: z.boolean(),
});

export const ZEngineer = z.object({
  user_id: z.number(),
  name: z.string(),
  is_available: z.boolean(),
  is_contributor: z.boolean(),
  is_on_call: z.boolean(),
  online: z.boolean(),
});
export type TEngineer = z.infer<typeof ZEngineer>;

/** GET /api/chat/token: for the WebSocket, renewable over it. */
export const ZChatToken = z.object({ token: z.string(), expires_at: z.string() });

/* ---------------------------------------------------------------- WebSocket frames */

/** Close codes of /api/chat/ws besides the standard ones. */
export const CHAT_CLOSE = {
  /** No valid chat token (none in time, bad, expired, revoked session, other user's). */
  unauthorized: 4401,
  /** More frames than the limit allows. */
  tooManyFrames: 4429,
  /** Maintenance started; only engineers stay connected. */
  maintenance: 4503,
} as const;

/**
 * Channel names: `issue:{number}` (everyone who may read the issue), `staff:issue:{number}`
 * (engineers: notes and engineer-only events), `account:{id}`, `user:{id}` (that user only:
 * mentions), `queue` (engineers), `presence`.
 */
export const ZChannel = z
  .string()
  .max(40)
  .regex(
    /^(issue:\d{1,10}|staff:issue:\d{1,10}|account:\d{1,10}|user:\d{1,10}|queue|presence|broadcast)$/,
    "Unknown channel",
  );

/** What a client may send. */
export const ZClientFrame = z.discriminatedUnion("type", [
  /** First frame of a connection, and later a renewed token (the socket stays open). */
  z.object({ type: z.literal("auth"), token: z.string().min(1).max(2000) }),
  z.object({
    type: z.literal("subscribe"),
    channel: ZChannel,
    /** issue channels: the last message index the client has; it is sent every message after it. */
    lastIndex: z.number().int().min(0).max(MAX_ID).optional(),
    /** issue channels: the newest revision seen; edits and deletions since are sent too. */
    lastRevision: z.number().int().min(0).max(MAX_ID).optional(),
  }),
  z.object({ type: z.literal("unsubscribe"), channel: ZChannel }),
  z.object({ type: z.literal("typing"), issue: z.number().int().min(1).max(MAX_ID) }),
  z.object({ type: z.literal("ping") }),
]);
export type TClientFrame = z.infer<typeof ZClientFrame>;

/** What the server sends (documented here; the server builds them with these types). */
export type TServerFrame =
  | { type: "ready"; userId: number; isEngineer: boolean; expiresAt: string }
  | { type: "renewed"; expiresAt: string }
  | { type: "subscribed"; channel: string }
  | { type: "unsubscribed"; channel: string; reason?: string }
  /** After a subscribe with lastIndex: every missed message has been sent. */
  | { type: "caught-up"; channel: string; lastIndex: number; revision: number; complete: boolean }
  | { type: "error"; error: string; channel?: string }
  | { type: "pong" }
  | {
      type: "message";
      channel: string;
      action: "created" | "edited" | "deleted";
      revision: number;
      message: TMessage;
    }
  | {
      type: "typing";
      channel: string;
      issue: number;
      user: { user_id: number; name: string; is_engineer: boolean };
    }
  | { type: "read"; channel: string; issue: number; user_id: number; read_message_index: number }
  | { type: "issue"; channel: string; item: TConversationEventItem }
  /** An event of the timeline: on `issue:{n}` when meant for everyone, else on `staff:issue:{n}`. */
  | { type: "event"; channel: string; event: TIssueEvent }
  /** Notes, on `staff:issue:{n}` only. */
  | { type: "note"; channel: string; action: "created" | "edited" | "deleted"; note: TNote }
  /** On `user:{id}`: someone mentioned this user. */
  | { type: "mention"; channel: string; mention: TMention }
  /** On `user:{id}`: a new alert, and the user's unread count with it. */
  | { type: "alert"; channel: string; alert: TAlert; unread: number }
  /** On `user:{id}`: alerts were read (in another tab too): the new unread count. */
  | { type: "alerts-read"; channel: string; unread: number }
  | { type: "presence"; channel: "presence"; user_id: number; online: boolean }
  | { type: "engineer"; channel: "presence"; engineer: Omit<TEngineer, "online"> }
  /** On `broadcast` (every signed-in socket may listen): the system alerts changed; read them again. */
  | { type: "system-alerts"; channel: "broadcast" }
  /** On `broadcast`: maintenance was turned on or off (or ended by itself). */
  | { type: "maintenance"; channel: "broadcast"; status: TMaintenanceStatus };

/**
 * The channel every signed-in socket may listen to (issue 17): what concerns everybody at once,
 * such as system alerts and maintenance. It carries no account's or user's data.
 */
export const BROADCAST_CHANNEL = "broadcast";
