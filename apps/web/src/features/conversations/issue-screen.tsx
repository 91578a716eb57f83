/**
 * /issues/{n} (spec §2.2): one conversation, live. Messages come from GET issue/:id and the
 * issue's WebSocket channel, merged by index (no gaps, no duplicates, also after a reconnect);
 * `?msgIndex=` opens on that message, highlighted. Engineers answer and join; the author, owners
 * and engineers rename (1004 on failure); authors edit and delete their messages.
 */
import { ALERTS, alertMessage } from "@portico/shared/errors";
import { isPanicIssue } from "@portico/shared/rules/issue-order";
import type { TMessage } from "@portico/shared/schemas/conversations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import CalendarSearch from "lucide-react/icons/calendar-search";
import Pencil from "lucide-react/icons/pencil";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { StatusBadge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { IconButton } from "../../components/ui/icon-button";
import { Input } from "../../components/ui/input";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { AttachmentScope } from "../files/attachments/attachment-scope";
import { TodoDialog, type TodoDraft } from "../todos/todo-dialog";
import { applyOwnItem, applyOwnRead, issueKeys, issuesApi, type ThreadData, threadQuery } from "./api";
import { Composer, useDraft } from "./components/composer";
import { ConnectionBanner } from "./components/connection-banner";
import { IssueTabs, useOpenIssueTab } from "./components/issue-tabs";
import { JumpToDateForm } from "./components/jump-to-date";
import type { MessageActions } from "./components/message-item";
import { MessageList } from "./components/message-list";
import { notifyPeople } from "./components/notify-dialog";
import { SummaryDialog } from "./components/summary-panel";
import { WorkPanelColumn, WorkPanelSheet } from "./components/work-panel";
import { useLiveIssueList } from "./live";
import NotFound from "./not-found-issue";
import { useTodosAllowed } from "./planning-api";
import { useLivePresence } from "./presence";
import { getChatClient, useChannel } from "./realtime/chat";
import { SlaClock } from "./sla-clock";
import { appendPage, applyMessage, contiguousLastIndex, prependPage, quoteOf } from "./thread";
import { mergeEvents, mergeNotes } from "./timeline";
import { useLiveWork } from "./work-live";

const TYPING_SHOWN_MS = 5_000;

function RenameForm({
  issueNumber,
  title,
  onDone,
}: {
  issueNumber: number;
  title: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(title);
  const rename = useMutation({
    mutationFn: (next: string) => issuesApi.rename(issueNumber, next),
    onSuccess: (item) => {
      applyOwnItem(queryClient, item);
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(value);
  };
  return (
    <form onSubmit={submit} className="mb-4 space-y-2">
      <div className="flex flex-wrap gap-2">
        <Input
          aria-label="Issue title"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") onDone();
          }}
          className="max-w-xl"
          autoFocus
        />
        <Button type="submit" busy={rename.isPending}>
          Save title
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <ErrorAlert>{rename.isError ? errorMessage(rename.error) : null}</ErrorAlert>
    </form>
  );
}

function useTyping(myUserId: number | undefined) {
  const [typing, setTyping] = useState<Record<number, { name: string; until: number }>>({});
  useEffect(() => {
    if (Object.keys(typing).length === 0) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setTyping((held) => Object.fromEntries(Object.entries(held).filter(([, t]) => t.until > now)));
    }, 1_000);
    return () => clearTimeout(timer);
  }, [typing]);
  const seen = (user: { user_id: number; name: string }) => {
    if (user.user_id === myUserId) return;
    setTyping((held) => ({
      ...held,
      [user.user_id]: { name: user.name, until: Date.now() + TYPING_SHOWN_MS },
    }));
  };
  const stopped = (userId: number | null) => {
    if (userId === null) return;
    setTyping((held) => {
      const { [userId]: _, ...rest } = held;
      return rest;
    });
  };
  const names = Object.values(typing).map((t) => t.name);
  const text =
    names.length === 0
      ? ""
      : names.length === 1
        ? `${names[0]} is typing…`
        : `${names.join(", ")} are typing…`;
  return { text, seen, stopped };
}

