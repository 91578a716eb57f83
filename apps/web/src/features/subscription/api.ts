/**
 * The subscription of the organization acted on (issue 14): GET /api/auth/subscription and the
 * calls of the /subscription and /end-subscription screens. The upgrade flow's calls are in
 * upgrade-api.ts. Shapes are the shared schemas (packages/shared/src/schemas/billing.ts).
 */
import { SUBSCRIPTION_BASE, type TSubscriptionResponse } from "@portico/shared/schemas/billing";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TSubscriptionResponse };

export const subscriptionKeys = {
  all: ["subscription"] as const,
  detail: (accountId: number) => ["subscription", accountId, "detail"] as const,
  events: (accountId: number, page: number) => ["subscription", accountId, "events", page] as const,
};

export const subscriptionQuery = (accountId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(accountId),
    queryFn: ({ signal }) => api.get<TSubscriptionResponse>(SUBSCRIPTION_BASE, { aid: accountId, signal }),
  });
