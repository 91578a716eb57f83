/**
 * The calls of the account actions (spec §2.4, issue 16). Each names its account in the path or
 * the body (never the selected organization), and every success reads the console again through
 * `useAccountAction`: the customer list and every account page (customerKeys.all), since an action
 * on one account can show on another (a user moved by set-team) and in the list's columns.
 */
import type { TTeam } from "@portico/shared/schemas/accounts";
import {
  CUSTOMER_MESSAGES,
  type TCustomerDetail,
  type TUseCase,
  type ZAccountEngineers,
  type ZSetAccountEngineersRequest,
  type ZSetTeamRequest,
  type ZTimeLogRequest,
  type ZUpdateAccountDetailsRequest,
  type ZUseCaseRequest,
  type ZUserStateResponse,
} from "@portico/shared/schemas/customers";
import type { z } from "@portico/shared/zod";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api-client";
import { userQueryKey } from "../../../lib/current-user";
import { customerKeys } from "../account-api";

export type TUpdateAccountDetails = z.input<typeof ZUpdateAccountDetailsRequest>;
export type TSetTeam = z.input<typeof ZSetTeamRequest>;
export type TTimeLogInput = z.input<typeof ZTimeLogRequest>;
export type TSetEngineers = z.input<typeof ZSetAccountEngineersRequest>;
export type TUserState = z.infer<typeof ZUserStateResponse>;
export type TAccountEngineers = z.infer<typeof ZAccountEngineers>;

const auth = "/api/auth";
const account = (id: number) => `${auth}/accounts/${id}`;
const none = { aid: false } as const;

export const actionsApi = {
  rename: (accountId: number, name: string) =>
    api.post<unknown>(`${auth}/update-organization-name`, { account_id: accountId, name }, none),
  updateDetails: (accountId: number, body: TUpdateAccountDetails) =>
    api.post<TCustomerDetail>(account(accountId), body, none),
  setDisabled: (accountId: number, disable: boolean) =>
    api.post<TCustomerDetail>(`${auth}/account/${accountId}`, { disable }, none),
  deleteAccount: (accountId: number) => api.delete<void>(account(accountId), none),
  invite: (accountId: number, email: string, role: "user" | "owner") =>
    api.post<{ message: string; invited?: string[] }>(
      `${auth}/signup/init`,
      { users: [{ email, role }], account_id: accountId },
      none,
    ),
  revokeInvite: (accountId: number, inviteId: number) =>
    api.delete<void>(`${auth}/invites/${inviteId}`, { aid: accountId }),
  setUserDisabled: (userId: number, disable: boolean) =>
    api.post<TUserState>(`${auth}/users/${userId}/disable`, { disable }, none),
  removeUsers: (accountId: number, userIds: readonly number[]) =>
    api.delete<void>(`${auth}/users`, { aid: accountId, query: { user_ids: userIds.join(",") } }),
  setOwner: (accountId: number, userId: number, owner: boolean) =>
    api.post<unknown>(`${auth}/set-account-owner`, { account_id: accountId, user_id: userId, owner }, none),
  setTeam: (body: TSetTeam) => api.post<TTeam>(`${auth}/set-team`, body, none),
  setAdmin: (userId: number, admin: boolean) =>
    api.post<unknown>(`${auth}/set-admin`, { user_id: userId, admin }, none),
  setMfa: (userId: number, enable: boolean) =>
    api.post<TUserState>(`${auth}/users/${userId}/mfa`, { enable_mfa: enable }, none),
  logTime: (accountId: number, body: TTimeLogInput) =>
    api.post<unknown>(`${account(accountId)}/time-logs`, body, none),
  setEngineers: (accountId: number, body: TSetEngineers) =>
    api.put<TAccountEngineers>(`${account(accountId)}/engineers`, body, none),
  useCases: (signal?: AbortSignal) => api.get<TUseCase[]>(`${auth}/use-cases`, { ...none, signal }),
  createUseCase: (body: z.input<typeof ZUseCaseRequest>) =>
    api.post<TUseCase>(`${auth}/use-cases`, body, none),
  setUseCases: (accountId: number, useCaseIds: readonly number[]) =>
    api.put<unknown>(`${account(accountId)}/use-cases`, { use_case_ids: useCaseIds }, none),
};

export const useCasesQuery = queryOptions({
  queryKey: ["use-cases"],
  queryFn: ({ signal }) => actionsApi.useCases(signal),
});

/** Someone else saved the organization since it was read (POST accounts/:id answers 409). */
export function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.error === CUSTOMER_MESSAGES.stale;
}

/**
 * A mutation of the console: on success the console's queries are read again (and the viewer's
 * own, when `refreshViewer`: a rename shows in the organization switcher). The caller gives the
 * feedback (toast, inline error).
 */
export function useAccountAction<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  options: { refreshViewer?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      if (options.refreshViewer) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: userQueryKey }),
          queryClient.invalidateQueries({ queryKey: ["organization-search"] }),
        ]);
      }
    },
  });
}
