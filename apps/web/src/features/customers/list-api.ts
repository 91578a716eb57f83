/**
 * The customer list's API (issue 16): GET accountsinfo pages (the server filters, sorts and
 * counts), the CSV export with the same filters, and creating an organization. Rows arrive 200
 * at a time as the user scrolls, so the first rows show fast even with 20,000 accounts.
 */
import type { CustomerFilter } from "@portico/shared/rules/roles";
import type { CustomerSort, TCustomerRow } from "@portico/shared/schemas/customers";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";
import type { Query } from "../../lib/http";

export type { TCustomerRow };
/** ZPage(ZCustomerRow) */
export interface TCustomerPage {
  items: TCustomerRow[];
  total: number;
  page: number;
  page_size: number;
}

/** The largest page the server gives (ZCustomerListQuery's page_size maximum). */
export const CUSTOMERS_PAGE_SIZE = 200;

export type SortOrder = "ASC" | "DESC";

/** Everything the list is narrowed and ordered by: the remembered filter and this visit's choices. */
export interface CustomerListState {
  filter: CustomerFilter;
  following: boolean;
  /** The search as sent (already debounced and trimmed). */
  q: string;
  sort: CustomerSort;
  order: SortOrder;
}

export const DEFAULT_SORT: { sort: CustomerSort; order: SortOrder } = { sort: "company", order: "ASC" };

/** The query string of GET accountsinfo and its export (ZCustomerListQuery), without paging. */
export function customerListQuery(state: CustomerListState): Query {
  const { filter } = state;
  const byRole = filter.quickFilter !== "all";
  return {
    q: state.q || undefined,
    quick_filter: byRole ? filter.quickFilter : undefined,
    // No engineer chosen: the server takes the viewer ("Me").
    engineer_id: byRole && filter.userId !== null ? filter.userId : undefined,
    status: filter.status,
    plans: filter.plans.length > 0 ? filter.plans.join(",") : undefined,
    trial: filter.trial ? "true" : undefined,
    following: state.following ? "true" : undefined,
    sort: state.sort,
    order: state.order,
  };
}

export const customerListKeys = {
  all: ["customers", "list"] as const,
  list: (query: Query) => [...customerListKeys.all, query] as const,
};

export const customersApi = {
  page: (query: Query, page: number, signal?: AbortSignal) =>
    api.get<TCustomerPage>("/api/auth/accountsinfo", {
      query: { ...query, page, page_size: CUSTOMERS_PAGE_SIZE },
      aid: false,
      ...(signal ? { signal } : {}),
    }),
  /** Saves every matching row as CSV; resolves with the file's name. */
  exportCsv: (query: Query) =>
    downloadFile("/api/auth/accountsinfo/export", { query, aid: false, fallbackName: "customers.csv" }),
};

export function customersQuery(query: Query) {
  return infiniteQueryOptions({
    queryKey: customerListKeys.list(query),
    queryFn: ({ pageParam, signal }) => customersApi.page(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page ends it too: rows removed meanwhile must not make it ask forever.
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
  });
}

/** Reported capacity against the contract: over it, within 10% of it, or neither (or unknown). */
export type CapacityFlag = "over" | "near" | null;

export const NEAR_CONTRACT_SHARE = 0.9;

export function capacityFlag(contract: number | null, reported: number | null): CapacityFlag {
  if (contract === null || reported === null || contract <= 0) return null;
  if (reported > contract) return "over";
  return reported >= contract * NEAR_CONTRACT_SHARE ? "near" : null;
}
