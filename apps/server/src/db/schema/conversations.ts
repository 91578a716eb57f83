/**
 * Support issues as conversations (spec §3 Issue, Message; §4 status and order). An issue's
 * status is never stored as such: it is derived from the answer-state columns by the shared
 * `deriveIssueStatus`; the generated columns below are that rule and the §4 order in SQL, kept
 * only so that every list is ordered and paged by an index.
 */
import { getTableColumns, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { issueCategories } from "./categories";
import { clusters } from "./clusters";
import { users } from "./users";

/**
 * Full-text search (spec §7.2 search): a stored tsvector column that the database keeps in step
 * with the text it is generated from, searched through a GIN index. Drizzle has no tsvector type.
 */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
// Every search column and query uses the 'english' configuration (stemming, stop words).

export const AUTHOR_TYPES = ["customer", "engineer"] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];

/** What a message carries besides its body (spec §3 Message attributes). */
export interface MessageAttributes {
  /** Shown as preformatted text whatever its Markdown says (pasted logs). */
  force_format?: boolean;
  /** Set when the message was deleted: its body is gone, the row stays as "Deleted". */
  deletedAt?: string;
  /** Name of who deleted it. */
  deletedBy?: string;
  deletedById?: number;
  /** Attachments (files module, later): virus-scan state and file name. */
  scanStatus?: "OK" | "FOUND" | "SIZE_TOO_BIG" | "SCAN_STARTED" | "SCAN_FAILED";
  filename?: string;
}

