/**
 * Working an issue (spec §7.2 tags, notes, category, follow and unfollow, assignees,
 * participants, events, notify; §7.1 issue-categories, users/{id}/expertise; §3 Category,
 * Issue tag): the contract of the engineers' tools around the chat.
 *
 * Who sees what: tags, categories, notes and the events about them are the engineers' own; a
 * customer sees the issue's assignees, followers and the events meant for everyone (`audience`).
 */
import { hasVisibleCharacter, MAX_ID, zId, zIdText, zIntText } from "../validation";
import { z } from "../zod";

export const TAG_NAME_MAX_LENGTH = 50;
export const TAGS_PER_ISSUE_MAX = 20;
export const CATEGORY_NAME_MAX_LENGTH = 80;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;
/** Category levels: 1 (first line) to 5 (deepest expertise). */
export const CATEGORY_LEVEL_MIN = 1;
export const CATEGORY_LEVEL_MAX = 5;
export const ASSIGNEES_PER_ISSUE_MAX = 10;
/** People one notify call may name. */
export const NOTIFY_MAX_USERS = 50;
/** As a message (MESSAGE_MAX_LENGTH). */
export const NOTE_MAX_LENGTH = 32_000;
export const EVENTS_PAGE_SIZE_MAX = 500;

/** The tag colours the web app offers; any #rrggbb is accepted. */
export const TAG_COLORS = [
  "#64748b",
  "#ef4444",
  "#f97316",
  "#eab308",
  "#22c55e",
  "#14b8a6",
  "#3b82f6",
  "#8b5cf6",
  "#ec4899",
] as const;

export const ISSUE_WORK_MESSAGES = {
  tagNameRequired: "Tag name is required",
  tagNameTooLong: `Tag name cannot be longer than ${TAG_NAME_MAX_LENGTH} characters`,
  tagColor: "Colour must be a hex colour like #3b82f6",
  tagExists: "A tag with this name already exists",
  tagNotFound: "Tag not found",
  tooManyTags: `An issue can have at most ${TAGS_PER_ISSUE_MAX} tags`,
  /** Deleting a tag that issues carry, without force=true: `{count}` is filled in. */
  tagInUse: (count: number) =>
    `This tag is on ${count} ${count === 1 ? "issue" : "issues"}; delete it with force=true to remove it from them`,
  categoryNameRequired: "Category name is required",
  categoryNameTooLong: `Category name cannot be longer than ${CATEGORY_NAME_MAX_LENGTH} characters`,
  categoryDescriptionTooLong: `Description cannot be longer than ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters`,
  categoryLevel: `Level must be a whole number from ${CATEGORY_LEVEL_MIN} to ${CATEGORY_LEVEL_MAX}`,
  categoryExists: "A category with this name already exists",
  categoryNotFound: "Category not found",
  categoryInUse: (count: number) =>
    `This category is on ${count} ${count === 1 ? "issue" : "issues"}; delete it with force=true to clear it from them`,
  notAnEngineer: "Only engineers can be assigned",
  engineerDisabled: "This engineer is disabled",
  tooManyAssignees: `An issue can have at most ${ASSIGNEES_PER_ISSUE_MAX} assignees`,
  noteRequired: "Note cannot be empty",
  noteTooLong: `Note cannot be longer than ${NOTE_MAX_LENGTH} characters`,
  noteNotFound: "Note not found",
  noteNotYours: "You can only edit your own notes",
  notifyRequired: "Name at least one person to notify",
  notifyTooMany: `Notify at most ${NOTIFY_MAX_USERS} people at once`,
  /** Names only ids the caller sent: nothing about who exists elsewhere. */
  notifyCannotSee: (ids: number[]) => `These people cannot see this issue: ${ids.join(", ")}`,
  expertiseEngineersOnly: "Only engineers have an expertise category",
  tagFilterEngineersOnly: "Only engineers can filter by tag",
} as const;

const visibleName = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(hasVisibleCharacter, { error: required, abort: true })
    // Characters as people count them: an emoji is one, not two UTF-16 units.
    .refine((v) => [...v].length <= max, tooLong);

