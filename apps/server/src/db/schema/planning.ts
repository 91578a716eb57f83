/** Meetings and todos (spec §3 Meeting, Todo; §7.2 meetings, log-meeting, todos). */
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { issues } from "./conversations";
import { users } from "./users";

const byWhom = () => integer().references(() => users.id, { onDelete: "set null" });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const meetings = pgTable(
  "meetings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    issueNumber: integer()
      .notNull()
      .references(() => issues.issueNumber, { onDelete: "cascade" }),
    /** scheduled (invitations sent) or logged (it happened; notes say what was agreed). */
    kind: text({ enum: ["scheduled", "logged"] }).notNull(),
    title: text().notNull(),
    meetingLink: text(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    /** The agenda of a scheduled meeting, what was agreed in a logged one. */
    notes: text().notNull().default(""),
    /** iCalendar SEQUENCE: bumped with every update sent (a cancellation included). */
    icsSequence: integer().notNull().default(0),
    createdBy: byWhom(),
    createdAt: now(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("meetings_issue_idx").on(t.issueNumber), index("meetings_start_idx").on(t.startTime)],
);

export const meetingParticipants = pgTable(
  "meeting_participants",
  {
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index("meeting_participants_user_idx").on(t.userId),
  ],
);

export const todos = pgTable(
  "todos",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text().notNull().default(""),
    /** Who should do it (spec §3 owner). */
    ownerId: byWhom(),
    /** The issue and message it came from; opening the todo jumps there. */
    issueNumber: integer().references(() => issues.issueNumber, { onDelete: "set null" }),
    msgIndex: integer(),
    dueDate: date({ mode: "string" }),
    isDone: boolean().notNull().default(false),
    doneAt: timestamp({ withTimezone: true }),
    createdBy: byWhom(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index("todos_account_idx").on(t.accountId, t.isDone, t.dueDate),
    index("todos_owner_idx").on(t.ownerId, t.isDone),
  ],
);
