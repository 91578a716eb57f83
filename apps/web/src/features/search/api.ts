/** Search API (POST /api/chat/search): pages of hits as an infinite query, keyed by the request. */
import type { TSearchRequest, TSearchResponse } from "@portico/shared/schemas/search";
import { infiniteQueryOptions, keepPreviousData } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type SearchType = NonNullable<TSearchRequest["type"]>;
export type SearchSort = NonNullable<TSearchRequest["sort"]>;

export interface SearchParams {
  query: string;
  type: SearchType;
  sort: SearchSort;
  /** Engineers: one organization, or null for every organization. */
  accountId: number | null;
  /**
   * Engineers name their scope in the body; customers search the organization they act for
   * (the `aid` the header's switcher sends with every call).
   */
  engineer: boolean;
}

export const SEARCH_PAGE_SIZE = 20;

export function searchQuery(params: SearchParams) {
  return infiniteQueryOptions({
    queryKey: ["search", params] as const,
    queryFn: ({ pageParam, signal }) =>
      api.post<TSearchResponse>(
        "/api/chat/search",
        {
          type: params.type,
          query: params.query,
          sort: params.sort,
          page: pageParam,
          page_size: SEARCH_PAGE_SIZE,
          ...(params.accountId === null ? {} : { account_id: params.accountId }),
        } satisfies TSearchRequest,
        params.engineer ? { signal, aid: false } : { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // While the next query loads, the previous results stay (no flash of the loading state).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
