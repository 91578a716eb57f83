/** PostgreSQL's unique_violation, as raised by pg and by PGlite (sometimes wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}
