/**
 * Working an issue (issue 10, docs/API.md): the tag and category catalogues, an issue's tags,
 * category, assignees, followers, notes, events and notify. Query options, hooks and mutations;
 * shapes are the shared schemas (packages/shared/src/schemas/issue-work.ts).
 */
import type { TIssueDetail, ZChatUser } from "@portico/shared/schemas/conversations";
import type {
  EventType,
  TCategory,
  TIssueEvent,
  TIssuePerson,
  TIssueWork,
  TNote,
  TTag,
  ZAssignees,
  ZCategoryCatalogue,
  ZCreateCategoryRequest,
  ZCreateTagRequest,
  ZEventsResponse,
  ZFollowState,
  ZNotifyResponse,
  ZTagCatalogue,
  ZUpdateCategoryRequest,
  ZUpdateTagRequest,
} from "@portico/shared/schemas/issue-work";
import type { z } from "@portico/shared/zod";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { issueKeys, type ThreadData } from "./api";
import { applyNote, mergeEvents } from "./timeline";

export type TTagCatalogue = z.infer<typeof ZTagCatalogue>;
export type TTagWithUsage = TTagCatalogue["items"][number];
export type TCategoryCatalogue = z.infer<typeof ZCategoryCatalogue>;
export type TCategoryWithUsage = TCategoryCatalogue["items"][number];
export type TAssignees = z.infer<typeof ZAssignees>;
export type TFollowState = z.infer<typeof ZFollowState>;
export type TNotifyResponse = z.infer<typeof ZNotifyResponse>;
export type TEventsResponse = z.infer<typeof ZEventsResponse>;
export type TCreateTag = z.input<typeof ZCreateTagRequest>;
export type TUpdateTag = z.input<typeof ZUpdateTagRequest>;
export type TCreateCategory = z.input<typeof ZCreateCategoryRequest>;
export type TUpdateCategory = z.input<typeof ZUpdateCategoryRequest>;
export type { TCategory, TIssueEvent, TIssuePerson, TIssueWork, TNote, TTag };

/** A person the mention list offers (GET /api/chat/users). */
export type TChatUser = z.infer<typeof ZChatUser>;

const issuePath = (n: number) => `/api/chat/issue/${n}`;

export const workKeys = {
  tags: ["issue-tags"] as const,
  categories: ["issue-categories"] as const,
  issue: (n: number) => [...issueKeys.all, "work", n] as const,
  assignees: (n: number) => [...issueKeys.all, "work", n, "assignees"] as const,
  events: (n: number) => [...issueKeys.all, "work", n, "events"] as const,
  notes: (n: number) => [...issueKeys.all, "work", n, "notes"] as const,
  people: (aid: number, q: string) => ["chat-users", aid, q] as const,
};

/* ---------------------------------------------------------------- catalogues */

export function tagCatalogueQuery() {
  return queryOptions({
    queryKey: workKeys.tags,
    queryFn: ({ signal }) => api.get<TTagCatalogue>("/api/chat/issue-tags", { signal, aid: false }),
    staleTime: 30_000,
  });
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: workKeys.categories,
    queryFn: ({ signal }) => api.get<TCategoryCatalogue>("/api/issue-categories", { signal, aid: false }),
    staleTime: 30_000,
  });
}

/** The tag catalogue (engineers): `enabled` false for customers, who cannot read it. */
export function useTagCatalogue(enabled = true) {
  return useQuery({ ...tagCatalogueQuery(), enabled });
}

/** The category catalogue (engineers). */
export function useCategories(enabled = true) {
  return useQuery({ ...categoriesQuery(), enabled });
}

export const catalogueApi = {
  createTag: (body: TCreateTag) => api.post<TTag>("/api/chat/issue-tags", body, { aid: false }),
  updateTag: (id: number, body: TUpdateTag) =>
    api.put<TTag>(`/api/chat/issue-tags/${id}`, body, { aid: false }),
  deleteTag: (id: number, force = false) =>
    api.delete<void>(`/api/chat/issue-tags/${id}`, {
      aid: false,
      query: { force: force ? "true" : undefined },
    }),
  createCategory: (body: TCreateCategory) =>
    api.post<TCategory>("/api/issue-categories", body, { aid: false }),
  updateCategory: (id: number, body: TUpdateCategory) =>
    api.put<TCategory>(`/api/issue-categories/${id}`, body, { aid: false }),
  deleteCategory: (id: number, force = false) =>
    api.delete<void>(`/api/issue-categories/${id}`, {
      aid: false,
      query: { force: force ? "true" : undefined },
    }),
};

