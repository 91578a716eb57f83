/** What raw SQL hands back, the same on both engines (PGlite and node-postgres). */
import type { SQL } from "drizzle-orm";
import type { Executor } from "./client";

/** The rows of a raw statement, typed by the caller (execute() does not know them). */
export async function rowsOf<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A json column's value: one driver may hand it back as text, the other already parsed. */
export const jsonOf = <T>(value: T | string): T =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;
