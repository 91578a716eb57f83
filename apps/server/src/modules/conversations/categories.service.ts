/**
 * Issue categories (spec §3 Category, §7.1 issue-categories, §7.2 category): a vendor-wide
 * catalogue with levels, an issue's one category, and each engineer's one expertise category
 * (which suggests them as assignee of issues of that category). Engineers' own: customers never
 * see a category.
 */
import {
  ISSUE_WORK_MESSAGES as M,
  type TCategory,
  type TIssueEvent,
} from "@portico/shared/schemas/issue-work";
import { count, eq, sql } from "drizzle-orm";
import { issueCategories, issues, users } from "../../db/schema";
import { isEngineerSql, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { type EventActor, recordEvent } from "./issue-events";
import { lockIssue, recordEventOnIssues, unlessNameTaken } from "./issue-work.service";
import type { IssueRow } from "./issues.queries";

export const USER_NOT_FOUND = "User not found";
export const EXPERTISE_OWN_ONLY = "Only an admin can set another engineer's expertise";

const CATEGORY = {
  id: issueCategories.id,
  name: issueCategories.name,
  description: issueCategories.description,
  level: issueCategories.level,
};

/** GET /api/issue-categories: by level, then name whatever its case, with their usage. */
export async function listCategories(exec: Executor) {
  const items = await exec
    .select({
      ...CATEGORY,
      // Aliased: inside a selected subquery a bare column name would be the inner table's.
      issue_count: sql<number>`(select count(*)::int from ${issues} i where i.category_id = ${issueCategories}.id)`,
      expert_count: sql<number>`(select count(*)::int from ${users} u where u.expertise_category_id = ${issueCategories}.id)`,
    })
    .from(issueCategories)
    .orderBy(issueCategories.level, sql`lower(${issueCategories.name})`, issueCategories.id);
  return { items };
}

export async function findCategory(exec: Executor, categoryId: number): Promise<TCategory> {
  const [category] = await exec
    .select(CATEGORY)
    .from(issueCategories)
    .where(eq(issueCategories.id, categoryId));
  if (!category) throw notFound(M.categoryNotFound);
  return category;
}

export async function createCategory(
  tx: Executor,
  input: { name: string; description: string; level: number },
): Promise<TCategory> {
  const [category] = await tx.insert(issueCategories).values(input).onConflictDoNothing().returning(CATEGORY);
  if (!category) throw conflict(M.categoryExists);
  return category;
}

export async function updateCategory(
  tx: Executor,
  categoryId: number,
  change: { name?: string | undefined; description?: string | undefined; level?: number | undefined },
): Promise<TCategory> {
  const [updated] = await unlessNameTaken(
    tx
      .update(issueCategories)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(issueCategories.id, categoryId))
      .returning(CATEGORY),
    M.categoryExists,
  );
  if (!updated) throw notFound(M.categoryNotFound);
  return updated;
}

/**
 * Deletes a category. Refused while issues have it, unless `force`: then those issues lose it
 * (each records the change) and so do the engineers whose expertise it was (the foreign keys
 * set both to null).
 */
export async function deleteCategory(
  tx: Executor,
  actor: EventActor,
  categoryId: number,
  force: boolean,
): Promise<TIssueEvent[]> {
  const [category] = await tx
    .select(CATEGORY)
    .from(issueCategories)
    .where(eq(issueCategories.id, categoryId))
    .for("update");
  if (!category) throw notFound(M.categoryNotFound);
  const [usage] = await tx.select({ n: count() }).from(issues).where(eq(issues.categoryId, categoryId));
  const carriers = usage?.n ?? 0;
  if (carriers > 0 && !force) throw conflict(M.categoryInUse(carriers));
  const events =
    carriers === 0
      ? []
      : await recordEventOnIssues(
          tx,
          sql`select ${issues.issueNumber} from ${issues} where ${issues.categoryId} = ${categoryId}`,
          actor,
          {
            type: "categorised",
            from: { id: category.id, name: category.name },
            to: null,
          },
        );
  await tx.delete(issueCategories).where(eq(issueCategories.id, categoryId));
  return events;
}

/** PUT …/issue/:id/category: null clears it; the same category again changes nothing. */
export async function setIssueCategory(
  tx: Executor,
  actor: EventActor,
  issue: IssueRow,
  categoryId: number | null,
): Promise<TIssueEvent[]> {
  await lockIssue(tx, issue.issueNumber);
  const to = categoryId === null ? null : await findCategory(tx, categoryId);
  const [current] = await tx
    .select({ id: issueCategories.id, name: issueCategories.name })
    .from(issues)
    .leftJoin(issueCategories, eq(issueCategories.id, issues.categoryId))
    .where(eq(issues.issueNumber, issue.issueNumber));
  const from = current?.id == null ? null : { id: current.id, name: current.name ?? "" };
  if ((from?.id ?? null) === categoryId) return [];
  await tx.update(issues).set({ categoryId }).where(eq(issues.issueNumber, issue.issueNumber));
  return [
    await recordEvent(tx, issue.issueNumber, actor, {
      type: "categorised",
      from,
      to: to && { id: to.id, name: to.name },
    }),
  ];
}

/* ---------------------------------------------------------------- expertise */

/** The user's expertise: 404 for no such user, 400 for someone who is not an engineer. */
export async function getExpertise(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ isEngineer: isEngineerSql(users.id), category: CATEGORY })
    .from(users)
    .leftJoin(issueCategories, eq(issueCategories.id, users.expertiseCategoryId))
    .where(eq(users.id, userId));
  if (!row) throw notFound(USER_NOT_FOUND);
  if (!row.isEngineer) throw badRequest(M.expertiseEngineersOnly);
  return { user_id: userId, category: row.category?.id == null ? null : (row.category as TCategory) };
}

/**
 * The expertise a user may be given: only an engineer has one, and only a category that exists
 * (the profile form's expertise_category_id goes through this too).
 */
export async function assertExpertiseAllowed(exec: Executor, isEngineer: boolean, categoryId: number | null) {
  if (!isEngineer) throw badRequest(M.expertiseEngineersOnly);
  if (categoryId !== null) await findCategory(exec, categoryId);
}

/** PUT /api/users/:id/expertise: an engineer their own, an admin any engineer's. */
export async function setExpertise(tx: Executor, viewer: Viewer, userId: number, categoryId: number | null) {
  if (userId !== viewer.userId && !viewer.isAdmin) throw forbidden(EXPERTISE_OWN_ONLY);
  // No such user: 404; not an engineer: 400.
  await getExpertise(tx, userId);
  if (categoryId !== null) await findCategory(tx, categoryId);
  await tx
    .update(users)
    .set({ expertiseCategoryId: categoryId, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getExpertise(tx, userId);
}
