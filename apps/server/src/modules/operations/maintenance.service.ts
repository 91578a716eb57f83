/**
 * Maintenance windows (issue 17). Turning maintenance on writes a `maintenance_windows` row (who,
 * when, planned end) and the one `maintenance` row pointing at it in one transaction, and plans the
 * durable job `maintenance.end` at the planned end; turning it off, or that job, records how the
 * window ended. Each change is pushed on the broadcast channel after it commits.
 */
import type { TMaintenanceStatus, TMaintenanceWindow } from "@portico/shared/schemas/operations";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { jobs, maintenance, maintenanceWindows } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor, Tx } from "../../platform/db/client";
import { isOn } from "../../platform/maintenance";
import { pushBroadcast } from "../conversations/chat-events";

export const MAINTENANCE_END_JOB = "maintenance.end";
const ZEndJob = z.object({ window_id: z.number() });
export const HISTORY_SIZE = 20;

const OFF: TMaintenanceStatus = { status: "OK", message: null, until: null };

/** The one row, locked for the caller's transaction (created off if it was never written). */
async function lockRow(tx: Tx) {
  await tx.insert(maintenance).values({ id: 1, enabled: false }).onConflictDoNothing();
  const [row] = await tx.select().from(maintenance).where(eq(maintenance.id, 1)).for("update");
  if (!row) throw new Error("maintenance row missing");
  return row;
}

/** Records the end of a window still open: by a person now, or by itself at its planned end. */
async function closeWindow(tx: Tx, windowId: number, endedBy: string | null, at: Date) {
  await tx
    .update(maintenanceWindows)
    .set({ endedAt: at, endedByName: endedBy })
    .where(and(eq(maintenanceWindows.id, windowId), sql`${maintenanceWindows.endedAt} is null`));
}

/** Ends the row's window: by itself if its planned end has passed, otherwise by `endedBy`. */
async function endCurrent(tx: Tx, row: typeof maintenance.$inferSelect, endedBy: string, now: Date) {
  if (row.windowId === null) return;
  const passed = row.until !== null && row.until.getTime() <= now.getTime();
  await closeWindow(tx, row.windowId, passed ? null : endedBy, passed && row.until ? row.until : now);
  await unplanEnd(tx, row.windowId);
}

async function unplanEnd(tx: Executor, windowId: number) {
  await tx
    .delete(jobs)
    .where(and(eq(jobs.kind, MAINTENANCE_END_JOB), sql`${jobs.payload}->>'window_id' = ${String(windowId)}`));
}

function announce(ctx: AppContext, status: TMaintenanceStatus) {
  ctx.maintenance.invalidate();
  pushBroadcast(ctx.realtime, { type: "maintenance", channel: "broadcast", status });
}

export async function enableMaintenance(
  ctx: AppContext,
  by: { userId: number; name: string },
  input: { duration: number; message: string },
): Promise<TMaintenanceStatus> {
  const now = new Date();
  const until = new Date(now.getTime() + input.duration * 60_000);
  await ctx.db.transaction(async (tx) => {
    const row = await lockRow(tx);
    // Turning it on again while on starts a new window: the previous one ended now, by this engineer.
    await endCurrent(tx, row, by.name, now);
    const [window] = await tx
      .insert(maintenanceWindows)
      .values({
        message: input.message,
        startedById: by.userId,
        startedByName: by.name,
        startedAt: now,
        plannedEnd: until,
      })
      .returning({ id: maintenanceWindows.id });
    if (!window) throw new Error("maintenance window not written");
    await tx
      .update(maintenance)
      .set({
        enabled: true,
        message: input.message,
        until,
        windowId: window.id,
        updatedBy: by.userId,
        updatedAt: now,
      })
      .where(eq(maintenance.id, 1));
    await ctx.jobs.enqueue(tx, MAINTENANCE_END_JOB, { window_id: window.id }, until);
  });
  const status: TMaintenanceStatus = {
    status: "MAINTENANCE",
    message: input.message,
    until: until.toISOString(),
  };
  announce(ctx, status);
  return status;
}

export async function disableMaintenance(ctx: AppContext, by: { userId: number; name: string }) {
  const now = new Date();
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockRow(tx);
    if (!row.enabled) return false;
    await endCurrent(tx, row, by.name, now);
    await tx
      .update(maintenance)
      .set({
        enabled: false,
        message: null,
        until: null,
        windowId: null,
        updatedBy: by.userId,
        updatedAt: now,
      })
      .where(eq(maintenance.id, 1));
    return true;
  });
  if (changed) announce(ctx, OFF);
  return OFF;
}

/** The job at a window's planned end: ends it if it is still the one on (ended_by null = by itself). */
export function registerMaintenanceJobs(ctx: AppContext) {
  ctx.jobs.register(MAINTENANCE_END_JOB, async (tx, payload, afterCommit) => {
    const { window_id } = ZEndJob.parse(payload);
    const [window] = await tx.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, window_id));
    if (!window) return;
    const row = await lockRow(tx);
    if (row.enabled && row.windowId === window_id) {
      await tx
        .update(maintenance)
        .set({ enabled: false, message: null, until: null, windowId: null, updatedAt: new Date() })
        .where(eq(maintenance.id, 1));
      afterCommit(() => announce(ctx, OFF));
    }
    await closeWindow(tx, window_id, null, window.plannedEnd);
  });
}

type WindowRow = typeof maintenanceWindows.$inferSelect;

/** A window as engineers read it; one whose planned end passed reads as ended by itself. */
export function presentWindow(w: WindowRow, now: number): TMaintenanceWindow {
  const lapsed = w.endedAt === null && w.plannedEnd.getTime() <= now;
  return {
    id: w.id,
    message: w.message,
    started_by: w.startedByName,
    started_at: w.startedAt.toISOString(),
    planned_end: w.plannedEnd.toISOString(),
    ended_at: lapsed ? w.plannedEnd.toISOString() : (w.endedAt?.toISOString() ?? null),
    ended_by: lapsed ? null : w.endedByName,
  };
}

export async function maintenanceDetails(ctx: AppContext) {
  const now = Date.now();
  const [[row], history] = await Promise.all([
    ctx.db.select().from(maintenance).where(eq(maintenance.id, 1)),
    ctx.db
      .select()
      .from(maintenanceWindows)
      .orderBy(desc(maintenanceWindows.startedAt), desc(maintenanceWindows.id))
      .limit(HISTORY_SIZE),
  ]);
  const on = isOn(row, now);
  let current: TMaintenanceWindow | null = null;
  if (on && row?.windowId != null) {
    const found = history.find((w) => w.id === row.windowId);
    const [window] = found
      ? [found]
      : await ctx.db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, row.windowId));
    if (window) current = presentWindow(window, now);
  }
  return {
    status: on ? ("MAINTENANCE" as const) : ("OK" as const),
    current,
    history: history.map((w) => presentWindow(w, now)),
  };
}
