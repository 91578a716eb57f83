/**
 * Todos read model (spec §3 Todo; §7.2 todos, summary): each todo with its owner's and creator's
 * names. "Today" is the UTC date, for overdue and due today alike.
 */
import type { TTodo } from "@portico/shared/schemas/todos";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { todos, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { DELETED_USER, type IssueScope } from "../conversations/issues.queries";

/** Today's date in UTC, yyyy-mm-dd. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

const owner = alias(users, "owner");
const creator = alias(users, "creator");

function selectTodos(exec: Executor) {
  return exec
    .select({ todo: todos, ownerName: owner.name, creatorName: creator.name })
    .from(todos)
    .leftJoin(owner, eq(owner.id, todos.ownerId))
    .leftJoin(creator, eq(creator.id, todos.createdBy));
}

type TodoRow = Awaited<ReturnType<ReturnType<typeof selectTodos>["execute"]>>[number];

const iso = (d: Date | string) => new Date(d).toISOString();

function present(row: TodoRow, today: string): TTodo {
  const t = row.todo;
  return {
    id: t.id,
    account_id: t.accountId,
    title: t.title,
    description: t.description,
    owner: t.ownerId === null ? null : { user_id: t.ownerId, name: row.ownerName ?? DELETED_USER },
    issue_number: t.issueNumber,
    msg_index: t.msgIndex,
    due_date: t.dueDate,
    is_done: t.isDone,
    done_at: t.doneAt === null ? null : iso(t.doneAt),
    overdue: !t.isDone && t.dueDate !== null && t.dueDate < today,
    created_by: { user_id: t.createdBy, name: row.creatorName ?? DELETED_USER },
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

const scopeFilter = (scope: IssueScope) =>
  "all" in scope ? undefined : inArray(todos.accountId, scope.accountIds);

export async function getTodo(exec: Executor, todoId: number): Promise<TTodo> {
  const [row] = await selectTodos(exec).where(eq(todos.id, todoId));
  if (!row) throw new Error(`getTodo: todo ${todoId} not found`);
  return present(row, todayUtc());
}

export interface TodoListOptions {
  status: "open" | "done" | "all";
  ownerId: number | undefined;
  issueNumber: number | undefined;
  page: number;
  pageSize: number;
}

/** Open: due date first (none last); done: the newest done first; all: open before done. */
const ORDER: Record<TodoListOptions["status"], SQL[]> = {
  open: [sql`${todos.dueDate} asc nulls last`, asc(todos.id)],
  done: [sql`${todos.doneAt} desc nulls last`, desc(todos.id)],
  all: [
    asc(todos.isDone),
    sql`${todos.dueDate} asc nulls last`,
    sql`${todos.doneAt} desc nulls last`,
    asc(todos.id),
  ],
};

export async function listTodos(exec: Executor, scope: IssueScope, opts: TodoListOptions) {
  const where = and(
    scopeFilter(scope),
    opts.status === "all" ? undefined : eq(todos.isDone, opts.status === "done"),
    opts.ownerId === undefined ? undefined : eq(todos.ownerId, opts.ownerId),
    opts.issueNumber === undefined ? undefined : eq(todos.issueNumber, opts.issueNumber),
  );
  const today = todayUtc();
  const [rows, [total]] = await Promise.all([
    selectTodos(exec)
      .where(where)
      .orderBy(...ORDER[opts.status])
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    exec.select({ n: count() }).from(todos).where(where),
  ]);
  return {
    items: rows.map((r) => present(r, today)),
    total: total?.n ?? 0,
    page: opts.page,
    page_size: opts.pageSize,
  };
}

/** The shell's counts, in one statement. */
export async function todoSummary(exec: Executor, scope: IssueScope, viewerId: number) {
  const today = todayUtc();
  const open = sql`not ${todos.isDone}`;
  const [row] = await exec
    .select({
      open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${open} and ${todos.dueDate} < ${today})`.mapWith(Number),
      due_today: sql<number>`count(*) filter (where ${open} and ${todos.dueDate} = ${today})`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${open} and ${todos.ownerId} = ${viewerId})`.mapWith(Number),
    })
    .from(todos)
    .where(scopeFilter(scope));
  return row ?? { open: 0, overdue: 0, due_today: 0, mine: 0 };
}
