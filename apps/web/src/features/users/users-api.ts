/**
 * The users screens' calls (issue 17): the engineers' directory (GET /api/auth/users, loaded a
 * page at a time with "Load more"), the users without membership (GET
 * accounts/users-without-membership), resending an invitation (POST invites/:id/resend?aid=) and
 * attaching a user to an organization (POST set-team). The selected organization's members come
 * from the customer page's query (GET account-users?aid=), so the account actions' dialogs read
 * them again after each change.
 */
import type {
  TResentInvite,
  TUserDirectoryPage,
  UserDirectoryKind,
  UserDirectoryStatus,
} from "@portico/shared/schemas/users";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export interface TUserWithoutMembership {
  user_id: number;
  name: string;
  email: string;
  created_at: string;
}
export interface TUserWithoutMembershipPage {
  items: TUserWithoutMembership[];
  total: number;
  page: number;
  page_size: number;
}

export const DIRECTORY_PAGE_SIZE = 50;
export const WITHOUT_MEMBERSHIP_PAGE_SIZE = 50;

export interface DirectoryFilters {
  q: string;
  kind: UserDirectoryKind;
  status: UserDirectoryStatus;
}

export const usersKeys = {
  all: ["users"] as const,
  directory: (filters: DirectoryFilters) => [...usersKeys.all, "directory", filters] as const,
  withoutMembership: (q: string, page: number) => [...usersKeys.all, "without-membership", q, page] as const,
};

const none = { aid: false } as const;

export const usersApi = {
  directory: (filters: DirectoryFilters, page: number, signal?: AbortSignal) =>
    api.get<TUserDirectoryPage>("/api/auth/users", {
      ...none,
      signal,
      query: {
        page,
        page_size: DIRECTORY_PAGE_SIZE,
        q: filters.q || undefined,
        kind: filters.kind,
        status: filters.status,
      },
    }),
  withoutMembership: (q: string, page: number, signal?: AbortSignal) =>
    api.get<TUserWithoutMembershipPage>("/api/auth/accounts/users-without-membership", {
      ...none,
      signal,
      query: { page, page_size: WITHOUT_MEMBERSHIP_PAGE_SIZE, q: q || undefined },
    }),
  resendInvite: (accountId: number, inviteId: number) =>
    api.post<TResentInvite>(`/api/auth/invites/${inviteId}/resend`, undefined, { aid: accountId }),
};

export const directoryQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: usersKeys.directory(filters),
    queryFn: ({ pageParam, signal }) => usersApi.directory(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export const withoutMembershipQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: usersKeys.withoutMembership(q, page),
    queryFn: ({ signal }) => usersApi.withoutMembership(q, page, signal),
    placeholderData: keepPreviousData,
  });
