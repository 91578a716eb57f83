/**
 * Conversations API (docs/API.md, /api/chat): fetchers, query options and the cache updates that
 * WebSocket frames and mutations share. Shapes are the shared schemas.
 */
import { ALERTS } from "@portico/shared/errors";
import { moveAfterAnswer } from "@portico/shared/rules/issue-order";
import type { AssignmentFilter } from "@portico/shared/rules/roles";
import type {
  IssueOrder,
  SortOrder,
  TConversationEventItem,
  TConversationListItem,
  TCreateIssueRequest,
  TIssueDetail,
  TIssueListResponse,
  TMessage,
  ZParticipant,
} from "@portico/shared/schemas/conversations";
import type { z } from "@portico/shared/zod";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import type { Thread } from "./thread";

export type TParticipant = z.infer<typeof ZParticipant>;
export type { IssueOrder, SortOrder };

export const ISSUES_PAGE_SIZE = 25;

export interface IssueListParams {
  page: number;
  filter: AssignmentFilter;
  sort: SortOrder;
  /** "sla": issues waiting for a first response, soonest deadline first; default the §4 order. */
  order?: IssueOrder | undefined;
  /** With filter "assignee": whose issues (the screen passes the viewer's id for "me"). */
  assignee?: number | undefined;
  /** Engineers: only issues carrying this tag. */
  tag?: number | undefined;
}

const issuePath = (n: number) => `/api/chat/issue/${n}`;

export const issueKeys = {
  all: ["issues"] as const,
  lists: () => [...issueKeys.all, "list"] as const,
  list: (aid: number | null, params: IssueListParams) => [...issueKeys.lists(), aid, params] as const,
  thread: (n: number, msgIndex: number | null) => [...issueKeys.all, "thread", n, msgIndex] as const,
  threads: (n: number) => [...issueKeys.all, "thread", n] as const,
  participants: (n: number) => [...issueKeys.all, "participants", n] as const,
  title: (n: number) => [...issueKeys.all, "title", n] as const,
};

