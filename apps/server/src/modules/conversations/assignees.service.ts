/**
 * Assignees (spec §7.2 assignees, §6: engineers assign engineers): who owns an issue. An
 * assignee also follows the issue. Suggestions come from the engineers' expertise category.
 */
import {
  ASSIGNEES_PER_ISSUE_MAX,
  ISSUE_WORK_MESSAGES as M,
  type TIssueEvent,
  type TIssuePerson,
} from "@portico/shared/schemas/issue-work";
import { and, eq, notExists, sql } from "drizzle-orm";
import { engineerSettings, issueAssignees, issueFollowers, users } from "../../db/schema";
import { isEngineerSql } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";
import { type EventActor, recordEvent } from "./issue-events";
import { lockIssue } from "./issue-work.service";
import type { IssueRow } from "./issues.queries";

/**
 * Engineers to suggest for the issue: enabled, available (no settings yet counts as available),
 * expert in the issue's category, not assigned yet. None while it has no category.
 */
export async function suggestedAssignees(
  exec: Executor,
  issue: IssueRow,
  online: ReadonlySet<number>,
): Promise<TIssuePerson[]> {
  if (issue.categoryId === null) return [];
  const rows = await exec
    .select({ id: users.id, name: users.name })
    .from(users)
    .leftJoin(engineerSettings, eq(engineerSettings.userId, users.id))
    .where(
      and(
        eq(users.expertiseCategoryId, issue.categoryId),
        eq(users.isDisabled, false),
        sql`coalesce(${engineerSettings.isAvailable}, true)`,
        isEngineerSql(users.id),
        notExists(
          exec
            .select({ one: sql`1` })
            .from(issueAssignees)
            .where(
              and(eq(issueAssignees.issueNumber, issue.issueNumber), eq(issueAssignees.userId, users.id)),
            ),
        ),
      ),
    )
    .orderBy(sql`lower(${users.name})`, users.id);
  return rows.map((r) => ({
    user_id: r.id,
    name: r.name,
    is_engineer: true,
    online: online.has(r.id),
    since: null,
  }));
}

/** Assigns an engineer (who then follows the issue too); assigning them again changes nothing. */
export async function assign(
  tx: Executor,
  actor: EventActor,
  issueNumber: number,
  userId: number,
): Promise<TIssueEvent[]> {
  await lockIssue(tx, issueNumber);
  const [user] = await tx
    .select({ name: users.name, isDisabled: users.isDisabled, isEngineer: isEngineerSql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isEngineer) throw badRequest(M.notAnEngineer);
  if (user.isDisabled) throw badRequest(M.engineerDisabled);
  const assigned = await tx
    .select({ userId: issueAssignees.userId })
    .from(issueAssignees)
    .where(eq(issueAssignees.issueNumber, issueNumber));
  if (assigned.some((a) => a.userId === userId)) return [];
  if (assigned.length >= ASSIGNEES_PER_ISSUE_MAX) throw badRequest(M.tooManyAssignees);
  await tx.insert(issueAssignees).values({ issueNumber, userId, assignedBy: actor.userId });
  await tx.insert(issueFollowers).values({ issueNumber, userId }).onConflictDoNothing();
  return [
    await recordEvent(tx, issueNumber, actor, {
      type: "assigned",
      user: { user_id: userId, name: user.name },
    }),
  ];
}

/** Unassigns someone; one who is not assigned changes nothing. They keep following the issue. */
export async function unassign(
  tx: Executor,
  actor: EventActor,
  issueNumber: number,
  userId: number,
): Promise<TIssueEvent[]> {
  const [removed] = await tx
    .delete(issueAssignees)
    .where(and(eq(issueAssignees.issueNumber, issueNumber), eq(issueAssignees.userId, userId)))
    .returning({ userId: issueAssignees.userId });
  if (!removed) return [];
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return [
    await recordEvent(tx, issueNumber, actor, {
      type: "unassigned",
      user: { user_id: userId, name: user?.name ?? "" },
    }),
  ];
}