export const tagName = visibleName(
  ISSUE_WORK_MESSAGES.tagNameRequired,
  ISSUE_WORK_MESSAGES.tagNameTooLong,
  TAG_NAME_MAX_LENGTH,
);
export const tagColor = z
  .string({ error: ISSUE_WORK_MESSAGES.tagColor })
  .regex(/^#[0-9a-fA-F]{6}$/, ISSUE_WORK_MESSAGES.tagColor)
  .transform((v) => v.toLowerCase());

const categoryLevel = z
  .number({ error: ISSUE_WORK_MESSAGES.categoryLevel })
  .int(ISSUE_WORK_MESSAGES.categoryLevel)
  .min(CATEGORY_LEVEL_MIN, ISSUE_WORK_MESSAGES.categoryLevel)
  .max(CATEGORY_LEVEL_MAX, ISSUE_WORK_MESSAGES.categoryLevel);

const categoryDescription = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX_LENGTH, ISSUE_WORK_MESSAGES.categoryDescriptionTooLong);

/** A note's Markdown: at least one visible character, at most 32,000. */
export const noteBody = z
  .string({ error: ISSUE_WORK_MESSAGES.noteRequired })
  .refine(hasVisibleCharacter, { error: ISSUE_WORK_MESSAGES.noteRequired, abort: true })
  .refine((v) => v.length <= NOTE_MAX_LENGTH, ISSUE_WORK_MESSAGES.noteTooLong)
  .transform((v) => v.replace(/^\s*\n|\s+$/g, ""));

/** `?force=true` on deletes that would touch issues. */
const zForce = z
  .preprocess((v) => (v === "" || v === undefined ? undefined : v), z.enum(["true", "false"]).optional())
  .transform((v) => v === "true");

/* ---------------------------------------------------------------- requests */

/** POST /api/chat/issue-tags (engineers) */
export const ZCreateTagRequest = z.object({ name: tagName, color: tagColor.default(TAG_COLORS[0]) });
/** PUT /api/chat/issue-tags/:id (engineers) */
export const ZUpdateTagRequest = z
  .object({ name: tagName.optional(), color: tagColor.optional() })
  .refine((b) => b.name !== undefined || b.color !== undefined, "Give a new name or colour");
/** `:tagId` of /api/chat/issue-tags/:tagId and /api/chat/issue/:id/tags/:tagId */
export const ZTagParam = z.object({ tagId: zIdText("tagId") });
export const ZIssueTagParam = z.object({ id: zIdText(), tagId: zIdText("tagId") });
/** DELETE /api/chat/issue-tags/:tagId?force= and DELETE /api/issue-categories/:categoryId?force= */
export const ZForceQuery = z.object({ force: zForce });
/** POST /api/chat/issue/:id/tags: put a tag on the issue. */
export const ZAddIssueTagRequest = z.object({ tag_id: zId("tag_id") });