export function issueListQuery(aid: number | null, params: IssueListParams) {
  return queryOptions({
    queryKey: issueKeys.list(aid, params),
    queryFn: ({ signal }) =>
      api.get<TIssueListResponse>("/api/chat/issue", {
        signal,
        alert: ALERTS.FETCH_ISSUES,
        // The account the key names (the customer page's); null: the selected organization.
        ...(aid === null ? {} : { aid }),
        query: {
          page: params.page,
          page_size: ISSUES_PAGE_SIZE,
          filter: params.filter,
          sort: params.sort,
          order: params.order === "sla" ? "sla" : undefined,
          assignee: params.filter === "assignee" ? params.assignee : undefined,
          tag: params.tag,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One conversation: its list item, abilities and the messages held (newest, or around msgIndex). */
export interface ThreadData extends Thread {
  conversation: TConversationListItem;
  abilities: TIssueDetail["abilities"];
  /** Tags, category, assignees, followers (work-api.ts keeps it current). */
  work: TIssueDetail["work"];
  /** Events and notes among the held messages (timeline.ts places them). */
  events: TIssueDetail["events"];
  notes: TIssueDetail["notes"];
}

export function threadQuery(n: number, msgIndex: number | null) {
  return queryOptions({
    queryKey: issueKeys.thread(n, msgIndex),
    queryFn: async ({ signal }): Promise<ThreadData> => {
      const detail = await api.get<TIssueDetail>(issuePath(n), {
        signal,
        alert: ALERTS.FETCH_ISSUE,
        query: { msgIndex: msgIndex ?? undefined },
      });
      return {
        conversation: detail.conversation,
        abilities: detail.abilities,
        messages: detail.messages,
        hasOlder: detail.has_older,
        hasNewer: detail.has_newer,
        revision: detail.revision,
        work: detail.work,
        events: detail.events,
        notes: detail.notes,
      };
    },
    // Frames keep it current while it is on screen; refetch only when asked (reconnect, Retry).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/**
 * An issue's title alone (an issue tab of an issue not loaded in this page view): the smallest
 * page of the issue. Renames reach it through `applyIssueItem`.
 */
export function issueTitleQuery(n: number) {
  return queryOptions({
    queryKey: issueKeys.title(n),
    queryFn: async ({ signal }) => {
      const detail = await api.get<TIssueDetail>(issuePath(n), { signal, query: { limit: 1 } });
      return detail.conversation.issue.title;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The title of an issue some list or thread already holds, without asking the server. */
export function cachedIssueTitle(queryClient: QueryClient, n: number): string | undefined {
  for (const [, data] of queryClient.getQueriesData<ThreadData>({ queryKey: issueKeys.threads(n) }))
    if (data) return data.conversation.issue.title;
  for (const [, data] of queryClient.getQueriesData<TIssueListResponse>({ queryKey: issueKeys.lists() })) {
    const item = data?.items.find((i) => i.issue.issue_number === n);
    if (item) return item.issue.title;
  }
  return queryClient.getQueryData<string>(issueKeys.title(n));
}

export function participantsQuery(n: number) {
  return queryOptions({
    queryKey: issueKeys.participants(n),
    queryFn: ({ signal }) => api.get<TParticipant[]>(`${issuePath(n)}/participants`, { signal }),
  });
}

export const issuesApi = {
  create: (body: TCreateIssueRequest) =>
    api.post<TIssueDetail>("/api/chat/issue", body, { alert: ALERTS.CREATE_ISSUE, aid: false }),
  older: (n: number, before: number) =>
    api.get<TIssueDetail>(issuePath(n), { alert: ALERTS.FETCH_ISSUE, query: { before } }),
  newer: (n: number, after: number) =>
    api.get<TIssueDetail>(issuePath(n), { alert: ALERTS.FETCH_ISSUE, query: { after } }),
  post: (n: number, body: string) =>
    api.post<{ message: TMessage; conversation: TConversationListItem }>(issuePath(n), { body }),
  rename: (n: number, title: string) =>
    api.put<TConversationListItem>(issuePath(n), { title }, { alert: ALERTS.UPDATE_TITLE }),
  join: (n: number) => api.post<TParticipant[]>(`${issuePath(n)}/join`),
  answer: (n: number, body?: { answered?: boolean; archived?: boolean }) =>
    api.post<TConversationListItem>(`${issuePath(n)}/answer`, body),
  edit: (n: number, index: number, body: string) =>
    api.put<TMessage>(`${issuePath(n)}/message/${index}`, { body }),
  remove: (n: number, index: number) => api.delete<TMessage>(`${issuePath(n)}/message/${index}`),
  /** The first message written at or after `date` (ISO 8601): 404 when there is none. */
  lookup: (n: number, date: string) =>
    api.get<{ msgIndex: number }>(`${issuePath(n)}/lookup-message`, { query: { date } }),
  read: (n: number, index: number) =>
    api.put<{ read_message_index: number; unreadMessageCount: number }>(`${issuePath(n)}/read`, {
      read_message_index: index,
    }),
};

/* ---------------------------------------------------------------- cache updates */

/** A pushed item as this viewer's list item: unread = last index − the viewer's read index. */
export function withReadState(item: TConversationEventItem, readMessageIndex: number): TConversationListItem {
  return {
    ...item,
    readMessageIndex,
    unreadMessageCount: Math.max(0, item.issue.last_message_index - readMessageIndex),
  };
}

/**
 * Whether a pushed item belongs in a list, from its `work` (engineers' queue pushes carry it);
 * undefined when only the server can tell (following, unread, …, or a push without `work`).
 */
export function itemMatchesList(item: TConversationEventItem, params: IssueListParams): boolean | undefined {
  const work = item.work;
  if (params.tag !== undefined && !work) return undefined;
  if (params.tag !== undefined && !work?.tags.some((t) => t.id === params.tag)) return false;
  switch (params.filter) {
    case "all":
      return true;
    case "unassigned":
      return work ? work.assignee_ids.length === 0 : undefined;
    case "assigned":
      return work ? work.assignee_ids.length > 0 : undefined;
    case "assignee":
      return work && params.assignee !== undefined ? work.assignee_ids.includes(params.assignee) : undefined;
    default:
      return undefined;
  }
}

/**
 * An `issue` frame applied to every cached list: a held item moves where it now belongs (shared
 * `moveAfterAnswer`; DESC is the order it keeps), a new issue joins the first page of a list that
 * takes every issue. Returns whether some list needs the server (another filter, ASC order).
 */
export function applyIssueItem(queryClient: QueryClient, item: TConversationEventItem): boolean {
  let refetch = false;
  for (const [key, data] of queryClient.getQueriesData<TIssueListResponse>({ queryKey: issueKeys.lists() })) {
    // A list of one organization (`aid`) takes only that organization's issues.
    const aid = key[2] as number | null | undefined;
    if (!data || (aid != null && item.issue.account_id !== aid)) continue;
    const held = data.items.find((i) => i.channelId === item.channelId);
    const params = key[3] as IssueListParams | undefined;
    const matches = params ? itemMatchesList(item, params) : undefined;
    // An item that no longer belongs (unassigned now assigned, its tag taken off): the server's page.
    if (held && matches === false) refetch = true;
    // Deadlines order an SLA list: only the server knows where an item goes.
    const bySla = params?.order === "sla";
    if (held && bySla) refetch = true;
    const insertable = params?.page === 1 && matches === true && params.sort === "DESC" && !bySla;
    if (!held && !insertable) {
      if (matches !== false) refetch = true;
      continue;
    }
    // An account channel's push has no `work`: an engineer's row keeps what it had.
    const updated = withReadState(
      item.work || !held?.work ? item : { ...item, work: held.work },
      held?.readMessageIndex ?? 0,
    );
    const items =
      data.sort === "DESC" && !bySla
        ? moveAfterAnswer(data.items, updated)
        : data.items.map((i) => (i.channelId === item.channelId ? updated : i));
    queryClient.setQueryData<TIssueListResponse>(key, {
      ...data,
      items: held ? items : items.slice(0, data.page_size),
      total: held ? data.total : data.total + 1,
    });
  }
  if (queryClient.getQueryData(issueKeys.title(item.issue.issue_number)) !== undefined)
    queryClient.setQueryData(issueKeys.title(item.issue.issue_number), item.issue.title);
  for (const [key, data] of queryClient.getQueriesData<ThreadData>({
    queryKey: issueKeys.threads(item.issue.issue_number),
  })) {
    if (data)
      queryClient.setQueryData<ThreadData>(key, {
        ...data,
        conversation: withReadState(item, data.conversation.readMessageIndex),
      });
  }
  return refetch;
}

/** The viewer's read index moved (their own read, here or in another tab): lists and threads follow. */
export function applyOwnRead(queryClient: QueryClient, issueNumber: number, readIndex: number): void {
  const update = (item: TConversationListItem): TConversationListItem =>
    item.issue.issue_number !== issueNumber || readIndex <= item.readMessageIndex
      ? item
      : {
          ...item,
          readMessageIndex: readIndex,
          unreadMessageCount: Math.max(0, item.issue.last_message_index - readIndex),
        };
  queryClient.setQueriesData<TIssueListResponse>({ queryKey: issueKeys.lists() }, (data) =>
    data ? { ...data, items: data.items.map(update) } : data,
  );
  queryClient.setQueriesData<ThreadData>({ queryKey: issueKeys.threads(issueNumber) }, (data) =>
    data ? { ...data, conversation: update(data.conversation) } : data,
  );
}

/** A list item the server answered (rename, answer, post): into the thread and the lists. */
export function applyOwnItem(queryClient: QueryClient, item: TConversationListItem): void {
  applyIssueItem(queryClient, item);
  applyOwnRead(queryClient, item.issue.issue_number, item.readMessageIndex);
}
