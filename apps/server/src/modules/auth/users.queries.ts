import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

export { loadVendorRole } from "../../platform/auth/viewer";

export async function findUserByEmail(exec: Executor, email: string) {
  const [user] = await exec.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}
