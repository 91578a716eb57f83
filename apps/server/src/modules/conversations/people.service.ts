import { sql } from "drizzle-orm";
import { engineerSettings } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { forbidden, notFound } from "../../platform/errors";
import { assertEngineer } from "../accounts/accounts.policy";
import { listEngineers } from "./people.queries";

export const ENGINEER_NOT_FOUND = "Engineer not found";
export const ADMINS_ONLY = "Only an admin can change another engineer's settings";

export interface EngineerChange {
  user_id?: number | undefined;
  is_available?: boolean | undefined;
  is_contributor?: boolean | undefined;
  is_on_call?: boolean | undefined;
}

/** An engineer's own availability, contributor flag and on-call state; an admin may set anyone's. */
export async function updateEngineer(tx: Executor, viewer: Viewer, change: EngineerChange) {
  assertEngineer(viewer);
  const userId = change.user_id ?? viewer.userId;
  if (userId !== viewer.userId && !viewer.isAdmin) throw forbidden(ADMINS_ONLY);
  const [current] = await listEngineers(tx, { userId });
  if (!current) throw notFound(ENGINEER_NOT_FOUND);
  const next = {
    isAvailable: change.is_available ?? current.is_available,
    isContributor: change.is_contributor ?? current.is_contributor,
    isOnCall: change.is_on_call ?? current.is_on_call,
  };
  await tx
    .insert(engineerSettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: engineerSettings.userId, set: { ...next, updatedAt: sql`now()` } });
  return {
    ...current,
    is_available: next.isAvailable,
    is_contributor: next.isContributor,
    is_on_call: next.isOnCall,
  };
}
