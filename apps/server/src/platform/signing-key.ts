import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { settings } from "../db/schema";
import type { Db } from "./db/client";

/**
 * Without JWT_SECRET the key is generated once and kept in the database, so every instance on
 * that database signs and verifies with the same key.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: "jwt_secret", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, "jwt_secret"));
  if (!row) throw new Error("signing key could not be stored");
  return row.value;
}
