/**
 * What the tag and category catalogues (engineers, from the queue's toolbar) share: the dialog
 * opened by a toolbar button, one form on top that creates an entry or edits the one chosen, and
 * the list with each entry's Edit and Delete. Deleting an entry that issues carry asks first.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import { Fragment, type ReactNode, useEffect, useState } from "react";
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from "react-hook-form";
import { ErrorAlert, QueryError } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { IconButton } from "../../../components/ui/icon-button";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { type ApiError, errorMessage, isApiError } from "../../../lib/api-client";

export interface CatalogueEntry {
  id: number;
  name: string;
  issue_count: number;
}

const issues = (count: number) => `${count} ${count === 1 ? "issue" : "issues"}`;

/** The question asked before deleting an entry (only when issues carry it). */
export function deleteQuestion(noun: string, count: number): string {
  return `This ${noun} is on ${issues(count)}. Delete it anyway?`;
}

export function CatalogueDialog({
  label,
  description,
  children,
}: {
  /** The toolbar button's text and the dialog's title. */
  label: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A failed save: a name taken (409) goes under the name field, anything else above the form.
 * Returns the message for the form's alert, or null when a field shows it.
 */
export function saveFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  nameField: Path<T>,
): string | null {
  if (isApiError(error) && error.status === 409) {
    setError(nameField, { message: error.error }, { shouldFocus: true });
    return null;
  }
  return errorMessage(error);
}

const capitalised = (noun: string) => `${noun[0]?.toUpperCase()}${noun.slice(1)}`;

interface CatalogueFormProps<F extends FieldValues, O extends { name: string }> {
  noun: string;
  /** The entry edited; null creates one. */
  editing: CatalogueEntry | null;
  form: UseFormReturn<F, unknown, O>;
  create: (values: O) => Promise<unknown>;
  update: (values: O & { id: number }) => Promise<unknown>;
  busy: boolean;
  /** What the form holds after a creation, ready for the next. */
  next: (saved: O) => F;
  /** Back to creating (after a save or Cancel). */
  onDone: () => void;
  children: ReactNode;
}

/**
 * The form on top of a catalogue: "New {noun}", or "Edit {noun} “name”" with the focus on the
 * name (it is mounted anew for each entry). A name taken shows under the name field.
 */
export function CatalogueForm<F extends FieldValues, O extends { name: string }>({
  noun,
  editing,
  form,
  create,
  update,
  busy,
  next,
  onDone,
  children,
}: CatalogueFormProps<F, O>) {
  const [failure, setFailure] = useState<string | null>(null);
  const { handleSubmit, reset, setError, setFocus } = form;
  const nameField = "name" as Path<F>;
  useEffect(() => {
    if (editing) setFocus(nameField);
  }, [editing, setFocus, nameField]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (editing) {
        await update({ ...values, id: editing.id });
        toast.success(`${capitalised(noun)} “${values.name}” saved.`);
        onDone();
      } else {
        await create(values);
        toast.success(`${capitalised(noun)} “${values.name}” created.`);
        reset(next(values));
      }
    } catch (error) {
      setFailure(saveFailure(error, setError, nameField));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 rounded-md border p-3">
      <h3 className="text-sm font-semibold text-foreground">
        {editing ? `Edit ${noun} “${editing.name}”` : `New ${noun}`}
      </h3>
      <ErrorAlert>{failure}</ErrorAlert>
      {children}
      <div className="flex justify-end gap-2">
        {editing && (
          <Button type="button" variant="secondary" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" busy={busy}>
          {editing ? `Save ${noun}` : `Add ${noun}`}
        </Button>
      </div>
    </form>
  );
}

interface CatalogueListProps<T extends CatalogueEntry> {
  query: UseQueryResult<{ items: T[] }, ApiError>;
  /** "tag", "category": in names and questions. */
  noun: string;
  /** The list's name ("Tags"). */
  label: string;
  empty: string;
  /** What the row shows of an entry (its name is part of it). */
  render: (entry: T) => ReactNode;
  onEdit: (entry: T) => void;
  /** Deletes it (with force when issues carry it, the user having agreed). */
  onDelete: (entry: T, force: boolean) => Promise<unknown>;
  /** Said after the question when deleting (what else the deletion clears). */
  deleteNote?: (entry: T) => string | undefined;
}

export function CatalogueList<T extends CatalogueEntry>({
  query,
  noun,
  label,
  empty,
  render,
  onEdit,
  onDelete,
  deleteNote,
}: CatalogueListProps<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  if (query.isError) return <QueryError query={query} />;
  if (!query.data)
    return (
      <LoadingRegion label={`Loading ${label.toLowerCase()}`} className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </LoadingRegion>
    );
  if (query.data.items.length === 0)
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        {empty}
      </p>
    );

  const remove = async (entry: T) => {
    setFailure(null);
    try {
      await onDelete(entry, entry.issue_count > 0);
      toast.success(`${capitalised(noun)} “${entry.name}” deleted.`);
    } catch (error) {
      // The question closes; the reason shows above the list. In use meanwhile: the new count.
      setFailure(errorMessage(error));
      if (isApiError(error) && error.status === 409) void query.refetch();
    }
  };

  return (
    <div className="space-y-2">
      <ErrorAlert>{failure}</ErrorAlert>
      <ul aria-label={label} className="divide-y rounded-md border">
        {query.data.items.map((entry) => {
          const note = deleteNote?.(entry);
          return (
            <li key={entry.id} className="flex items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">{render(entry)}</div>
              <span className="shrink-0 text-xs text-muted-foreground">{issues(entry.issue_count)}</span>
              <IconButton
                label={`Edit ${noun} ${entry.name}`}
                icon={Pencil}
                size="icon-sm"
                onClick={() => onEdit(entry)}
              />
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="icon-sm" aria-label={`Delete ${noun} ${entry.name}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                }
                title={`Delete ${noun} “${entry.name}”?`}
                description={
                  <>
                    {entry.issue_count > 0
                      ? deleteQuestion(noun, entry.issue_count)
                      : `No issue has this ${noun}.`}
                    {note && ` ${note}`}
                  </>
                }
                confirmLabel={`Delete ${noun}`}
                onConfirm={() => remove(entry)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A catalogue: its form (creating, or editing the entry chosen in the list) over the list. */
export function CatalogueBody<T extends CatalogueEntry>({
  form,
  remove,
  ...list
}: Omit<CatalogueListProps<T>, "onEdit" | "onDelete"> & {
  form: (editing: T | null, done: () => void) => ReactNode;
  remove: (vars: { id: number; force: boolean }) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState<T | null>(null);
  return (
    <>
      <Fragment key={editing?.id ?? "new"}>{form(editing, () => setEditing(null))}</Fragment>
      <CatalogueList
        {...list}
        onEdit={setEditing}
        onDelete={async (entry, force) => {
          await remove({ id: entry.id, force });
          if (editing?.id === entry.id) setEditing(null);
        }}
      />
    </>
  );
}
