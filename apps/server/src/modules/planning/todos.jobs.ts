/**
 * The TODO_DUE alert: a durable job (ctx.jobs) per todo with a due date, due at 08:00 UTC of that
 * date. Changing the date replaces the job; deleting the todo removes it. When it runs, a todo
 * that is done, deleted or has another due date by then raises nothing; otherwise its owner (else
 * its creator) gets one TODO_DUE alert, pushed after the job's transaction commits.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { jobs, todos } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { pushAlerts, raiseAlerts } from "../alerts/alerts.service";

export const TODO_DUE_JOB = "todos.due";
/** The hour (UTC) of the due date when the alert goes out. */
export const TODO_DUE_HOUR_UTC = 8;

const ZTodoDueJob = z.object({ todo_id: z.number(), due_date: z.string() });

/** 08:00 UTC of a yyyy-mm-dd date. */
export const dueAlertAt = (dueDate: string) =>
  new Date(`${dueDate}T${String(TODO_DUE_HOUR_UTC).padStart(2, "0")}:00:00Z`);

/** Drops the todo's pending alert job, if any. */
export async function unplanDueAlert(tx: Executor, todoId: number) {
  await tx
    .delete(jobs)
    .where(and(eq(jobs.kind, TODO_DUE_JOB), sql`${jobs.payload}->>'todo_id' = ${String(todoId)}`));
}

/** (Re)plans the todo's alert for its due date, in the caller's transaction; none without a date. */
export async function planDueAlert(ctx: AppContext, tx: Executor, todoId: number, dueDate: string | null) {
  await unplanDueAlert(tx, todoId);
  if (dueDate !== null) {
    await ctx.jobs.enqueue(tx, TODO_DUE_JOB, { todo_id: todoId, due_date: dueDate }, dueAlertAt(dueDate));
  }
}

export function registerTodoJobs(ctx: AppContext) {
  ctx.jobs.register(TODO_DUE_JOB, async (tx, payload, afterCommit) => {
    const job = ZTodoDueJob.parse(payload);
    const [todo] = await tx
      .select()
      .from(todos)
      .where(and(eq(todos.id, job.todo_id), eq(todos.isDone, false), eq(todos.dueDate, job.due_date)));
    const recipient = todo?.ownerId ?? todo?.createdBy;
    if (!todo || recipient == null) return;
    const raised = await raiseAlerts(tx, {
      type: "TODO_DUE",
      userIds: [recipient],
      message: `Todo due ${todo.dueDate}: ${todo.title}`,
      link: "/todos",
      issueNumber: todo.issueNumber,
      data: { todo_id: todo.id, due_date: todo.dueDate },
    });
    afterCommit(() => void pushAlerts(ctx.realtime, null, raised));
  });
}