/**
 * The message actions as functions that never change identity (each calls the latest version),
 * so the memoised rows of the list are not re-rendered by every render of the screen.
 */
function useStableActions(latest: MessageActions, canAddTodo: boolean): MessageActions {
  const ref = useRef(latest);
  ref.current = latest;
  return useMemo(
    () => ({
      onQuote: (message) => ref.current.onQuote(message),
      onEdit: (message, body) => ref.current.onEdit(message, body),
      onDelete: (message) => ref.current.onDelete(message),
      ...(canAddTodo ? { onAddTodo: (message: TMessage) => ref.current.onAddTodo?.(message) } : {}),
    }),
    [canAddTodo],
  );
}

function Conversation({ issueNumber, msgIndex }: { issueNumber: number; msgIndex: number | null }) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const key = useMemo(() => issueKeys.thread(issueNumber, msgIndex), [issueNumber, msgIndex]);
  const thread = useQuery(threadQuery(issueNumber, msgIndex));
  const [renaming, setRenaming] = useState(false);
  const [jumping, setJumping] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingNewer = useRef(false);
  const readSent = useRef(0);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useDraft(issueNumber);
  const typing = useTyping(user?.userId);
  useOpenIssueTab(issueNumber);
  useLiveIssueList();
  useLivePresence();
  const live = useLiveWork(issueNumber, user?.isEngineer ?? false);
  const todosAllowed = useTodosAllowed();
  const [todoDraft, setTodoDraft] = useState<TodoDraft | null>(null);

  const update = useCallback(
    (change: (data: ThreadData) => ThreadData) =>
      queryClient.setQueryData<ThreadData>(key, (data) => (data ? change(data) : data)),
    [queryClient, key],
  );

  const data = thread.data;
  useChannel(data ? data.conversation.channelId : null, {
    catchUp: () => {
      const held = queryClient.getQueryData<ThreadData>(key);
      if (!held || held.hasNewer) return undefined;
      return { lastIndex: contiguousLastIndex(held), lastRevision: held.revision };
    },
    onFrame: (frame) => {
      switch (frame.type) {
        case "message":
          update((t) => ({ ...t, ...applyMessage(t, frame.message, frame.revision) }));
          if (frame.action === "created") typing.stopped(frame.message.author.user_id);
          return;
        case "caught-up":
          if (!frame.complete) void queryClient.invalidateQueries({ queryKey: key });
          else update((t) => ({ ...t, revision: Math.max(t.revision, frame.revision) }));
          return;
        case "typing":
          typing.seen(frame.user);
          return;
        case "read":
          if (frame.user_id === user?.userId)
            applyOwnRead(queryClient, issueNumber, frame.read_message_index);
          else void queryClient.invalidateQueries({ queryKey: issueKeys.participants(issueNumber) });
          return;
        case "event":
          live.onEvent(frame.event);
          return;
        default:
      }
    },
  });

  const post = useMutation({
    mutationFn: ({ body }: { body: string; mentioned: number[] }) => issuesApi.post(issueNumber, body),
    onSuccess: ({ message, conversation }, { mentioned }) => {
      update((t) => ({ ...t, ...applyMessage(t, message, message.revision) }));
      applyOwnItem(queryClient, conversation);
      // The message is posted whatever happens to the notification; its toast tells.
      if (mentioned.length > 0) void notifyPeople(issueNumber, mentioned, message.index);
    },
  });
  const answer = useMutation({
    mutationFn: (answered: boolean) => issuesApi.answer(issueNumber, { answered }),
    onSuccess: (item) => applyOwnItem(queryClient, item),
  });
  const join = useMutation({
    mutationFn: () => issuesApi.join(issueNumber),
    onSuccess: (participants) => {
      queryClient.setQueryData(issueKeys.participants(issueNumber), participants);
      toast.success("You joined the conversation.");
    },
  });

  const onSeen = useCallback(
    (index: number) => {
      const held = queryClient.getQueryData<ThreadData>(key);
      if (!held || index <= held.conversation.readMessageIndex || index <= readSent.current) return;
      if (document.visibilityState !== "visible") return;
      readSent.current = index;
      issuesApi.read(issueNumber, index).then(
        (answer) => applyOwnRead(queryClient, issueNumber, answer.read_message_index),
        () => {
          readSent.current = 0;
        },
      );
    },
    [queryClient, key, issueNumber],
  );

  const loadOlder = async () => {
    const first = data?.messages[0]?.index;
    if (first === undefined || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await issuesApi.older(issueNumber, first);
      update((t) => ({
        ...t,
        ...prependPage(t, page),
        events: mergeEvents(t.events, page.events),
        notes: mergeNotes(t.notes, page.notes),
      }));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoadingOlder(false);
    }
  };
  const loadNewer = async () => {
    const last = data?.messages.at(-1)?.index;
    if (last === undefined || loadingNewer.current) return;
    loadingNewer.current = true;
    try {
      const page = await issuesApi.newer(issueNumber, last);
      update((t) => ({
        ...t,
        ...appendPage(t, page),
        events: mergeEvents(t.events, page.events),
        notes: mergeNotes(t.notes, page.notes),
      }));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      loadingNewer.current = false;
    }
  };

  const actions = useStableActions(
    {
      onAddTodo: (message: TMessage) =>
        data &&
        setTodoDraft({
          mode: "create",
          issueNumber,
          msgIndex: message.index,
          accountId: data.conversation.issue.account_id,
        }),
      onQuote: (message: TMessage) => {
        setDraft(`${quoteOf(message.body)}${draft}`);
        composerRef.current?.focus();
      },
      onEdit: async (message: TMessage, body: string) => {
        const saved = await issuesApi.edit(issueNumber, message.index, body);
        update((t) => ({ ...t, ...applyMessage(t, saved, saved.revision) }));
      },
      onDelete: async (message: TMessage) => {
        try {
          const saved = await issuesApi.remove(issueNumber, message.index);
          update((t) => ({ ...t, ...applyMessage(t, saved, saved.revision) }));
        } catch (err) {
          toast.error(errorMessage(err));
          throw err;
        }
      },
    },
    todosAllowed,
  );

  if (thread.isError) {
    if (thread.error.status === 404) return <NotFound issueNumber={issueNumber} />;
    return (
      <>
        <PageHeader
          title={`Issue #${issueNumber}`}
          breadcrumbs={[{ label: "Issues", to: "/issues" }, { label: `#${issueNumber}` }]}
        />
        <QueryError query={thread} message={alertMessage(ALERTS.FETCH_ISSUE, thread.error.error)} />
      </>
    );
  }
  if (!data || !user) {
    return (
      <LoadingRegion label="Loading the conversation" className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </LoadingRegion>
    );
  }

  const { conversation, abilities } = data;
  const status = conversation.issueStatus;
  const archived = status === "archived";
  const panel = {
    issueNumber,
    accountId: conversation.issue.account_id,
    work: data.work,
    canWork: abilities.work,
    myUserId: user.userId,
    isAdmin: user.roles.includes("admin"),
  };
  return (
    <AttachmentScope
      issueNumber={issueNumber}
      accountId={conversation.issue.account_id}
      canAttach={abilities.post && !archived}
      className="flex h-[calc(100dvh-7.5rem)] min-h-[28rem] flex-col lg:h-[calc(100dvh-9.5rem)]"
    >
      <PageHeader
        className="mb-3 sm:mb-4"
        title={conversation.issue.title}
        breadcrumbs={[{ label: "Issues", to: "/issues" }, { label: `#${issueNumber}` }]}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>#{issueNumber}</span>
            {user.isEngineer && <span>{conversation.issue.company}</span>}
            <span data-testid="issue-status">
              <StatusBadge status={status} panic={isPanicIssue(conversation)} />
            </span>
            <SlaClock
              issue={conversation.issue}
              status={status}
              audience={user.isEngineer ? "engineer" : "customer"}
              place="header"
            />
            {conversation.unreadMessageCount > 0 && <span>{conversation.unreadMessageCount} unread</span>}
          </span>
        }
        actions={
          <>
            <WorkPanelSheet {...panel} className="xl:hidden" />
            <SummaryDialog issueNumber={issueNumber} />
            {!jumping && (
              <IconButton
                label="Jump to date"
                icon={CalendarSearch}
                variant="secondary"
                onClick={() => setJumping(true)}
              />
            )}
            {abilities.rename && !renaming && (
              <IconButton
                label="Rename issue"
                icon={Pencil}
                variant="secondary"
                onClick={() => setRenaming(true)}
              />
            )}
            {abilities.join && (
              <Button variant="secondary" busy={join.isPending} onClick={() => join.mutate()}>
                Join
              </Button>
            )}
            {abilities.answer &&
              (status === "answered" || archived ? (
                <Button variant="secondary" busy={answer.isPending} onClick={() => answer.mutate(false)}>
                  Reopen
                </Button>
              ) : (
                <Button busy={answer.isPending} onClick={() => answer.mutate(true)}>
                  Answer
                </Button>
              ))}
          </>
        }
      />
      {renaming && (
        <RenameForm
          issueNumber={issueNumber}
          title={conversation.issue.title}
          onDone={() => setRenaming(false)}
        />
      )}
      {jumping && <JumpToDateForm issueNumber={issueNumber} onDone={() => setJumping(false)} />}
      <ErrorAlert className="mb-3">
        {answer.isError ? errorMessage(answer.error) : join.isError ? errorMessage(join.error) : null}
      </ErrorAlert>
      <div className="flex min-h-0 flex-1 gap-4">
        <div className="flex min-w-0 flex-1 flex-col">
          <ConnectionBanner />
          <IssueTabs />
          <MessageList
            thread={data}
            events={data.events}
            notes={data.notes}
            myUserId={user.userId}
            isEngineer={user.isEngineer}
            isAdmin={panel.isAdmin}
            highlight={msgIndex}
            loadingOlder={loadingOlder}
            onLoadOlder={() => void loadOlder()}
            onLoadNewer={() => void loadNewer()}
            onSeen={onSeen}
            {...actions}
          />
          <p aria-live="polite" className="h-5 pt-1 text-xs text-muted-foreground">
            {typing.text}
          </p>
          <Composer
            issueNumber={issueNumber}
            inputRef={composerRef}
            disabled={!abilities.post || archived}
            disabledReason={archived ? "This issue is archived." : "You cannot write in this issue."}
            sending={post.isPending}
            error={post.isError ? errorMessage(post.error) : null}
            onSend={(body, mentioned) => post.mutateAsync({ body, mentioned })}
            onTyping={() => getChatClient().sendTyping(issueNumber)}
            accountId={conversation.issue.account_id}
            myUserId={user.userId}
          />
        </div>
        <WorkPanelColumn {...panel} className="hidden xl:block" />
      </div>
      {todosAllowed && (
        <TodoDialog
          draft={todoDraft}
          accountId={conversation.issue.account_id}
          onClose={() => setTodoDraft(null)}
        />
      )}
    </AttachmentScope>
  );
}

export default function IssueScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const issueNumber = Number(params.issueNumber);
  const rawIndex = Number(search.get("msgIndex"));
  const msgIndex = Number.isSafeInteger(rawIndex) && rawIndex > 0 ? rawIndex : null;
  if (!Number.isSafeInteger(issueNumber) || issueNumber <= 0) return <NotFound issueNumber={null} />;
  return <Conversation key={`${issueNumber}:${msgIndex}`} issueNumber={issueNumber} msgIndex={msgIndex} />;
}
