/**
 * The catalogue as engineers see it (GET productswithplans, ?all=true with every version), an
 * admin's plan edit (PUT plans/{plan_id}: the plan's next version) and the contact-sales requests
 * (GET sales-requests). Shapes are the shared schemas (packages/shared/src/schemas/billing.ts).
 */
import {
  SUBSCRIPTION_BASE,
  type TEditPlanRequest,
  type TPlan,
  type TProductWithPlans,
  type TSalesRequestRow,
} from "@portico/shared/schemas/billing";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TEditPlanRequest, TPlan, TProductWithPlans, TSalesRequestRow };

/** ZPage(ZSalesRequestRow) */
export interface TSalesRequestPage {
  items: TSalesRequestRow[];
  total: number;
  page: number;
  page_size: number;
}

export const SALES_REQUESTS_PAGE_SIZE = 25;

export const catalogueKeys = {
  all: ["catalogue"] as const,
  products: (allVersions: boolean) => ["catalogue", "productswithplans", allVersions] as const,
  salesRequests: (page: number) => ["catalogue", "sales-requests", page] as const,
};

export const plansApi = {
  productsWithPlans: (allVersions: boolean, signal?: AbortSignal) =>
    api.get<TProductWithPlans[]>(`${SUBSCRIPTION_BASE}/productswithplans`, {
      aid: false,
      signal,
      query: { all: allVersions ? "true" : undefined },
    }),
  editPlan: (planId: number, body: TEditPlanRequest) =>
    api.put<TPlan>(`${SUBSCRIPTION_BASE}/plans/${planId}`, body, { aid: false }),
  salesRequests: (page: number, signal?: AbortSignal) =>
    api.get<TSalesRequestPage>(`${SUBSCRIPTION_BASE}/sales-requests`, {
      aid: false,
      signal,
      query: { page, page_size: SALES_REQUESTS_PAGE_SIZE },
    }),
};

export const productsWithPlansQuery = (allVersions: boolean) =>
  queryOptions({
    queryKey: catalogueKeys.products(allVersions),
    queryFn: ({ signal }) => plansApi.productsWithPlans(allVersions, signal),
    placeholderData: keepPreviousData,
  });

export const salesRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: catalogueKeys.salesRequests(page),
    queryFn: ({ signal }) => plansApi.salesRequests(page, signal),
    placeholderData: keepPreviousData,
  });
