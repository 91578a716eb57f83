/**
 * System alerts (issue 17): the banner engineers post for every signed-in user. One row per
 * alert; its state (live, scheduled, ended, cleared) is read from the clock of the database, so
 * an alert starts and ends on time without any job. Every change is one transaction; the caller
 * pushes `{type: "system-alerts"}` on the broadcast channel after it commits.
 */

import {
  parseDateTime,
  SYSTEM_ALERT_LOOKAHEAD_MS,
  SYSTEM_ALERT_MESSAGES,
  type SystemAlertLevel,
  type SystemAlertState,
  systemAlertWindowError,
  type TLiveSystemAlerts,
  type TSystemAlert,
  type TSystemAlertPage,
} from "@portico/shared/schemas/system-alerts";
import { MESSAGES } from "@portico/shared/validation";
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { systemAlerts } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, notFound } from "../../platform/errors";

const STATE = sql<SystemAlertState>`case
  when ${systemAlerts.clearedAt} is not null then 'cleared'
  when ${systemAlerts.startsAt} > now() then 'scheduled'
  when ${systemAlerts.endsAt} is not null and ${systemAlerts.endsAt} <= now() then 'ended'
  else 'live' end`;

const COLUMNS = {
  id: systemAlerts.id,
  level: systemAlerts.level,
  message: systemAlerts.message,
  startsAt: systemAlerts.startsAt,
  endsAt: systemAlerts.endsAt,
  state: STATE,
  createdByName: systemAlerts.createdByName,
  createdAt: systemAlerts.createdAt,
  updatedAt: systemAlerts.updatedAt,
  clearedAt: systemAlerts.clearedAt,
  clearedByName: systemAlerts.clearedByName,
};

interface Row {
  id: number;
  level: SystemAlertLevel;
  message: string;
  startsAt: Date;
  endsAt: Date | null;
  state: SystemAlertState;
  createdByName: string;
  createdAt: Date;
  updatedAt: Date;
  clearedAt: Date | null;
  clearedByName: string | null;
}

function present(row: Row): TSystemAlert {
  return {
    id: row.id,
    level: row.level,
    message: row.message,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    state: row.state,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    cleared_at: row.clearedAt?.toISOString() ?? null,
    cleared_by_name: row.clearedByName,
  };
}

export interface SystemAlertInput {
  level: SystemAlertLevel;
  message: string;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
}

/** Parsed dates of a request (the schema has already checked them). */
function datesOf(input: SystemAlertInput) {
  const start = input.starts_at ? parseDateTime(input.starts_at) : null;
  const end = input.ends_at ? parseDateTime(input.ends_at) : null;
  if (input.starts_at && !start) throw badRequest(MESSAGES.invalidStartDate);
  if (input.ends_at && !end) throw badRequest(MESSAGES.endDateInvalid);
  return { start, end };
}

async function load(exec: Executor, id: number, lock = false): Promise<Row> {
  const query = exec.select(COLUMNS).from(systemAlerts).where(eq(systemAlerts.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(SYSTEM_ALERT_MESSAGES.notFound);
  return row;
}

export async function getSystemAlert(exec: Executor, id: number): Promise<TSystemAlert> {
  return present(await load(exec, id));
}

export async function createSystemAlert(
  tx: Executor,
  viewer: Viewer,
  input: SystemAlertInput,
): Promise<TSystemAlert> {
  const { start, end } = datesOf(input);
  const error = systemAlertWindowError(start, end);
  if (error) throw badRequest(error);
  const [row] = await tx
    .insert(systemAlerts)
    .values({
      level: input.level,
      message: input.message,
      ...(start ? { startsAt: start } : {}),
      endsAt: end,
      createdById: viewer.userId,
      createdByName: viewer.name,
    })
    .returning({ id: systemAlerts.id });
  if (!row) throw new Error("system alert insert returned nothing");
  return getSystemAlert(tx, row.id);
}

/** Level, message and window replaced; a missing start keeps the stored one. Cleared: 409. */
export async function updateSystemAlert(
  tx: Executor,
  id: number,
  input: SystemAlertInput,
): Promise<TSystemAlert> {
  const current = await load(tx, id, true);
  if (current.clearedAt) throw conflict(SYSTEM_ALERT_MESSAGES.cleared);
  const { start, end } = datesOf(input);
  const error = systemAlertWindowError(start ?? current.startsAt, end);
  if (error) throw badRequest(error);
  await tx
    .update(systemAlerts)
    .set({
      level: input.level,
      message: input.message,
      ...(start ? { startsAt: start } : {}),
      endsAt: end,
      updatedAt: sql`now()`,
    })
    .where(eq(systemAlerts.id, id));
  return getSystemAlert(tx, id);
}

/** Takes the alert down for everyone. `changed` false when it was already cleared (nothing to push). */
export async function clearSystemAlert(
  tx: Executor,
  viewer: Viewer,
  id: number,
): Promise<{ alert: TSystemAlert; changed: boolean }> {
  const current = await load(tx, id, true);
  if (current.clearedAt) return { alert: present(current), changed: false };
  await tx
    .update(systemAlerts)
    .set({ clearedAt: sql`now()`, clearedByName: viewer.name, updatedAt: sql`now()` })
    .where(eq(systemAlerts.id, id));
  return { alert: await getSystemAlert(tx, id), changed: true };
}

/** The banner's: not cleared, not ended, started or starting within 24 hours; by start then id. */
export async function liveSystemAlerts(exec: Executor): Promise<TLiveSystemAlerts> {
  const lookahead = `${SYSTEM_ALERT_LOOKAHEAD_MS / 1000} seconds`;
  const rows = await exec
    .select({
      id: systemAlerts.id,
      level: systemAlerts.level,
      message: systemAlerts.message,
      startsAt: systemAlerts.startsAt,
      endsAt: systemAlerts.endsAt,
    })
    .from(systemAlerts)
    .where(
      and(
        isNull(systemAlerts.clearedAt),
        sql`${systemAlerts.startsAt} <= now() + ${lookahead}::interval`,
        sql`(${systemAlerts.endsAt} is null or ${systemAlerts.endsAt} > now())`,
      ),
    )
    .orderBy(asc(systemAlerts.startsAt), asc(systemAlerts.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      level: r.level,
      message: r.message,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt?.toISOString() ?? null,
    })),
    now: new Date().toISOString(),
  };
}

/** Every alert, newest first, optionally of one state. */
export async function listSystemAlerts(
  exec: Executor,
  filter: { page: number; pageSize: number; state?: SystemAlertState | undefined },
): Promise<TSystemAlertPage> {
  const where: SQL | undefined = filter.state ? sql`${STATE} = ${filter.state}` : undefined;
  const [rows, [totals]] = await Promise.all([
    exec
      .select(COLUMNS)
      .from(systemAlerts)
      .where(where)
      .orderBy(desc(systemAlerts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    exec.select({ total: count() }).from(systemAlerts).where(where),
  ]);
  return {
    items: rows.map(present),
    total: totals?.total ?? 0,
    page: filter.page,
    page_size: filter.pageSize,
  };
}
