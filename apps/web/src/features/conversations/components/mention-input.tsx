/**
 * The reply box with @mentions: typing "@" and a few letters opens a list of the people who can
 * see the issue (its account's members and the engineers, GET /api/chat/users). Arrows move,
 * Enter or Tab picks, Escape closes; focus stays in the text. Picking writes "@Name " and
 * remembers who it was, so sending can notify them (`mentionedIds`).
 */
import { type ComponentProps, type KeyboardEvent, type RefObject, useId, useRef, useState } from "react";
import { Popover, PopoverAnchor, PopoverContent } from "../../../components/ui/popover";
import { Textarea } from "../../../components/ui/textarea";
import { cn } from "../../../lib/cn";
import { type TChatUser, usePeopleSearch } from "../work-api";

export interface Mention {
  user_id: number;
  name: string;
}

/** The "@query" that ends right before the caret, if the caret is in one. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: before.length - (match[2] as string).length - 1, query: match[2] as string };
}

/** The remembered mentions still written in `body` (deleting "@Name" forgets them), once each. */
export function mentionedIds(body: string, mentions: readonly Mention[]): number[] {
  const ids = new Set<number>();
  for (const m of mentions) if (body.includes(`@${m.name}`)) ids.add(m.user_id);
  return [...ids];
}

interface MentionTextareaProps extends Omit<ComponentProps<"textarea">, "value" | "onChange" | "ref"> {
  value: string;
  onValueChange: (value: string) => void;
  /** The account: whose members may be mentioned. */
  accountId: number | null;
  mentions: readonly Mention[];
  onMentionsChange: (mentions: Mention[]) => void;
  inputRef?: RefObject<HTMLTextAreaElement | null> | undefined;
  myUserId?: number | undefined;
}

export function MentionTextarea({
  value,
  onValueChange,
  accountId,
  mentions,
  onMentionsChange,
  inputRef,
  myUserId,
  onKeyDown,
  className,
  ...rest
}: MentionTextareaProps) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = inputRef ?? ownRef;
  const listId = useId();
  const [active, setActive] = useState<{ start: number; query: string } | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const people = usePeopleSearch(accountId ?? 0, active?.query ?? "", active !== null && accountId !== null);
  const options: TChatUser[] = (people.data?.items ?? []).filter((p) => p.user_id !== myUserId).slice(0, 8);
  const open = active !== null && accountId !== null;

  const track = (text: string, caret: number | null) => {
    const next = caret === null ? null : mentionQueryAt(text, caret);
    if (next?.query !== active?.query) setHighlighted(0);
    setActive(next);
  };

  const choose = (person: TChatUser) => {
    if (!active) return;
    const el = ref.current;
    const caret = el?.selectionStart ?? value.length;
    const inserted = `@${person.name} `;
    const next = value.slice(0, active.start) + inserted + value.slice(caret);
    onValueChange(next);
    if (!mentions.some((m) => m.user_id === person.user_id))
      onMentionsChange([...mentions, { user_id: person.user_id, name: person.name }]);
    setActive(null);
    const at = active.start + inserted.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at, at);
    });
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && options.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlighted((i) => (i + step + options.length) % options.length);
        return;
      }
      if (
        (event.key === "Enter" || event.key === "Tab") &&
        !event.shiftKey &&
        !event.nativeEvent.isComposing
      ) {
        event.preventDefault();
        choose(options[highlighted] ?? (options[0] as TChatUser));
        return;
      }
    }
    if (open && event.key === "Escape") {
      event.preventDefault();
      setActive(null);
      return;
    }
    onKeyDown?.(event);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <Popover open={open} onOpenChange={(next) => !next && setActive(null)}>
      <PopoverAnchor asChild>
        <Textarea
          ref={ref}
          value={value}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && options.length > 0 ? optionId(highlighted) : undefined}
          onChange={(event) => {
            onValueChange(event.target.value);
            track(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={keyDown}
          onClick={(event) => track(value, event.currentTarget.selectionStart)}
          onBlur={() => setActive(null)}
          className={className}
          {...rest}
        />
      </PopoverAnchor>
      <PopoverContent
        side="top"
        className="w-72 p-1"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        <div id={listId} role="listbox" aria-label="People to mention" className="max-h-64 overflow-y-auto">
          {options.length === 0 ? (
            <p className="px-2 py-2 text-sm text-muted-foreground">
              {people.isFetching ? "Searching…" : "Nobody found by that name."}
            </p>
          ) : (
            options.map((person, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys stay in the text box (aria-activedescendant), which picks with Enter or Tab
              <div
                key={person.user_id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === highlighted}
                // Keeps the focus (and the caret) in the text while picking with the mouse.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(person)}
                onMouseEnter={() => setHighlighted(i)}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm",
                  i === highlighted && "bg-muted",
                )}
              >
                <span className="truncate">{person.name}</span>
                {person.is_engineer && <span className="text-xs text-muted-foreground">Engineer</span>}
              </div>
            ))
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
