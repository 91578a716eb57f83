/**
 * Todos (spec §3 Todo; §7.2 todos CRUD), write side. Each command runs in the caller's
 * transaction after todoAccess let the viewer in: the todo, its event on a linked issue
 * (todo_created, todo_done) and its due alert's job. Members of the account and engineers may
 * do all of it.
 */
import type { TIssueEvent } from "@portico/shared/schemas/issue-work";
import {
  TODO_MESSAGES,
  type ZCreateTodoRequest,
  type ZUpdateTodoRequest,
} from "@portico/shared/schemas/todos";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { accounts, memberships, todos, users } from "../../db/schema";
import { findAccountScope, isEngineerSql, type Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { badRequest, notFound } from "../../platform/errors";
import { ACCOUNT_NOT_FOUND, ISSUE_NOT_FOUND } from "../conversations/conversations.policy";
import { recordEvent } from "../conversations/issue-events";
import { findIssue } from "../conversations/issues.queries";
import { planDueAlert, unplanDueAlert } from "./todos.jobs";
import { inScope, type TodoAccess } from "./todos.policy";
import { getTodo } from "./todos.queries";

type CreateInput = z.output<typeof ZCreateTodoRequest>;
type UpdateInput = z.output<typeof ZUpdateTodoRequest>;

export const msgIndexPastEnd = (last: number) => `msg_index is past the last message (${last})`;

/** 400 ownerCannotSee unless the owner is enabled and a member of the account or an engineer. */
async function assertOwnerMaySee(tx: Executor, accountId: number, ownerId: number) {
  const [row] = await tx
    .select({
      sees: sql<boolean>`(not ${users.isDisabled}) and (${isEngineerSql(users.id)} or exists (
        select 1 from ${memberships} where ${memberships.userId} = ${users.id}
          and ${memberships.accountId} = ${accountId}))`,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!row?.sees) throw badRequest(TODO_MESSAGES.ownerCannotSee);
}

/**
 * The account a new todo goes to: the one acted on; an engineer without `aid` linking an issue
 * gets the issue's account, without either their own default organization.
 */
async function targetAccount(tx: Executor, viewer: Viewer, access: TodoAccess, issueNumber: number | null) {
  if (access.accountId !== null) return access.accountId;
  if (issueNumber !== null) {
    const issue = await findIssue(tx, issueNumber);
    if (!issue) throw notFound(ISSUE_NOT_FOUND);
    return issue.accountId;
  }
  const own = findAccountScope(viewer, undefined);
  if (!own) throw notFound(ACCOUNT_NOT_FOUND);
  return own.accountId;
}

/** POST /todos?aid */
export async function createTodo(
  ctx: AppContext,
  tx: Executor,
  viewer: Viewer,
  access: TodoAccess,
  input: CreateInput,
) {
  const accountId = await targetAccount(tx, viewer, access, input.issue_number ?? null);
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  let issueNumber: number | null = null;
  if (input.issue_number != null) {
    const issue = await findIssue(tx, input.issue_number);
    if (!issue || issue.accountId !== accountId) throw notFound(ISSUE_NOT_FOUND);
    if (input.msg_index != null && input.msg_index > issue.lastMessageIndex) {
      throw badRequest(msgIndexPastEnd(issue.lastMessageIndex));
    }
    issueNumber = issue.issueNumber;
  }
  if (input.owner_id != null) await assertOwnerMaySee(tx, accountId, input.owner_id);
  const [row] = await tx
    .insert(todos)
    .values({
      accountId,
      title: input.title,
      description: input.description,
      ownerId: input.owner_id ?? null,
      issueNumber,
      msgIndex: input.msg_index ?? null,
      dueDate: input.due_date ?? null,
      createdBy: viewer.userId,
    })
    .returning();
  if (!row) throw new Error("createTodo: nothing inserted");
  if (row.dueDate !== null) await planDueAlert(ctx, tx, row.id, row.dueDate);
  const events: TIssueEvent[] =
    issueNumber === null
      ? []
      : [
          await recordEvent(tx, issueNumber, viewer, {
            type: "todo_created",
            todo_id: row.id,
            title: row.title,
          }),
        ];
  return { todo: await getTodo(tx, row.id), events };
}

/** The todo if the viewer reaches it, locked for the change; 404 todoNotFound otherwise. */
async function todoInScope(tx: Executor, access: TodoAccess, todoId: number) {
  const [row] = await tx.select().from(todos).where(eq(todos.id, todoId)).for("update");
  if (!row || !inScope(access.scope, row.accountId)) throw notFound(TODO_MESSAGES.todoNotFound);
  return row;
}

/** PUT /todos/:todoId: null clears owner or due date; done records todo_done on its issue. */
export async function updateTodo(
  ctx: AppContext,
  tx: Executor,
  viewer: Viewer,
  access: TodoAccess,
  todoId: number,
  input: UpdateInput,
) {
  const before = await todoInScope(tx, access, todoId);
  if (input.owner_id != null) await assertOwnerMaySee(tx, before.accountId, input.owner_id);
  const becomesDone = input.is_done === true && !before.isDone;
  const [row] = await tx
    .update(todos)
    .set({
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.owner_id === undefined ? {} : { ownerId: input.owner_id }),
      ...(input.due_date === undefined ? {} : { dueDate: input.due_date }),
      ...(input.is_done === undefined || input.is_done === before.isDone
        ? {}
        : { isDone: input.is_done, doneAt: input.is_done ? sql`clock_timestamp()` : null }),
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(todos.id, todoId))
    .returning();
  if (!row) throw notFound(TODO_MESSAGES.todoNotFound);
  if (row.dueDate !== before.dueDate) await planDueAlert(ctx, tx, row.id, row.dueDate);
  const events: TIssueEvent[] =
    becomesDone && row.issueNumber !== null
      ? [
          await recordEvent(tx, row.issueNumber, viewer, {
            type: "todo_done",
            todo_id: row.id,
            title: row.title,
          }),
        ]
      : [];
  return { todo: await getTodo(tx, row.id), events };
}

/** DELETE /todos/:todoId: the todo and its pending due alert. */
export async function deleteTodo(tx: Executor, access: TodoAccess, todoId: number) {
  await todoInScope(tx, access, todoId);
  await tx.delete(todos).where(eq(todos.id, todoId));
  await unplanDueAlert(tx, todoId);
}
