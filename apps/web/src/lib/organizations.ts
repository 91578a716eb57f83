import type { TAccountSummary, TTeam } from "@portico/shared/schemas/accounts";
import { keepPreviousData, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "./api-client";
import { persistedStore } from "./persisted-store";

/** The organizations the signed-in user belongs to. */
export const teamsQuery = queryOptions({
  queryKey: ["teams"],
  queryFn: () => api.get<TTeam[]>("/api/auth/teams", { aid: false }),
});

export const ORGANIZATION_SEARCH_SIZE = 20;

/** Engineers' organization search (GET /api/auth/organizations?q=): every account, by name. */
export function organizationSearchQuery(search: string) {
  return queryOptions({
    queryKey: ["organization-search", search],
    queryFn: ({ signal }) =>
      api.get<{ items: TAccountSummary[]; total: number }>("/api/auth/organizations", {
        aid: false,
        signal,
        query: { q: search || undefined, page_size: ORGANIZATION_SEARCH_SIZE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * Acts as an organization from now on (sent as `aid`), as choosing it in the switcher does: what
 * is cached belongs to the one selected before, so it is read again.
 */
export function useSelectOrganization(): (accountId: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (accountId: number) => {
      persistedStore.set("selectedAccountId", accountId);
      void queryClient.resetQueries();
    },
    [queryClient],
  );
}