/**
 * A catalogue change reaches every screen that shows tags or categories: the catalogues, the
 * queue's rows (their `work`) and the issues' work.
 */
function useCatalogueMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  key: readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...issueKeys.all, "work"] });
    },
  });
}

export const useCreateTag = () => useCatalogueMutation(catalogueApi.createTag, workKeys.tags);
export const useUpdateTag = () =>
  useCatalogueMutation(
    ({ id, ...body }: TUpdateTag & { id: number }) => catalogueApi.updateTag(id, body),
    workKeys.tags,
  );
export const useDeleteTag = () =>
  useCatalogueMutation(
    ({ id, force }: { id: number; force?: boolean }) => catalogueApi.deleteTag(id, force),
    workKeys.tags,
  );
export const useCreateCategory = () => useCatalogueMutation(catalogueApi.createCategory, workKeys.categories);
export const useUpdateCategory = () =>
  useCatalogueMutation(
    ({ id, ...body }: TUpdateCategory & { id: number }) => catalogueApi.updateCategory(id, body),
    workKeys.categories,
  );
export const useDeleteCategory = () =>
  useCatalogueMutation(
    ({ id, force }: { id: number; force?: boolean }) => catalogueApi.deleteCategory(id, force),
    workKeys.categories,
  );

/* ---------------------------------------------------------------- one issue */

export const workApi = {
  addTag: (n: number, tagId: number) => api.post<TTag[]>(`${issuePath(n)}/tags`, { tag_id: tagId }),
  removeTag: (n: number, tagId: number) => api.delete<TTag[]>(`${issuePath(n)}/tags/${tagId}`),
  setCategory: (n: number, categoryId: number | null) =>
    api.put<TIssueWork>(`${issuePath(n)}/category`, { category_id: categoryId }),
  assignees: (n: number, signal?: AbortSignal) =>
    api.get<TAssignees>(`${issuePath(n)}/assignees`, { signal }),
  assign: (n: number, userId: number) =>
    api.post<TAssignees>(`${issuePath(n)}/assignees`, { user_id: userId }),
  unassign: (n: number, userId: number) => api.delete<TAssignees>(`${issuePath(n)}/assignees/${userId}`),
  follow: (n: number) => api.post<TFollowState>(`${issuePath(n)}/follow`),
  unfollow: (n: number) => api.post<TFollowState>(`${issuePath(n)}/unfollow`),
  notes: (n: number, signal?: AbortSignal) => api.get<TNote[]>(`${issuePath(n)}/notes`, { signal }),
  addNote: (n: number, body: string) => api.post<TNote>(`${issuePath(n)}/notes`, { body }),
  editNote: (n: number, id: number, body: string) => api.put<TNote>(`${issuePath(n)}/notes/${id}`, { body }),
  deleteNote: (n: number, id: number) => api.delete<void>(`${issuePath(n)}/notes/${id}`),
  notify: (n: number, userIds: number[], messageIndex?: number) =>
    api.post<TNotifyResponse>(`${issuePath(n)}/notify`, {
      user_ids: userIds,
      ...(messageIndex ? { message_index: messageIndex } : {}),
    }),
  events: (n: number, afterId?: number, signal?: AbortSignal) =>
    api.get<TEventsResponse>(`${issuePath(n)}/events`, {
      signal,
      query: { after_id: afterId, limit: 500 },
    }),
  /** The account's members and the engineers, by name (mentions, notify). */
  people: (aid: number, q: string, signal?: AbortSignal) =>
    api.get<{ items: TChatUser[]; total: number }>("/api/chat/users", {
      signal,
      aid,
      query: { q: q || undefined, page_size: 20 },
    }),
};

