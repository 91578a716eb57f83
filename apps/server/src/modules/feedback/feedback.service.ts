/**
 * Feedback (issue 17): a user's rating and words about the portal, kept with the organization they
 * acted as; engineers read it filtered by rating, organization, words and days, with the average.
 */
import type { TFeedback, TFeedbackPage } from "@portico/shared/schemas/feedback";
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from "drizzle-orm";
import { accounts, feedback, users } from "../../db/schema";
import { findAccountScope, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";

export interface NewFeedback {
  rating: number;
  text: string;
  page?: string | undefined;
}

/**
 * The organization feedback is about: the one the request acts as (`aid`, a customer's own; 403
 * for another's, as everywhere), or the viewer's default. An engineer acting as a customer's
 * organization they do not belong to speaks for themselves: their own organization is kept, so
 * a customer's feedback list only ever holds its members' words. Null for a user of none.
 */
export function feedbackAccount(viewer: Viewer, aid: number | undefined): number | null {
  const scope = findAccountScope(viewer, aid);
  if (scope && scope.role === null) return findAccountScope(viewer, undefined)?.accountId ?? null;
  return scope?.accountId ?? null;
}

const FEEDBACK = {
  id: feedback.id,
  rating: feedback.rating,
  text: feedback.text,
  page: feedback.page,
  user_id: feedback.userId,
  user_name: users.name,
  user_email: users.email,
  account_id: feedback.accountId,
  company: accounts.company,
  created_at: feedback.createdAt,
};

type Row = Omit<TFeedback, "created_at"> & { created_at: Date };
const present = (row: Row): TFeedback => ({ ...row, created_at: row.created_at.toISOString() });

async function getFeedback(exec: Executor, id: number): Promise<TFeedback> {
  const [row] = await exec
    .select(FEEDBACK)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .leftJoin(accounts, eq(accounts.id, feedback.accountId))
    .where(eq(feedback.id, id));
  if (!row) throw new Error("feedback row vanished");
  return present(row);
}

export async function recordFeedback(
  tx: Executor,
  viewer: Viewer,
  accountId: number | null,
  input: NewFeedback,
): Promise<TFeedback> {
  const [row] = await tx
    .insert(feedback)
    .values({
      userId: viewer.userId,
      accountId,
      rating: input.rating,
      text: input.text,
      page: input.page ?? null,
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error("feedback insert returned nothing");
  return getFeedback(tx, row.id);
}

export interface FeedbackFilter {
  accountId?: number | undefined;
  rating?: number | undefined;
  q?: string | undefined;
  /** yyyy-mm-dd, inclusive, UTC days. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

/** Newest first; total and average_rating cover every row the filter matches. */
export async function listFeedback(exec: Executor, filter: FeedbackFilter): Promise<TFeedbackPage> {
  const where: SQL[] = [];
  if (filter.accountId !== undefined) where.push(eq(feedback.accountId, filter.accountId));
  if (filter.rating !== undefined) where.push(eq(feedback.rating, filter.rating));
  if (filter.q) where.push(ilike(feedback.text, containing(filter.q)));
  // Days are UTC days, whatever the session's time zone.
  if (filter.from !== undefined)
    where.push(gte(feedback.createdAt, sql`(${filter.from}::date)::timestamp at time zone 'UTC'`));
  if (filter.to !== undefined)
    where.push(lt(feedback.createdAt, sql`(${filter.to}::date + 1)::timestamp at time zone 'UTC'`));
  // Organizations being purged are out of sight everywhere.
  where.push(sql`(${feedback.accountId} is null or ${accounts.purgeStartedAt} is null)`);
  const condition = and(...where);
  const [rows, [totals]] = await Promise.all([
    exec
      .select(FEEDBACK)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .leftJoin(accounts, eq(accounts.id, feedback.accountId))
      .where(condition)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    exec
      .select({ total: count(), average: sql<string | null>`round(avg(${feedback.rating}), 2)` })
      .from(feedback)
      .leftJoin(accounts, eq(accounts.id, feedback.accountId))
      .where(condition),
  ]);
  const average = totals?.average;
  return {
    items: rows.map(present),
    total: totals?.total ?? 0,
    average_rating: average === null || average === undefined ? null : Number(average),
    page: filter.page,
    page_size: filter.pageSize,
  };
}
