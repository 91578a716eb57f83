/**
 * Creating and editing a todo: title, description, owner (the organization's members and the
 * engineers), due date (the kit's date picker) and, when creating, a link to an issue and one of
 * its messages (prefilled by "Add todo" in a message's menu). Checked by the shared
 * ZCreateTodoRequest with its messages; a refusal shows in the dialog, a success as a toast.
 */
import { ZCreateTodoRequest } from "@portico/shared/schemas/todos";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Combobox } from "../../components/ui/combobox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { FormDatePicker, requestResolver } from "../conversations/components/form-parts";
import { planningKeys, type TTodo, todosApi } from "../conversations/planning-api";
import { usePeopleSearch } from "../conversations/work-api";

export interface TodoValues {
  title: string;
  description: string;
  owner: { user_id: number; name: string } | null;
  due_date: string | null;
  issue_number: string;
  msg_index: string;
}

/** What the dialog starts from: a todo to edit, or a new one (maybe linked to a message). */
export type TodoDraft =
  | { mode: "edit"; todo: TTodo }
  | { mode: "create"; issueNumber?: number; msgIndex?: number; accountId?: number };

const numberOrNull = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

export function todoRequest(values: TodoValues) {
  return {
    title: values.title,
    description: values.description,
    owner_id: values.owner?.user_id ?? null,
    due_date: values.due_date,
    issue_number: numberOrNull(values.issue_number),
    msg_index: numberOrNull(values.msg_index),
  };
}

const EMPTY_VALUES: TodoValues = {
  title: "",
  description: "",
  owner: null,
  due_date: null,
  issue_number: "",
  msg_index: "",
};

const todoResolver = requestResolver<TodoValues>(ZCreateTodoRequest, todoRequest, (field) =>
  field === "owner_id" ? "owner" : field in EMPTY_VALUES ? (field as keyof TodoValues) : undefined,
);

function initialValues(draft: TodoDraft): TodoValues {
  if (draft.mode === "edit") {
    const { todo } = draft;
    return {
      title: todo.title,
      description: todo.description,
      owner: todo.owner?.user_id ? { user_id: todo.owner.user_id, name: todo.owner.name } : null,
      due_date: todo.due_date,
      issue_number: todo.issue_number === null ? "" : String(todo.issue_number),
      msg_index: todo.msg_index === null ? "" : String(todo.msg_index),
    };
  }
  return {
    ...EMPTY_VALUES,
    issue_number: draft.issueNumber ? String(draft.issueNumber) : "",
    msg_index: draft.msgIndex ? String(draft.msgIndex) : "",
  };
}

const NOBODY = "none";

function OwnerField({
  accountId,
  value,
  onChange,
  error,
}: {
  accountId: number;
  value: TodoValues["owner"];
  onChange: (owner: TodoValues["owner"]) => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState("");
  const people = usePeopleSearch(accountId, search);
  const items = people.data?.items ?? [];
  const options = [
    { value: NOBODY, label: "Nobody" },
    ...items.map((p) => ({
      value: String(p.user_id),
      label: p.is_engineer ? `${p.name} (engineer)` : p.name,
    })),
  ];
  return (
    <Field label="Owner" error={error}>
      {(control) => (
        <Combobox
          {...control}
          options={options}
          value={value ? String(value.user_id) : NOBODY}
          selectedLabel={value?.name}
          onValueChange={(v) => {
            if (v === NOBODY) return onChange(null);
            const person = items.find((p) => String(p.user_id) === v);
            if (person) onChange({ user_id: person.user_id, name: person.name });
          }}
          onSearchChange={setSearch}
          loading={people.isFetching && !people.data}
          placeholder="Nobody"
          searchPlaceholder="Search people…"
          emptyText={people.isError ? errorMessage(people.error) : "Nobody found by that name."}
        />
      )}
    </Field>
  );
}

function TodoForm({ draft, accountId, onDone }: { draft: TodoDraft; accountId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const editing = draft.mode === "edit" ? draft.todo : null;
  const form = useForm<TodoValues>({ resolver: todoResolver, defaultValues: initialValues(draft) });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: TodoValues) => {
      const body = todoRequest(values);
      if (editing)
        return todosApi.update(editing, {
          title: body.title,
          description: body.description,
          owner_id: body.owner_id,
          due_date: body.due_date,
        });
      return todosApi.create(body as Parameters<typeof todosApi.create>[0], accountId);
    },
    onSuccess: (todo) => {
      void queryClient.invalidateQueries({ queryKey: planningKeys.todos });
      toast.success(editing ? `Todo “${todo.title}” saved.` : `Todo “${todo.title}” added.`);
      onDone();
    },
  });
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField label="Title" autoComplete="off" error={errors.title?.message} {...form.register("title")} />
      <TextareaField
        label="Description"
        rows={3}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <Controller
        control={form.control}
        name="owner"
        render={({ field }) => (
          <OwnerField
            accountId={editing?.account_id ?? accountId}
            value={field.value}
            onChange={field.onChange}
            error={errors.owner?.message}
          />
        )}
      />
      <FormDatePicker
        control={form.control}
        name="due_date"
        label="Due date"
        error={errors.due_date?.message}
      />
      {editing ? (
        editing.issue_number !== null && (
          <p className="text-sm text-muted-foreground">
            Linked to #{editing.issue_number}
            {editing.msg_index !== null ? `, message ${editing.msg_index}` : ""}.
          </p>
        )
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Issue number"
            inputMode="numeric"
            autoComplete="off"
            hint="Optional: the issue it belongs to."
            error={errors.issue_number?.message}
            {...form.register("issue_number")}
          />
          <TextField
            label="Message number"
            inputMode="numeric"
            autoComplete="off"
            hint="Optional: a message of that issue."
            error={errors.msg_index?.message}
            {...form.register("msg_index")}
          />
        </div>
      )}
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {editing ? "Save todo" : "Add todo"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The todo dialog, controlled: open while `draft` is set. */
export function TodoDialog({
  draft,
  accountId,
  onClose,
}: {
  draft: TodoDraft | null;
  /** The organization of a new todo (an issue's account for one linked to it). */
  accountId: number;
  onClose: () => void;
}) {
  const linked = draft?.mode === "create" && draft.issueNumber !== undefined;
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{draft?.mode === "edit" ? "Edit todo" : "Add todo"}</DialogTitle>
          <DialogDescription>
            {linked && draft?.mode === "create"
              ? `Something to do about #${draft.issueNumber}${draft.msgIndex ? `, message ${draft.msgIndex}` : ""}.`
              : "Something to do, with an owner and a due date if you like."}
          </DialogDescription>
        </DialogHeader>
        {draft && (
          <TodoForm
            draft={draft}
            accountId={draft.mode === "create" ? (draft.accountId ?? accountId) : accountId}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