/** POST /api/issue-categories (engineers) */
export const ZCreateCategoryRequest = z.object({
  name: visibleName(
    ISSUE_WORK_MESSAGES.categoryNameRequired,
    ISSUE_WORK_MESSAGES.categoryNameTooLong,
    CATEGORY_NAME_MAX_LENGTH,
  ),
  description: categoryDescription.default(""),
  level: categoryLevel,
});
/** PUT /api/issue-categories/:categoryId (engineers) */
export const ZUpdateCategoryRequest = z
  .object({
    name: ZCreateCategoryRequest.shape.name.optional(),
    description: categoryDescription.optional(),
    level: categoryLevel.optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.description !== undefined || b.level !== undefined,
    "Give a new name, description or level",
  );
export const ZCategoryParam = z.object({ categoryId: zIdText("categoryId") });
/** PUT /api/chat/issue/:id/category (engineers): null clears it. */
export const ZSetCategoryRequest = z.object({ category_id: zId("category_id").nullable() });
/** PUT /api/users/:id/expertise: the engineer's own (an admin: any engineer's); null clears it. */
export const ZSetExpertiseRequest = z.object({ category_id: zId("category_id").nullable() });

/** POST /api/chat/issue/:id/assignees (engineers) */
export const ZAssignRequest = z.object({ user_id: zId("user_id") });
export const ZIssueUserParam = z.object({ id: zIdText(), userId: zIdText("userId") });

/** POST /api/chat/issue/:id/notes, PUT /api/chat/issue/:id/notes/:noteId (engineers) */
export const ZNoteRequest = z.object({ body: noteBody });
export const ZIssueNoteParam = z.object({ id: zIdText(), noteId: zIdText("noteId") });

/** POST /api/chat/issue/:id/notify: mention people. */
export const ZNotifyRequest = z.object({
  user_ids: z
    .array(zId("user_ids"), { error: ISSUE_WORK_MESSAGES.notifyRequired })
    .min(1, ISSUE_WORK_MESSAGES.notifyRequired)
    .max(NOTIFY_MAX_USERS, ISSUE_WORK_MESSAGES.notifyTooMany)
    .transform((ids) => [...new Set(ids)]),
  /** The message the mention points at (its link opens the issue there). */
  message_index: zId("message_index").optional(),
});

/** GET /api/chat/issue/:id/events: oldest first, after the event `after_id`. */
export const ZEventsQuery = z.object({
  aid: z.preprocess((v) => (v === "" ? undefined : v), zIdText("aid").optional()),
  after_id: z.preprocess((v) => (v === "" ? undefined : v), zIntText("after_id", 0, MAX_ID).optional()),
  limit: z
    .preprocess((v) => (v === "" ? undefined : v), zIntText("limit", 1, EVENTS_PAGE_SIZE_MAX).optional())
    .default(100),
});

/** GET /api/chat/follow: the issues the viewer follows, in the queue's order. */
export const ZFollowListQuery = z.object({
  page: z.preprocess((v) => (v === "" ? undefined : v), zIntText("page", 1, MAX_ID).optional()).default(1),
  page_size: z
    .preprocess((v) => (v === "" ? undefined : v), zIntText("page_size", 1, 100).optional())
    .default(25),
});

/* ---------------------------------------------------------------- answers */

export const ZTag = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
});
export type TTag = z.infer<typeof ZTag>;

/** GET /api/chat/issue-tags: the catalogue, with how many issues carry each tag. */
export const ZTagWithUsage = ZTag.extend({ issue_count: z.number() });
export const ZTagCatalogue = z.object({ items: z.array(ZTagWithUsage) });

export const ZCategory = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  level: z.number(),
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryWithUsage = ZCategory.extend({ issue_count: z.number(), expert_count: z.number() });
export const ZCategoryCatalogue = z.object({ items: z.array(ZCategoryWithUsage) });
export const ZExpertise = z.object({ user_id: z.number(), category: ZCategory.nullable() });

/** A person named on an issue (assignee, follower, suggestion). */
export const ZIssuePerson = z.object({
  user_id: z.number(),
  name: z.string(),
  is_engineer: z.boolean(),
  /** Engineers only: connected right now. */
  online: z.boolean(),
  /** When they were assigned / started following; null for a suggestion. */
  since: z.string().nullable(),
});
export type TIssuePerson = z.infer<typeof ZIssuePerson>;

/** GET/POST/DELETE …/assignees */
export const ZAssignees = z.object({
  assignees: z.array(ZIssuePerson),
  /**
   * Engineers only (customers get []): available engineers, not yet assigned, whose expertise
   * category is the issue's category.
   */
  suggested: z.array(ZIssuePerson),
});

/** POST …/follow, …/unfollow; GET …/followers */
export const ZFollowState = z.object({ following: z.boolean(), followers: z.array(ZIssuePerson) });

