/** One message of a conversation: author, time, body (safe Markdown) and the author's actions. */
import type { TMessage } from "@portico/shared/schemas/conversations";
import ListTodo from "lucide-react/icons/list-todo";
import Pencil from "lucide-react/icons/pencil";
import Quote from "lucide-react/icons/quote";
import Trash2 from "lucide-react/icons/trash-2";
import { memo, useState } from "react";
import { ErrorAlert } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { AttachmentMessage, isAttachment } from "../../files/attachments/attachment-message";
import { fullWhen, shortWhen } from "../format";
import { MessageMarkdown } from "./message-markdown";
import { EngineerPresence } from "./presence-dot";

export interface MessageActions {
  onQuote: (message: TMessage) => void;
  onEdit: (message: TMessage, body: string) => Promise<unknown>;
  onDelete: (message: TMessage) => Promise<unknown>;
  /** "Add todo" for this message (absent where todos are not offered). */
  onAddTodo?: ((message: TMessage) => void) | undefined;
}

interface MessageItemProps extends MessageActions {
  message: TMessage;
  mine: boolean;
  /** Engineers may delete anyone's message. */
  mayDelete: boolean;
  highlighted: boolean;
}

function EditForm({
  message,
  onSave,
  onCancel,
}: {
  message: TMessage;
  onSave: (body: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [body, setBody] = useState(message.body);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(body);
      onCancel();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 space-y-2">
      <Textarea
        aria-label={`Edit message ${message.index}`}
        value={body}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
        }}
      />
      <ErrorAlert>{error}</ErrorAlert>
      <div className="flex gap-2">
        <Button size="sm" busy={busy} onClick={() => void save()}>
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Memoised: a row re-renders when its message or its flags change, not on every scroll frame. */
export const MessageItem = memo(function MessageItem({
  message,
  mine,
  mayDelete,
  highlighted,
  onQuote,
  onEdit,
  onDelete,
  onAddTodo,
}: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const deleted = message.attributes.deletedAt !== undefined;
  const name = message.author.name;
  return (
    <article
      aria-label={`Message ${message.index} from ${name}`}
      aria-current={highlighted ? "true" : undefined}
      data-index={message.index}
      className={cn(
        "group flex gap-3 rounded-lg px-3 py-2.5",
        highlighted && "bg-info-surface ring-2 ring-ring",
      )}
    >
      <Avatar name={name} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold text-foreground">{name}</span>
          {message.author.type === "engineer" && (
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              Engineer
              <EngineerPresence userId={message.author.user_id} />
            </span>
          )}
          <time
            dateTime={message.created_at}
            title={fullWhen(message.created_at)}
            className="text-xs text-muted-foreground"
          >
            {shortWhen(message.created_at)}
          </time>
          {message.edited_at && !deleted && <span className="text-xs text-muted-foreground">(edited)</span>}
          {!deleted && !editing && (
            <div className="ml-auto flex gap-0.5 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
              <IconButton
                label={`Quote message ${message.index}`}
                icon={Quote}
                size="icon-sm"
                onClick={() => onQuote(message)}
              />
              {onAddTodo && (
                <IconButton
                  label={`Add todo for message ${message.index}`}
                  icon={ListTodo}
                  size="icon-sm"
                  onClick={() => onAddTodo(message)}
                />
              )}
              {mine && (
                <IconButton
                  label={`Edit message ${message.index}`}
                  icon={Pencil}
                  size="icon-sm"
                  onClick={() => setEditing(true)}
                />
              )}
              {(mine || mayDelete) && (
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="icon-sm" aria-label={`Delete message ${message.index}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  }
                  title="Delete this message?"
                  description="Everyone in the conversation will see that it was deleted, by whom and when."
                  confirmLabel="Delete message"
                  onConfirm={() => onDelete(message)}
                />
              )}
            </div>
          )}
        </div>
        {isAttachment(message) && !editing ? (
          <AttachmentMessage message={message}>
            {message.body && (
              <MessageMarkdown body={message.body} preformatted={message.attributes.force_format ?? false} />
            )}
          </AttachmentMessage>
        ) : deleted ? (
          <p className="text-sm text-muted-foreground italic">
            Deleted by {message.attributes.deletedBy ?? "someone"}
            {message.attributes.deletedAt ? ` · ${fullWhen(message.attributes.deletedAt)}` : ""}
          </p>
        ) : editing ? (
          <EditForm
            message={message}
            onSave={(body) => onEdit(message, body)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <MessageMarkdown body={message.body} preformatted={message.attributes.force_format ?? false} />
        )}
      </div>
    </article>
  );
});
