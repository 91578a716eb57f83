/**
 * The customer page's reads (issue 16, /customers/:id): the account (GET accountsinfo/:id), its
 * users, history, alerts and time log, and following. Every key of one account starts with
 * `customerKeys.account(id)`, so an action invalidates the whole page with that one prefix
 * (account actions: features/customers/account-actions). The account is named in the path or
 * sent as `aid` explicitly, never taken from the selected organization.
 */
import type { ZAccountUsersResponse } from "@portico/shared/schemas/accounts";
import type {
  TAuditEntry,
  TCustomerDetail,
  ZAccountAlertPage,
  ZFollowResult,
  ZTimeLogList,
} from "@portico/shared/schemas/customers";
import type { z } from "@portico/shared/zod";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TAuditEntry, TCustomerDetail };
export type TAccountUsersResponse = z.infer<typeof ZAccountUsersResponse>;
export type TAccountAlertPage = z.infer<typeof ZAccountAlertPage>;
export type TTimeLogList = z.infer<typeof ZTimeLogList>;
export type TFollowResult = z.infer<typeof ZFollowResult>;
export interface THistoryPage {
  items: TAuditEntry[];
  total: number;
  page: number;
  page_size: number;
}

/** Rows per page of the history, alerts and time log tabs. */
export const CUSTOMER_TAB_PAGE_SIZE = 50;

export const customerKeys = {
  /** Everything of the console: the list (features/customers/list-api.ts) and every account page. */
  all: ["customers"] as const,
  /** Every query of one account's page: invalidate this after any action on the account. */
  account: (accountId: number) => ["customers", "account", accountId] as const,
  detail: (accountId: number) => [...customerKeys.account(accountId), "detail"] as const,
  users: (accountId: number) => [...customerKeys.account(accountId), "users"] as const,
  history: (accountId: number, page: number) =>
    [...customerKeys.account(accountId), "history", page] as const,
  alerts: (accountId: number, page: number) => [...customerKeys.account(accountId), "alerts", page] as const,
  timeLogs: (accountId: number, page: number) =>
    [...customerKeys.account(accountId), "time-logs", page] as const,
};

const accountPath = (accountId: number) => `/api/auth/accounts/${accountId}`;

export const customerApi = {
  detail: (accountId: number, signal?: AbortSignal) =>
    api.get<TCustomerDetail>(`/api/auth/accountsinfo/${accountId}`, { aid: false, signal }),
  users: (accountId: number, signal?: AbortSignal) =>
    api.get<TAccountUsersResponse>("/api/auth/account-users", { aid: accountId, signal }),
  history: (accountId: number, page: number, signal?: AbortSignal) =>
    api.get<THistoryPage>(`${accountPath(accountId)}/history`, {
      aid: false,
      signal,
      query: { page, page_size: CUSTOMER_TAB_PAGE_SIZE },
    }),
  alerts: (accountId: number, page: number, signal?: AbortSignal) =>
    api.get<TAccountAlertPage>(`${accountPath(accountId)}/alerts`, {
      aid: false,
      signal,
      query: { page, page_size: CUSTOMER_TAB_PAGE_SIZE },
    }),
  timeLogs: (accountId: number, page: number, signal?: AbortSignal) =>
    api.get<TTimeLogList>(`${accountPath(accountId)}/time-logs`, {
      aid: false,
      signal,
      query: { page, page_size: CUSTOMER_TAB_PAGE_SIZE },
    }),
  deleteTimeLog: (accountId: number, logId: number) =>
    api.delete<void>(`${accountPath(accountId)}/time-logs/${logId}`, { aid: false }),
  follow: (accountId: number, follow: boolean) =>
    follow
      ? api.post<TFollowResult>(`${accountPath(accountId)}/follow`, undefined, { aid: false })
      : api.delete<TFollowResult>(`${accountPath(accountId)}/follow`, { aid: false }),
};

export const customerDetailQuery = (accountId: number) =>
  queryOptions({
    queryKey: customerKeys.detail(accountId),
    queryFn: ({ signal }) => customerApi.detail(accountId, signal),
  });

export const customerUsersQuery = (accountId: number) =>
  queryOptions({
    queryKey: customerKeys.users(accountId),
    queryFn: ({ signal }) => customerApi.users(accountId, signal),
  });

export const customerHistoryQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: customerKeys.history(accountId, page),
    queryFn: ({ signal }) => customerApi.history(accountId, page, signal),
    placeholderData: keepPreviousData,
  });

export const customerAlertsQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: customerKeys.alerts(accountId, page),
    queryFn: ({ signal }) => customerApi.alerts(accountId, page, signal),
    placeholderData: keepPreviousData,
  });

export const customerTimeLogsQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: customerKeys.timeLogs(accountId, page),
    queryFn: ({ signal }) => customerApi.timeLogs(accountId, page, signal),
    placeholderData: keepPreviousData,
  });

/** Follow or unfollow the account; the page and the list (its `following` column) are read again. */
export function useFollowAccount(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => customerApi.follow(accountId, follow),
    onSuccess: async ({ following }) => {
      queryClient.setQueryData<TCustomerDetail>(customerKeys.detail(accountId), (detail) =>
        detail ? { ...detail, following } : detail,
      );
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
