/**
 * /todos (spec §2.2, §3 Todo): the organization's todos, Open / Done / All and "Mine only"; add,
 * edit, mark done (or open again), delete after a confirmation. Overdue ones say so; one linked to
 * a message opens the conversation on that message. Hidden where the shared isFeatureAllowed
 * ("todo") says no (the server refuses those calls too).
 */

import { formatDisplayDate } from "@portico/shared/rules/date-input";
import { TODO_MESSAGES, TODO_STATUSES } from "@portico/shared/schemas/todos";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import ListTodo from "lucide-react/icons/list-todo";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { EmptyState } from "../../components/ui/empty-state";
import { IconButton } from "../../components/ui/icon-button";
import { PageHeader } from "../../components/ui/page-header";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import {
  planningKeys,
  TODOS_PAGE_SIZE,
  type TodoListParams,
  type TodoStatus,
  type TTodo,
  todoLink,
  todoListQuery,
  todosApi,
  useTodoGate,
} from "../conversations/planning-api";
import { TodoDialog, type TodoDraft } from "./todo-dialog";

const STATUS_LABELS: Record<TodoStatus, string> = { open: "Open", done: "Done", all: "All" };

function TodoRow({ todo, onEdit }: { todo: TTodo; onEdit: (todo: TTodo) => void }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (done: boolean) => todosApi.update(todo, { is_done: done }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: planningKeys.todos });
      toast.success(saved.is_done ? `“${saved.title}” is done.` : `“${saved.title}” is open again.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => todosApi.remove(todo),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planningKeys.todos });
      toast.success(`Todo “${todo.title}” deleted.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const link = todoLink(todo);
  const checkboxId = `todo-${todo.id}-done`;
  return (
    <li
      aria-label={todo.title}
      className="flex items-start gap-3 rounded-lg border bg-card px-4 py-3"
      data-testid="todo"
    >
      <Checkbox
        id={checkboxId}
        aria-label={todo.is_done ? `Open “${todo.title}” again` : `Mark “${todo.title}” done`}
        className="mt-1"
        checked={toggle.isPending ? !todo.is_done : todo.is_done}
        disabled={toggle.isPending}
        onCheckedChange={(checked) => toggle.mutate(checked === true)}
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={
              todo.is_done
                ? "font-medium break-words text-muted-foreground line-through"
                : "font-medium break-words text-foreground"
            }
          >
            {todo.title}
          </span>
          {todo.is_done && <Badge variant="success">Done</Badge>}
          {todo.overdue && <Badge variant="danger">Overdue</Badge>}
        </div>
        {todo.description && (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{todo.description}</p>
        )}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>Owner: {todo.owner?.name ?? "nobody"}</span>
          {todo.due_date && (
            <span className={todo.overdue ? "font-medium text-danger" : undefined}>
              Due {formatDisplayDate(todo.due_date) ?? todo.due_date}
            </span>
          )}
          {link && (
            <Link to={link} className="font-medium text-link underline-offset-2 hover:underline">
              {todo.msg_index !== null
                ? `#${todo.issue_number}, message ${todo.msg_index}`
                : `#${todo.issue_number}`}
            </Link>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-0.5">
        <IconButton
          label={`Edit “${todo.title}”`}
          icon={Pencil}
          size="icon-sm"
          onClick={() => onEdit(todo)}
        />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="icon-sm" aria-label={`Delete “${todo.title}”`}>
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Delete this todo?"
          description={`“${todo.title}” is deleted for everyone in the organization.`}
          confirmLabel="Delete todo"
          onConfirm={() => remove.mutateAsync()}
        />
      </div>
    </li>
  );
}

function TodoList({
  params,
  onPage,
  onAdd,
  onEdit,
}: {
  params: TodoListParams;
  onPage: (page: number) => void;
  onAdd: () => void;
  onEdit: (todo: TTodo) => void;
}) {
  const [aid] = usePersisted("selectedAccountId");
  const todos = useQuery(todoListQuery(aid, params));
  if (todos.isError) return <QueryError query={todos} />;
  if (todos.isPending)
    return (
      <LoadingRegion label="Loading todos" className="space-y-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </LoadingRegion>
    );
  const { items, total } = todos.data;
  if (items.length === 0)
    return (
      <EmptyState
        icon={ListTodo}
        title={
          params.status === "done"
            ? "Nothing done yet"
            : params.status === "open"
              ? "No open todos"
              : "No todos yet"
        }
        description={
          params.mine
            ? "None of them is yours. Show everyone's, or add one."
            : "Add one here, or from a message's menu in an issue."
        }
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" />
            Add todo
          </Button>
        }
      />
    );
  const pages = Math.max(1, Math.ceil(total / TODOS_PAGE_SIZE));
  return (
    <div className="space-y-3">
      <ul aria-label="Todos" className="space-y-2">
        {items.map((todo) => (
          <TodoRow key={todo.id} todo={todo} onEdit={onEdit} />
        ))}
      </ul>
      <Pager page={params.page} pages={pages} onPage={onPage} />
    </div>
  );
}

export default function TodosScreen() {
  const { data: user } = useCurrentUser();
  const gate = useTodoGate();
  const [status, setStatus] = useState<TodoStatus>("open");
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<TodoDraft | null>(null);

  if (gate === "denied") {
    return (
      <>
        <PageHeader title="Todos" />
        <EmptyState
          icon={ListTodo}
          title="Todos are not available"
          description={<p>{TODO_MESSAGES.notAvailable}</p>}
          action={
            <Link to="/issues" className={buttonVariants({ variant: "secondary" })}>
              Go to Issues
              <ArrowRight aria-hidden="true" />
            </Link>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Todos"
        description="What your organization still has to do, and who does it."
        actions={
          <Button onClick={() => setDraft({ mode: "create" })} disabled={!user}>
            <Plus aria-hidden="true" />
            Add todo
          </Button>
        }
      />
      <Tabs
        value={status}
        onValueChange={(value) => {
          setStatus(value as TodoStatus);
          setPage(1);
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Which todos">
            {TODO_STATUSES.map((s) => (
              <TabsTrigger key={s} value={s}>
                {STATUS_LABELS[s]}
              </TabsTrigger>
            ))}
          </TabsList>
          <SwitchField
            label="Mine only"
            checked={mine}
            onCheckedChange={(checked) => {
              setMine(checked);
              setPage(1);
            }}
          />
        </div>
        {TODO_STATUSES.map((s) => (
          // Every panel exists (each tab controls one); only the chosen one is filled.
          <TabsContent key={s} value={s} forceMount hidden={s !== status}>
            {s !== status ? null : user && gate === "allowed" ? (
              <TodoList
                params={{ status, mine, page }}
                onPage={setPage}
                onAdd={() => setDraft({ mode: "create" })}
                onEdit={(todo) => setDraft({ mode: "edit", todo })}
              />
            ) : (
              <LoadingRegion label="Loading todos" className="space-y-2">
                <Skeleton className="h-16 w-full" />
              </LoadingRegion>
            )}
          </TabsContent>
        ))}
      </Tabs>
      {user && <TodoDialog draft={draft} accountId={user.accountId ?? 0} onClose={() => setDraft(null)} />}
    </>
  );
}
