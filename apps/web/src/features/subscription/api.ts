/**
 * The subscription of the organization acted on (issue 14): GET /api/auth/subscription and the
 * calls of the /subscription and /end-subscription screens. The upgrade flow's calls are in
 * upgrade-api.ts. Shapes are the shared schemas (packages/shared/src/schemas/billing.ts).
 */
import {
  SUBSCRIPTION_BASE,
  type TCancelInfo,
  type TCancelRequest,
  type TSubscriptionEvent,
  type TSubscriptionResponse,
  type TUpdateQuantityRequest,
  type TUpgradeEstimate,
} from "@portico/shared/schemas/billing";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toast";
import { api } from "../../lib/api-client";

export type { TCancelInfo, TSubscriptionEvent, TSubscriptionResponse, TUpgradeEstimate };
export type TSubscriptionDetail = NonNullable<TSubscriptionResponse["subscription"]>;
/** ZPage(ZSubscriptionEvent) */
export interface TEventPage {
  items: TSubscriptionEvent[];
  total: number;
  page: number;
  page_size: number;
}

export const EVENTS_PAGE_SIZE = 20;

export const subscriptionKeys = {
  all: ["subscription"] as const,
  detail: (accountId: number) => ["subscription", accountId, "detail"] as const,
  events: (accountId: number, page: number) => ["subscription", accountId, "events", page] as const,
  cancel: (accountId: number) => ["subscription", accountId, "cancel"] as const,
  quantityEstimate: (accountId: number, plan: string, capacity: number) =>
    ["subscription", accountId, "estimate", plan, capacity] as const,
};

export const subscriptionQuery = (accountId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(accountId),
    queryFn: ({ signal }) => api.get<TSubscriptionResponse>(SUBSCRIPTION_BASE, { aid: accountId, signal }),
  });

export const subscriptionEventsQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.events(accountId, page),
    queryFn: ({ signal }) =>
      api.get<TEventPage>(`${SUBSCRIPTION_BASE}/events`, {
        aid: accountId,
        signal,
        query: { page, page_size: EVENTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const cancelInfoQuery = (accountId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.cancel(accountId),
    queryFn: ({ signal }) => api.get<TCancelInfo>(`${SUBSCRIPTION_BASE}/cancel`, { aid: accountId, signal }),
  });

/** The prorated charge of a new capacity on the same plan (estimate/upgrade). */
export const quantityEstimateQuery = (accountId: number, plan: string, capacityTib: number) =>
  queryOptions({
    queryKey: subscriptionKeys.quantityEstimate(accountId, plan, capacityTib),
    queryFn: ({ signal }) =>
      api.get<TUpgradeEstimate>(`${SUBSCRIPTION_BASE}/estimate/upgrade`, {
        aid: accountId,
        signal,
        query: { service_type: plan, capacity: capacityTib, unit: "TiB" },
      }),
  });

/** The changes these screens make; each answers whatever the server says (the screens refetch). */
export const subscriptionApi = {
  updateQuantity: (accountId: number, body: TUpdateQuantityRequest) =>
    api.post<unknown>(`${SUBSCRIPTION_BASE}/updatequantity`, body, { aid: accountId }),
  autoRenew: (accountId: number, enabled: boolean) =>
    api.post<unknown>(`${SUBSCRIPTION_BASE}/auto_renew`, { enabled }, { aid: accountId }),
  cancel: (accountId: number, body: TCancelRequest) =>
    api.post<unknown>(`${SUBSCRIPTION_BASE}/cancel`, body, { aid: accountId }),
  undoCancel: (accountId: number) =>
    api.post<unknown>(`${SUBSCRIPTION_BASE}/undo-cancel`, {}, { aid: accountId }),
  endNow: (accountId: number, subscriptionId: number) =>
    api.post<unknown>(`${SUBSCRIPTION_BASE}/end/${subscriptionId}`, {}, { aid: accountId }),
};

/**
 * A change to the subscription: on success everything about it is fetched again and `success`
 * names the outcome in a toast. A failure stays on the mutation (`error`) for the screen to show
 * beside the control, and mutateAsync rethrows it so a confirmation dialog stays open.
 */
export function useSubscriptionChange<TVariables = void>(
  change: (variables: TVariables) => Promise<unknown>,
  success: (answer: unknown, variables: TVariables) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer, variables) => {
      toast.success(success(answer, variables));
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}

/** The cancel date in an answer (cancel answers the cancel info or the subscription), if any. */
export function cancelDateIn(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const record = answer as { cancel_at?: unknown; subscription?: { cancel_at?: unknown } | null };
  const date = record.cancel_at ?? record.subscription?.cancel_at;
  return typeof date === "string" ? date : null;
}
