/**
 * The reply box: Enter sends, Shift+Enter adds a line. The draft is kept per issue in the
 * persisted store (across reloads) until it is sent; typing tells the others (throttled). "@"
 * mentions people (mention-input.tsx); sending hands over who is still mentioned.
 */
import SendHorizontal from "lucide-react/icons/send-horizontal";
import { type KeyboardEvent, type RefObject, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { usePersisted } from "../../../lib/persisted-store";
import { AttachButton, useAttachmentPaste } from "../../files/attachments/attach-button";
import { type Mention, MentionTextarea, mentionedIds } from "./mention-input";

const TYPING_EVERY_MS = 2_000;

export function useDraft(issueNumber: number): [string, (value: string) => void] {
  const [drafts, setDrafts] = usePersisted("replyDrafts");
  const key = String(issueNumber);
  const setDraft = (value: string) => {
    const { [key]: _, ...rest } = drafts;
    setDrafts(value === "" ? rest : { ...rest, [key]: value });
  };
  return [drafts[key] ?? "", setDraft];
}

interface ComposerProps {
  issueNumber: number;
  disabled: boolean;
  disabledReason?: string;
  sending: boolean;
  error: string | null;
  /** `mentioned`: the people picked with "@" whose names are still in the body. */
  onSend: (body: string, mentioned: number[]) => Promise<unknown>;
  onTyping: () => void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** The issue's account (whose members "@" offers); null turns mentions off. */
  accountId?: number | null;
  myUserId?: number;
}

export function Composer({
  issueNumber,
  disabled,
  disabledReason,
  sending,
  error,
  onSend,
  onTyping,
  inputRef,
  accountId = null,
  myUserId,
}: ComposerProps) {
  const [draft, setDraft] = useDraft(issueNumber);
  const [mentions, setMentions] = useState<Mention[]>([]);
  const lastTyping = useRef(0);
  const onPaste = useAttachmentPaste();

  const send = async () => {
    if (draft.trim() === "" || sending) return;
    try {
      await onSend(draft, mentionedIds(draft, mentions));
      setDraft("");
      setMentions([]);
    } catch {
      // The error is shown below; the draft stays.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <ErrorAlert>{error}</ErrorAlert>
      <div className="flex items-end gap-2">
        <MentionTextarea
          inputRef={inputRef}
          accountId={accountId}
          myUserId={myUserId}
          mentions={mentions}
          onMentionsChange={setMentions}
          aria-label="Reply"
          placeholder={
            disabled
              ? disabledReason
              : "Write a reply… (Enter sends, Shift+Enter adds a line, @ mentions someone)"
          }
          rows={2}
          value={draft}
          disabled={disabled}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onValueChange={(value) => {
            setDraft(value);
            const now = Date.now();
            if (now - lastTyping.current > TYPING_EVERY_MS) {
              lastTyping.current = now;
              onTyping();
            }
          }}
          className="max-h-48 min-h-16"
        />
        <AttachButton />
        <Button type="submit" busy={sending} disabled={disabled || draft.trim() === ""}>
          {!sending && <SendHorizontal aria-hidden="true" />}
          Send
        </Button>
      </div>
    </form>
  );
}
