/**
 * Working an issue (spec §7.2 tags, notes, assignees, follow, events, notify): who owns it, what
 * kind it is, what engineers said among themselves, who hears about it, and what happened when.
 */

import type { EventAudience, TEventData } from "@portico/shared/schemas/issue-work";
import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { issues } from "./conversations";
import { users } from "./users";

const issueNumber = () =>
  integer()
    .notNull()
    .references(() => issues.issueNumber, { onDelete: "cascade" });
const person = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const byWhom = () => integer().references(() => users.id, { onDelete: "set null" });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** The vendor-wide tag catalogue (engineers' own). */
export const issueTags = pgTable(
  "issue_tags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** #rrggbb, lower-case. */
    color: text().notNull(),
    createdBy: byWhom(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [uniqueIndex("issue_tags_name_idx").on(sql`lower(${t.name})`)],
);

/** Tags on issues. */
export const issueTagLinks = pgTable(
  "issue_tag_links",
  {
    issueNumber: issueNumber(),
    tagId: integer()
      .notNull()
      .references(() => issueTags.id, { onDelete: "cascade" }),
    addedBy: byWhom(),
    addedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.issueNumber, t.tagId] }), index("issue_tag_links_tag_idx").on(t.tagId)],
);

/** Engineers assigned to an issue. */
export const issueAssignees = pgTable(
  "issue_assignees",
  {
    issueNumber: issueNumber(),
    userId: person(),
    assignedBy: byWhom(),
    assignedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.issueNumber, t.userId] }), index("issue_assignees_user_idx").on(t.userId)],
);

/** Who follows an issue: told of its replies (alerts, issue 11). */
export const issueFollowers = pgTable(
  "issue_followers",
  {
    issueNumber: issueNumber(),
    userId: person(),
    followedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.issueNumber, t.userId] }), index("issue_followers_user_idx").on(t.userId)],
);

/** Internal notes: engineers only, never in any customer's answer, search or push. */
export const issueNotes = pgTable(
  "issue_notes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    issueNumber: issueNumber(),
    authorId: byWhom(),
    body: text().notNull(),
    /** The issue's newest message when the note was written (the timeline places it after). */
    afterMessageIndex: integer().notNull(),
    createdAt: now(),
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("issue_notes_issue_idx").on(t.issueNumber, t.afterMessageIndex)],
);

/** The events timeline: every change of an issue, with who, when and for whom. */
export const issueEvents = pgTable(
  "issue_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    issueNumber: issueNumber(),
    /** The type is also data.type; kept as a column for filtering and reports. */
    type: text().notNull(),
    audience: text().$type<EventAudience>().notNull(),
    actorId: byWhom(),
    afterMessageIndex: integer().notNull(),
    data: jsonb().$type<TEventData>().notNull(),
    createdAt: now(),
  },
  (t) => [
    index("issue_events_issue_idx").on(t.issueNumber, t.id),
    index("issue_events_page_idx").on(t.issueNumber, t.afterMessageIndex),
  ],
);

/** A person mentioned on an issue (notify); the alerts of issue 11 read these. */
export const issueMentions = pgTable(
  "issue_mentions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    issueNumber: issueNumber(),
    userId: person(),
    byId: byWhom(),
    messageIndex: integer(),
    createdAt: now(),
  },
  (t) => [index("issue_mentions_user_idx").on(t.userId, t.createdAt.desc())],
);
