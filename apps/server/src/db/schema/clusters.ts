/**
 * Clusters and their health (issue 12). A cluster is one account's, unique there by its
 * deployment id. Its row carries what the screens read most (the latest report's checks, usage and
 * tree), written by the analysis job, so the /health overview is one indexed query; each received
 * report is a row of `cluster_reports` (its bytes are a health_report file) with what its analysis
 * found, which the trends, the history and the forecast read.
 */

import type { NetCounters } from "@portico/shared/rules/health-analysis";
import type { EngineerRole } from "@portico/shared/rules/roles";
import type { TCheck, TReportMetrics } from "@portico/shared/schemas/clusters";
import type { THealthReport } from "@portico/shared/schemas/health-report";
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
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { files } from "./files";
import { users } from "./users";

export const clusters = pgTable(
  "clusters",
  {
    /** A random uuid as text (files and issues name clusters by this). */
    id: text().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    deploymentId: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    registeredBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** SHA-256 of the call-home key; null when none was issued. */
    callHomeKeyHash: text().unique(),
    /** portico_ck_…abcd: enough to recognise the key, never enough to use it. */
    callHomeKeyHint: text(),
    /** generated_at of the newest analysed report, and that report. */
    lastReportAt: timestamp({ withTimezone: true }),
    latestReportId: bigint({ mode: "number" }),
    /** Usable (after erasure coding) capacity of the latest report, bytes. */
    totalSpace: bigint({ mode: "number" }).notNull().default(0),
    usedSpace: bigint({ mode: "number" }).notNull().default(0),
    completedChecks: integer().notNull().default(0),
    failedChecks: integer().notNull().default(0),
    /** SEVERITY_RANK of the worst failing check (0 when all pass): the overview's sort key. */
    worstRank: integer().notNull().default(0),
    checks: jsonb().$type<TCheck[]>().notNull().default([]),
    /** The latest report itself, for the explorer. */
    latestReport: jsonb().$type<THealthReport>(),
    /** The latest report's per-node network counters, for the next report's delta. */
    netCounters: jsonb().$type<NetCounters>(),
    /** Set by the sweep after NOT_REPORTING_AFTER_HOURS without a report; cleared by the next one. */
    notReportingSince: timestamp({ withTimezone: true }),
    /**
     * The storage software's version of the latest report: its nodes' version when they agree,
     * MIXED_VERSIONS when they differ (an upgrade under way); null before any report (issue 18).
     */
    softwareVersion: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("clusters_account_deployment_idx").on(t.accountId, t.deploymentId),
    index("clusters_account_idx").on(t.accountId, t.worstRank.desc(), t.name),
    // The not-reporting sweep: clusters still counted as reporting, by last report.
    index("clusters_reporting_idx").on(t.lastReportAt).where(sql`${t.notReportingSince} is null`),
  ],
);
export type ClusterRow = typeof clusters.$inferSelect;

export const cluster_report_states = ["pending", "analysed", "failed"] as const;

export const clusterReports = pgTable(
  "cluster_reports",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    clusterId: text()
      .notNull()
      .references(() => clusters.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The report's bytes (a health_report file); null once the file is deleted. */
    fileUuid: uuid().references(() => files.uuid, { onDelete: "set null" }),
    size: bigint({ mode: "number" }).notNull().default(0),
    status: text({ enum: cluster_report_states }).notNull().default("pending"),
    /** Why the report could not be analysed (schema, JSON, another cluster's, …). */
    error: text(),
    /** The report's own generated_at; null until it was parsed. */
    generatedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    analysedAt: timestamp({ withTimezone: true }),
    checks: jsonb().$type<TCheck[]>(),
    metrics: jsonb().$type<TReportMetrics>(),
    /** Copied out of metrics for the trend and forecast queries. */
    usableTotalBytes: bigint({ mode: "number" }),
    usableUsedBytes: bigint({ mode: "number" }),
    failedChecks: integer(),
  },
  (t) => [
    index("cluster_reports_cluster_idx").on(t.clusterId, t.generatedAt.desc()),
    index("cluster_reports_log_idx").on(t.clusterId, t.id.desc()),
  ],
);
export type ClusterReportRow = typeof clusterReports.$inferSelect;

/**
 * Engineers holding a role on a customer account (spec §3 eng_acc_roles). The customers console
 * (issue 16) edits them; cluster alerts already go to them.
 */
export const accountEngineers = pgTable(
  "account_engineers",
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<EngineerRole>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.role] }),
    // The customer list's role filter: an index-only scan from (engineer, role) to the accounts.
    index("account_engineers_user_role_idx").on(t.userId, t.role, t.accountId),
  ],
);