export const ZNote = z.object({
  id: z.number(),
  issue_number: z.number(),
  body: z.string(),
  author: z.object({ user_id: z.number().nullable(), name: z.string() }),
  /** The newest message when the note was written: it is shown after that message. */
  after_message_index: z.number(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type TNote = z.infer<typeof ZNote>;

/** POST …/notify */
export const ZNotifyResponse = z.object({
  notified: z.array(z.object({ user_id: z.number(), name: z.string() })),
  /** How many of them are told by e-mail too (their notification flag is on). */
  emailed: z.number(),
});

/** A mention as its recipient receives it (live on `user:{id}`; later in the alerts). */
export const ZMention = z.object({
  id: z.number(),
  issue_number: z.number(),
  title: z.string(),
  account_id: z.number(),
  by: z.object({ user_id: z.number().nullable(), name: z.string() }),
  message_index: z.number().nullable(),
  created_at: z.string(),
});
export type TMention = z.infer<typeof ZMention>;

/* ---------------------------------------------------------------- events */

/** Who sees an event: everyone who may read the issue, or engineers only. */
export const EVENT_AUDIENCES = ["all", "engineers"] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];

const person = z.object({ user_id: z.number(), name: z.string() });

/** What an event says, by type. Names are as they were when it happened. */
export const ZEventData = z.discriminatedUnion("type", [
  z.object({ type: z.literal("created"), title: z.string() }),
  z.object({ type: z.literal("panic"), title: z.string() }),
  z.object({ type: z.literal("renamed"), from: z.string(), to: z.string() }),
  z.object({ type: z.literal("status"), from: z.string(), to: z.string() }),
  z.object({ type: z.literal("assigned"), user: person }),
  z.object({ type: z.literal("unassigned"), user: person }),
  z.object({ type: z.literal("tagged"), tag: ZTag }),
  z.object({ type: z.literal("untagged"), tag: ZTag }),
  z.object({
    type: z.literal("categorised"),
    from: ZCategory.pick({ id: true, name: true }).nullable(),
    to: ZCategory.pick({ id: true, name: true }).nullable(),
  }),
  z.object({ type: z.literal("message_deleted"), index: z.number() }),
  z.object({ type: z.literal("note_added"), note_id: z.number() }),
  z.object({ type: z.literal("note_deleted"), note_id: z.number() }),
  z.object({ type: z.literal("mentioned"), users: z.array(person), message_index: z.number().nullable() }),
  z.object({
    type: z.literal("meeting_scheduled"),
    meeting_id: z.number(),
    title: z.string(),
    start_time: z.string(),
    end_time: z.string(),
  }),
  z.object({
    type: z.literal("meeting_logged"),
    meeting_id: z.number(),
    title: z.string(),
    start_time: z.string(),
  }),
  z.object({ type: z.literal("meeting_cancelled"), meeting_id: z.number(), title: z.string() }),
  z.object({ type: z.literal("todo_created"), todo_id: z.number(), title: z.string() }),
  z.object({ type: z.literal("todo_done"), todo_id: z.number(), title: z.string() }),
]);
export type TEventData = z.infer<typeof ZEventData>;
export type EventType = TEventData["type"];

/** Who sees each event type (mentions: see API.md, depends on who mentioned). */
export const EVENT_AUDIENCE: Record<Exclude<EventType, "mentioned">, EventAudience> = {
  created: "all",
  panic: "all",
  renamed: "all",
  status: "all",
  assigned: "all",
  unassigned: "all",
  message_deleted: "all",
  tagged: "engineers",
  untagged: "engineers",
  categorised: "engineers",
  note_added: "engineers",
  note_deleted: "engineers",
  meeting_scheduled: "all",
  meeting_logged: "all",
  meeting_cancelled: "all",
  todo_created: "all",
  todo_done: "all",
};

export const ZIssueEvent = z.object({
  id: z.number(),
  issue_number: z.number(),
  audience: z.enum(EVENT_AUDIENCES),
  /** null for the system (a job, a scan). */
  actor: z.object({ user_id: z.number().nullable(), name: z.string(), is_engineer: z.boolean() }).nullable(),
  /** The newest message when it happened: the timeline shows it after that message (0: before all). */
  after_message_index: z.number(),
  data: ZEventData,
  created_at: z.string(),
});
export type TIssueEvent = z.infer<typeof ZIssueEvent>;

export const ZEventsResponse = z.object({ items: z.array(ZIssueEvent), has_more: z.boolean() });

/**
 * The work state of an issue as its detail page shows it. Engineers get everything; a customer
 * gets empty `tags`, a null `category` and no notes.
 */
export const ZIssueWork = z.object({
  tags: z.array(ZTag),
  category: ZCategory.nullable(),
  assignees: z.array(ZIssuePerson),
  followers: z.array(ZIssuePerson),
  following: z.boolean(),
});
export type TIssueWork = z.infer<typeof ZIssueWork>;

/** What an engineer's queue row adds to a list item (never sent to customers). */
export const ZListItemWork = z.object({
  tags: z.array(ZTag),
  assignee_ids: z.array(z.number()),
  category_id: z.number().nullable(),
});
export type TListItemWork = z.infer<typeof ZListItemWork>;