export const issues = pgTable(
  "issues",
  {
    /** The global issue number: an identity sequence, so a number is never handed out twice. */
    issueNumber: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** The cluster the issue is about (of the issue's account). */
    clusterId: text().references((): AnyPgColumn => clusters.id, { onDelete: "set null" }),
    /** "panic" for a panic issue (spec §3: set means panic), otherwise null. */
    issueType: text(),
    /** Raised inside the weekend window of spec §9 (fixed at creation). */
    isWeekendPriority: boolean().notNull(),
    categoryId: integer().references(() => issueCategories.id, { onDelete: "set null" }),
    /** issue_answer_state: state, user_type, timestamp, is_archived. */
    answered: boolean().notNull().default(false),
    answerUserType: text({ enum: AUTHOR_TYPES }),
    answerAt: timestamp({ withTimezone: true }),
    isArchived: boolean().notNull().default(false),
    /** Index of the newest message (messages are numbered 1, 2, … per issue); 0 before any. */
    lastMessageIndex: integer().notNull().default(0),
    /**
     * Bumped by every change to a message of the issue (posted, edited, deleted); each message
     * keeps the revision of its last change, so a reconnecting client can be sent exactly the
     * changes it missed.
     */
    revision: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The SLA clock (issue 18, rules/sla.ts): the first-response deadline, fixed when a customer
     * opens the issue under an organization with SLA hours (null otherwise); the first response
     * (an engineer's first message or answer) and who gave it; when the sweep raised SLA_BREACH.
     */
    slaHours: integer(),
    slaCoverage: text({ enum: ["business-hours", "24x7"] }),
    slaDueAt: timestamp({ withTimezone: true }),
    firstResponseAt: timestamp({ withTimezone: true }),
    firstResponderId: integer().references(() => users.id, { onDelete: "set null" }),
    slaBreachAlertedAt: timestamp({ withTimezone: true }),
    /**
     * When an engineer last marked the issue answered (or archived) and who: cleared when it is
     * reopened or the customer writes again. Resolution time is created_at to this.
     */
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** The deadline while it runs (no response yet, not answered), else null: the queue's SLA order. */
    slaWaitingDue: timestamp({ withTimezone: true }).generatedAlwaysAs(
      sql`case when first_response_at is null and not answered then sla_due_at end`,
    ),
    /** Last activity: a message posted or the answer state changed (the list's lastUpdatedAt). */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The plan rank of the issue's account (spec §4), kept here by database triggers (set on
     * insert, followed when the account's plan changes; see the plan_rank migration) so that the
     * whole §4 order is one index.
     */
    planRank: smallint().notNull().default(8),
    /**
     * The §4 order up to the live status: live panics by plan rank (1–8), other live issues by
     * plan rank (11–18), then answered (100), then archived (200).
     */
    queueKey: smallint()
      .notNull()
      .generatedAlwaysAs(
        sql`case when answered and is_archived then 200 when answered then 100 when issue_type is not null then plan_rank else 10 + plan_rank end`,
      ),
    /** Within live issues, open (0) before waiting for response (1); 0 for the others. */
    liveRank: smallint()
      .notNull()
      .generatedAlwaysAs(sql`case when not answered and answer_user_type = 'customer' then 1 else 0 end`),
    /**
     * The order an engineer on call sees during the weekend window (spec §9): live panics (1–8),
     * then live issues raised in the window (11–18), then the other live issues (21–28), each by
     * plan rank; answered and archived as in queue_key.
     */
    onCallKey: smallint()
      .notNull()
      .generatedAlwaysAs(
        sql`case when answered and is_archived then 200 when answered then 100 when issue_type is not null then plan_rank when is_weekend_priority then 10 + plan_rank else 20 + plan_rank end`,
      ),
    titleSearch: tsvector().notNull().generatedAlwaysAs(sql`to_tsvector('english', title)`),
  },
  (t) => [
    check("issues_issue_type_check", sql`${t.issueType} in ('panic')`),
    index("issues_queue_idx").on(t.queueKey, t.liveRank, t.updatedAt.desc(), t.issueNumber.desc()),
    index("issues_account_queue_idx").on(
      t.accountId,
      t.queueKey,
      t.liveRank,
      t.updatedAt.desc(),
      t.issueNumber.desc(),
    ),
    index("issues_on_call_idx").on(t.onCallKey, t.liveRank, t.updatedAt.desc(), t.issueNumber.desc()),
    index("issues_title_search_idx").using("gin", t.titleSearch),
    // Reports and activity read issues by when they were opened, first answered and resolved.
    index("issues_created_idx").on(t.createdAt),
    index("issues_first_response_idx").on(t.firstResponseAt, t.firstResponderId),
    index("issues_resolved_idx").on(t.resolvedAt, t.resolvedBy),
    index("issues_sla_due_idx").on(t.slaDueAt),
    // order=sla: running deadlines soonest first, then the §4 order.
    index("issues_sla_queue_idx").on(
      t.slaWaitingDue.asc().nullsLast(),
      t.queueKey,
      t.liveRank,
      t.updatedAt.desc(),
      t.issueNumber.desc(),
    ),
    // order=sla within one organization (a customer's list, or an engineer's with aid).
    index("issues_account_sla_idx").on(
      t.accountId,
      t.slaWaitingDue.asc().nullsLast(),
      t.queueKey,
      t.liveRank,
      t.updatedAt.desc(),
      t.issueNumber.desc(),
    ),
    // The SLA sweep: deadlines still running, soonest first.
    index("issues_sla_waiting_idx")
      .on(t.slaDueAt)
      .where(
        sql`${t.firstResponseAt} is null and ${t.slaDueAt} is not null and ${t.slaBreachAlertedAt} is null`,
      ),
  ],
);

export const messages = pgTable(
  "messages",
  {
    issueNumber: integer()
      .notNull()
      .references(() => issues.issueNumber, { onDelete: "cascade" }),
    /** 1, 2, … within the issue, without gaps. */
    index: integer().notNull(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorType: text({ enum: AUTHOR_TYPES }).notNull(),
    /** Markdown as written; emptied when the message is deleted. */
    body: text().notNull(),
    attributes: jsonb().$type<MessageAttributes>().notNull().default({}),
    /** The issue revision of this message's last change. */
    revision: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
    /** Empty for a deleted message (its body is emptied), so a deleted message is never found. */
    bodySearch: tsvector().notNull().generatedAlwaysAs(sql`to_tsvector('english', body)`),
  },
  (t) => [
    primaryKey({ columns: [t.issueNumber, t.index] }),
    index("messages_body_search_idx").using("gin", t.bodySearch),
    /**
     * Newest-first search over every account: a common word is found by walking this, in the
     * exact order of the answer (no sort over a million matches).
     */
    index("messages_newest_idx").on(t.createdAt.desc(), t.issueNumber.desc(), t.index.desc()),
    index("messages_issue_created_idx").on(t.issueNumber, t.createdAt),
    index("messages_issue_revision_idx").on(t.issueNumber, t.revision),
    // Engineer activity: engineers' messages by when they were written (issue 18).
    index("messages_engineer_created_idx")
      .on(t.createdAt, t.authorId)
      .where(sql`${t.authorType} = 'engineer'`),
  ],
);

/** A message's columns without its search vector, which only search reads. */
const { bodySearch: _bodySearch, ...messageColumnSet } = getTableColumns(messages);
export const messageColumns = messageColumnSet;
export type MessageRow = Omit<typeof messages.$inferSelect, "bodySearch">;

/** The issue and the person of a per-person row about an issue. */
const issuePerson = () => ({
  issueNumber: integer()
    .notNull()
    .references(() => issues.issueNumber, { onDelete: "cascade" }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/** How far each person has read an issue (spec §3 read_message_index). */
export const issueReads = pgTable(
  "issue_reads",
  {
    ...issuePerson(),
    readMessageIndex: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issueNumber, t.userId] })],
);

/** Who takes part in an issue: its creator, everyone who wrote in it, engineers who joined. */
export const issueParticipants = pgTable(
  "issue_participants",
  {
    ...issuePerson(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issueNumber, t.userId] }),
    index("issue_participants_user_idx").on(t.userId),
  ],
);

/** An engineer's own settings (spec §3 engineer: is_available, is_contributor; on call). */
export const engineerSettings = pgTable("engineer_settings", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isAvailable: boolean().notNull().default(true),
  isContributor: boolean().notNull().default(false),
  isOnCall: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
