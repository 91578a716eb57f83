/**
 * Maintenance mode lives in the database so every instance agrees; each instance re-reads it at
 * most every two seconds.
 */
import { eq } from "drizzle-orm";
import { maintenance } from "../db/schema";
import type { Db } from "./db/client";

export interface MaintenanceSnapshot {
  enabled: boolean;
  message: string | null;
  until: Date | null;
}

const CACHE_MS = 2_000;

export class MaintenanceState {
  private cached: { at: number; value: MaintenanceSnapshot } | undefined;

  constructor(private readonly db: Db) {}

  async current(now = Date.now()): Promise<MaintenanceSnapshot> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value;
    const [row] = await this.db.select().from(maintenance).where(eq(maintenance.id, 1));
    const value = {
      enabled: row?.enabled ?? false,
      message: row?.message ?? null,
      until: row?.until ?? null,
    };
    this.cached = { at: now, value };
    return value;
  }

  async set(enabled: boolean, byUserId: number, message: string | null = null, until: Date | null = null) {
    const values = { id: 1, enabled, message, until, updatedBy: byUserId, updatedAt: new Date() };
    await this.db
      .insert(maintenance)
      .values(values)
      .onConflictDoUpdate({ target: maintenance.id, set: values });
    this.cached = undefined;
  }
}
