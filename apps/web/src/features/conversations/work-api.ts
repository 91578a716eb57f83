/**
 * Working an issue (issue 10, docs/API.md): the tag and category catalogues, an issue's tags,
 * category, assignees, followers, notes, events and notify. Query options, hooks and mutations;
 * shapes are the shared schemas (packages/shared/src/schemas/issue-work.ts).
 */
import type { ZChatUser } from "@portico/shared/schemas/conversations";
import type {
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
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { issueKeys } from "./api";

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