/* ---------------------------------------------------------------- cache updates */

/** Every held page of the issue (a deep link and the newest page may both be cached). */
function updateThreads(queryClient: QueryClient, n: number, change: (data: ThreadData) => ThreadData): void {
  queryClient.setQueriesData<ThreadData>({ queryKey: issueKeys.threads(n) }, (data) =>
    data ? change(data) : data,
  );
}

/** A change to the issue's work (a mutation's answer) into every held page of it. */
export function applyWork(
  queryClient: QueryClient,
  n: number,
  change: (work: TIssueWork) => TIssueWork,
): void {
  updateThreads(queryClient, n, (data) => ({ ...data, work: change(data.work) }));
}

/**
 * The work as the server has it now (after someone else's tag, assignment or category change):
 * the smallest page of the issue carries it.
 */
export async function refreshWork(queryClient: QueryClient, n: number): Promise<void> {
  const detail = await api.get<TIssueDetail>(issuePath(n), { query: { limit: 1 } });
  applyWork(queryClient, n, () => detail.work);
  void queryClient.invalidateQueries({ queryKey: workKeys.assignees(n) });
}

/** Event types that change what the work panel shows. */
const WORK_EVENTS = new Set<EventType>(["tagged", "untagged", "assigned", "unassigned", "categorised"]);

export function changesWork(event: TIssueEvent): boolean {
  return WORK_EVENTS.has(event.data.type);
}

/** A pushed event into the timeline of every held page and into the panel's events list. */
export function applyEvent(queryClient: QueryClient, n: number, event: TIssueEvent): void {
  updateThreads(queryClient, n, (data) => {
    const events = mergeEvents(data.events, [event]);
    return events === data.events ? data : { ...data, events };
  });
  queryClient.setQueryData<TEventsResponse>(workKeys.events(n), (data) =>
    data ? { ...data, items: mergeEvents(data.items, [event]) } : data,
  );
}

/** A note created, edited or deleted (a frame or the viewer's own change) everywhere it shows. */
export function applyNoteChange(
  queryClient: QueryClient,
  n: number,
  action: "created" | "edited" | "deleted",
  note: TNote,
): void {
  updateThreads(queryClient, n, (data) => {
    // A new note belongs after the newest message; a page that does not hold it yet gets it later.
    if (action === "created" && data.hasNewer) return data;
    const notes = applyNote(data.notes, action, note);
    return notes === data.notes ? data : { ...data, notes };
  });
  queryClient.setQueryData<TNote[]>(workKeys.notes(n), (data) =>
    data ? applyNote(data, action, note) : data,
  );
}

/* ---------------------------------------------------------------- queries of one issue */

export function assigneesQuery(n: number, enabled = true) {
  return queryOptions({
    queryKey: workKeys.assignees(n),
    queryFn: ({ signal }) => workApi.assignees(n, signal),
    enabled,
  });
}

/** Pages of 500 read for the activity list (its newest events are at the end). */
const EVENT_PAGES_MAX = 20;

export function eventsQuery(n: number) {
  return queryOptions({
    queryKey: workKeys.events(n),
    queryFn: async ({ signal }): Promise<TEventsResponse> => {
      // Oldest first: read on to the newest (an issue with thousands of events stops at 10,000).
      let page = await workApi.events(n, undefined, signal);
      const items = [...page.items];
      for (let i = 1; page.has_more && i < EVENT_PAGES_MAX; i++) {
        page = await workApi.events(n, items.at(-1)?.id, signal);
        items.push(...page.items);
      }
      return { items, has_more: page.has_more };
    },
  });
}

export function notesQuery(n: number, enabled = true) {
  return queryOptions({
    queryKey: workKeys.notes(n),
    queryFn: ({ signal }) => workApi.notes(n, signal),
    enabled,
  });
}

/** People to mention or notify: the issue account's members and the engineers, by name. */
export function usePeopleSearch(aid: number, q: string, enabled = true) {
  return useQuery({
    queryKey: workKeys.people(aid, q),
    queryFn: ({ signal }) => workApi.people(aid, q, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}
