/**
 * Maintenance mode lives in the database so every instance agrees; each instance re-reads it at
 * most every two seconds. A window has a planned end (`until`): from that moment it reads as off
 * on every instance, even before the durable job that records its end (maintenance.end) has run.
 */
import { eq } from "drizzle-orm";
import { maintenance } from "../db/schema";
import type { Db } from "./db/client";

export interface MaintenanceSnapshot {
  enabled: boolean;
  message: string | null;
  until: Date | null;
}

interface MaintenanceRow {
  enabled: boolean;
  message: string | null;
  until: Date | null;
}

const CACHE_MS = 2_000;

/** Whether a stored row means maintenance now: switched on and its planned end not passed. */
export function isOn(row: MaintenanceRow | undefined, now: number): boolean {
  return !!row?.enabled && (row.until === null || row.until.getTime() > now);
}

export class MaintenanceState {
  private cached: { at: number; row: MaintenanceRow } | undefined;

  constructor(private readonly db: Db) {}

  async current(now = Date.now()): Promise<MaintenanceSnapshot> {
    if (!this.cached || now - this.cached.at >= CACHE_MS) {
      const [row] = await this.db.select().from(maintenance).where(eq(maintenance.id, 1));
      this.cached = {
        at: now,
        row: { enabled: row?.enabled ?? false, message: row?.message ?? null, until: row?.until ?? null },
      };
    }
    const { row } = this.cached;
    return isOn(row, now)
      ? { enabled: true, message: row.message, until: row.until }
      : { enabled: false, message: null, until: null };
  }

  /** Forget the cached row (after this instance changed it). */
  invalidate(): void {
    this.cached = undefined;
  }

  /**
   * Sets the row directly, without a window in the history (tests that need maintenance on or
   * off; the API goes through modules/operations/maintenance.service.ts).
   */
  async set(enabled: boolean, byUserId: number, message: string | null = null, until: Date | null = null) {
    const values = {
      id: 1,
      enabled,
      message,
      until,
      windowId: null,
      updatedBy: byUserId,
      updatedAt: new Date(),
    };
    await this.db
      .insert(maintenance)
      .values(values)
      .onConflictDoUpdate({ target: maintenance.id, set: values });
    this.cached = undefined;
  }
}
