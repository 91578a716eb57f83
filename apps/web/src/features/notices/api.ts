/**
 * Notifications engineers send (issue 17; packages/shared/src/schemas/notices.ts): the list and
 * one notice (GET notices, GET notices/:id; failures read "Error while listing notices : …", §8
 * 4001), the audience's preview and sending (POST notices/preview, POST notices; 4002). The
 * pickers of the send dialog search organizations (GET organizations?q=, the console's own search)
 * and users (GET users?q=, the users directory). No call acts as an organization: no `aid`.
 */
import { ALERTS, alertMessage } from "@portico/shared/errors";
import type { TNotice } from "@portico/shared/schemas/notices";
import type { TDirectoryUser, TUserDirectoryPage, UserDirectoryStatus } from "@portico/shared/schemas/users";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TNotice };

export interface TNoticePage {
  items: TNotice[];
  total: number;
  page: number;
  page_size: number;
}

export interface TNoticePreview {
  recipients: number;
  emailed: number;
}

/** Who a notice is for, as sent (the shared ZNoticeAudienceRequest). */
export interface TNoticeAudience {
  audience: TNotice["audience"];
  account_ids: number[];
  user_ids: number[];
}

export interface TSendNotice extends TNoticeAudience {
  title: string;
  body: string;
  send_email: boolean;
}

/** One user of the directory, as the picker needs it (GET /api/auth/users, ZDirectoryUser). */
export type TUserChoice = Pick<TDirectoryUser, "user_id" | "name" | "email">;

export const NOTICES_PAGE_SIZE = 25;
/** Options a picker shows for one search. */
export const PICKER_SIZE = 20;

const listing = { aid: false, alert: ALERTS.LIST_NOTICES } as const;
const sending = { aid: false, alert: ALERTS.SEND_NOTICE } as const;

/** "Error while listing notices : reason" (spec §8, 4001). */
export function noticesError(error: { error: string }): string {
  return alertMessage(ALERTS.LIST_NOTICES, error.error);
}

export const noticeKeys = {
  all: ["notices"] as const,
  lists: ["notices", "list"] as const,
  list: (page: number, q: string) => ["notices", "list", { page, q }] as const,
  detail: (id: number) => ["notices", "detail", id] as const,
  preview: (audience: TNoticeAudience) => ["notices", "preview", audience] as const,
};

/** Read every 2 s while any notice on the page is still being delivered. */
export const SENDING_REFRESH_MS = 2_000;

const anySending = (notices: readonly TNotice[] | undefined) =>
  notices?.some((notice) => notice.status === "sending") ?? false;

export function noticeListQuery(page: number, q: string) {
  return queryOptions({
    queryKey: noticeKeys.list(page, q),
    queryFn: ({ signal }) =>
      api.get<TNoticePage>("/api/auth/notices", {
        ...listing,
        signal,
        query: { page, page_size: NOTICES_PAGE_SIZE, q: q || undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anySending(query.state.data?.items) ? SENDING_REFRESH_MS : false),
  });
}

export function noticeQuery(id: number) {
  return queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => api.get<TNotice>(`/api/auth/notices/${id}`, { ...listing, signal }),
    refetchInterval: (query) => (query.state.data?.status === "sending" ? SENDING_REFRESH_MS : false),
  });
}

/** How many the audience reaches; asked only for an audience with someone chosen. */
export function noticePreviewQuery(audience: TNoticeAudience, enabled: boolean) {
  return queryOptions({
    queryKey: noticeKeys.preview(audience),
    queryFn: ({ signal }) =>
      api.post<TNoticePreview>("/api/auth/notices/preview", audience, { ...sending, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Users of the directory whose name or e-mail contains `search`, enabled ones only. */
export function userSearchQuery(search: string) {
  return queryOptions({
    queryKey: ["user-directory-search", search],
    queryFn: async ({ signal }): Promise<TUserChoice[]> => {
      const status: UserDirectoryStatus = "enabled";
      const query = {
        q: search || undefined,
        status,
        page_size: PICKER_SIZE,
      };
      const page = await api.get<TUserDirectoryPage>("/api/auth/users", { aid: false, signal, query });
      return page.items;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const noticesApi = {
  send: (body: TSendNotice) => api.post<TNotice>("/api/auth/notices", body, sending),
};
