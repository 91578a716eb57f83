/**
 * Internal notes (engineers only): amber cards that say they are internal, in the timeline and the
 * work panel; the author edits theirs, the author or an admin deletes (after a confirmation); a
 * composer writes a new one in Markdown.
 */
import type { TNote } from "@portico/shared/schemas/issue-work";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Lock from "lucide-react/icons/lock";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import { memo, useState } from "react";
import { ErrorAlert } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { fullWhen, shortWhen } from "../format";
import { applyNoteChange, workApi } from "../work-api";
import { MessageMarkdown } from "./message-markdown";

export const INTERNAL_LABEL = "Internal note — customers don't see this";

/** The amber line that marks a note (or the note composer) as internal. */
export function InternalLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "flex items-center gap-1.5 text-xs font-semibold text-warning-surface-foreground",
        className,
      )}
    >
      <Lock aria-hidden="true" className="size-3.5" />
      {INTERNAL_LABEL}
    </span>
  );
}

function NoteEditor({
  label,
  initial = "",
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (body.trim() === "" || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(body);
      setBody("");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Textarea
        aria-label={label}
        value={body}
        rows={3}
        placeholder="Markdown works here. Only engineers see notes."
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && onCancel) onCancel();
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        className="bg-background"
      />
      <ErrorAlert>{error}</ErrorAlert>
      <div className="flex gap-2">
        <Button size="sm" type="submit" busy={busy} disabled={body.trim() === ""}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** "Add note": writes an internal note after the newest message. */
export function NoteComposer({ issueNumber }: { issueNumber: number }) {
  const queryClient = useQueryClient();
  return (
    <div className="space-y-2 rounded-lg border border-warning-surface-foreground/30 bg-warning-surface/40 p-3">
      <InternalLabel />
      <NoteEditor
        label="New internal note"
        submitLabel="Add note"
        onSubmit={async (body) => {
          const note = await workApi.addNote(issueNumber, body);
          applyNoteChange(queryClient, issueNumber, "created", note);
          toast.success("Note added.");
        }}
      />
    </div>
  );
}

interface NoteCardProps {
  note: TNote;
  /** The viewer wrote it (edit, delete). */
  mine: boolean;
  /** Admins delete anyone's note. */
  mayDelete: boolean;
  /** In the timeline: a compact card. */
  compact?: boolean;
}

/** One note: amber, marked internal, with its author's actions. */
export const NoteCard = memo(function NoteCard({ note, mine, mayDelete, compact = false }: NoteCardProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const n = note.issue_number;
  const remove = useMutation({
    mutationFn: () => workApi.deleteNote(n, note.id),
    onSuccess: () => {
      applyNoteChange(queryClient, n, "deleted", note);
      toast.success("Note deleted.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <article
      aria-label={`Internal note from ${note.author.name}`}
      className={cn(
        "group rounded-lg border border-warning-surface-foreground/30 bg-warning-surface text-warning-surface-foreground",
        compact ? "mx-3 my-1 px-3 py-2" : "px-3 py-2",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <InternalLabel />
        <span className="text-xs font-semibold">{note.author.name}</span>
        <time dateTime={note.created_at} title={fullWhen(note.created_at)} className="text-xs">
          {shortWhen(note.created_at)}
        </time>
        {note.edited_at && <span className="text-xs">(edited)</span>}
        {!editing && (mine || mayDelete) && (
          <div className="ml-auto flex gap-0.5">
            {mine && (
              <IconButton label="Edit note" icon={Pencil} size="icon-sm" onClick={() => setEditing(true)} />
            )}
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="icon-sm" aria-label="Delete note">
                  <Trash2 aria-hidden="true" />
                </Button>
              }
              title="Delete this note?"
              description="The note is removed for every engineer; the timeline keeps a line saying a note was deleted."
              confirmLabel="Delete note"
              onConfirm={() => remove.mutateAsync()}
            />
          </div>
        )}
      </div>
      {editing ? (
        <div className="mt-2">
          <NoteEditor
            label="Edit note"
            initial={note.body}
            submitLabel="Save note"
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              const saved = await workApi.editNote(n, note.id, body);
              applyNoteChange(queryClient, n, "edited", saved);
              setEditing(false);
              toast.success("Note saved.");
            }}
          />
        </div>
      ) : (
        <div className="mt-1 text-sm text-foreground">
          <MessageMarkdown body={note.body} preformatted={false} />
        </div>
      )}
    </article>
  );
});
