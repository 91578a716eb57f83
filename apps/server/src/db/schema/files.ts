/**
 * Files of an account (spec §3 File, §4 scan status, §9 file types). The bytes live in the
 * storage (DATA_DIR/files or an S3 bucket) under the file's uuid; this row says what they are,
 * whose they are, how far the upload got and whether the scanner passed them. A row whose upload
 * is not complete, or whose scan is not OK, is never served.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { clusters } from "./clusters";
import { users } from "./users";

export const FILE_KINDS = [
  "legal_doc",
  "health_report",
  "profile",
  "perf_result",
  "inspect",
  "attachment",
  /** A user's profile picture (not listed with the account's files). */
  "picture",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const SCAN_STATES = ["OK", "FOUND", "SIZE_TOO_BIG", "SCAN_STARTED", "SCAN_FAILED"] as const;
export type ScanState = (typeof SCAN_STATES)[number];

export const files = pgTable(
  "files",
  {
    /** Also the upload id of tus and the storage key. */
    uuid: uuid().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    fileType: text({ enum: FILE_KINDS }).notNull(),
    /** A legal_doc's document title. */
    title: text(),
    /** The name as the user gave it, for display. */
    filename: text().notNull(),
    /** The sanitised name used in Content-Disposition (no path, no control characters). */
    storedName: text().notNull(),
    /** The announced length while uploading; the bytes stored once complete. */
    size: bigint({ mode: "number" }).notNull(),
    /** Sniffed from the bytes once complete. */
    mime: text().notNull().default("application/octet-stream"),
    /** The cluster the file is about (of the same account; checked by the files service). */
    clusterId: text().references((): AnyPgColumn => clusters.id, { onDelete: "set null" }),
    /** Attachments: the issue and message carrying the file. No foreign key: orphans are listed. */
    issueNumber: integer(),
    messageIndex: integer(),
    uploadedBy: integer().references(() => users.id, { onDelete: "set null" }),
    uploaderName: text().notNull(),
    complete: boolean().notNull().default(false),
    /** null until the upload is complete. */
    scanStatus: text({ enum: SCAN_STATES }),
    scanAttempts: integer().notNull().default(0),
    /** When the scanner may take the file (next) and until when a scanner holds it. */
    scanDueAt: timestamp({ withTimezone: true }),
    scanLeaseUntil: timestamp({ withTimezone: true }),
    scannedAt: timestamp({ withTimezone: true }),
    /** The signature the scanner found (FOUND); the bytes are deleted then. */
    threat: text(),
    /** Attachments pinned in their account (spec §7.2 pin/unpin). */
    pinned: boolean().notNull().default(false),
    /** An unfinished upload is deleted after this. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("files_account_idx").on(t.accountId, t.createdAt.desc()),
    index("files_issue_idx").on(t.issueNumber, t.messageIndex),
    index("files_cluster_idx").on(t.clusterId, t.createdAt.desc()),
    index("files_scan_queue_idx").on(t.scanDueAt).where(sql`scan_status in ('SCAN_STARTED', 'SCAN_FAILED')`),
  ],
);

export type FileRow = typeof files.$inferSelect;
