/**
 * The upgrade flow's calls (issue 14): plans and the live estimate, preparing a payment (or a
 * resubscription), making the change once paid, the contact-sales request, polling a payment,
 * and the test-mode provider's card confirmation and hosted page. Shapes are the shared schemas
 * (packages/shared/src/schemas/billing.ts); every call names the organization acted on (`aid`).
 */

import type { CapacityUnit, Currency } from "@portico/shared/rules/billing";
import {
  SUBSCRIPTION_BASE,
  TEST_MODE_BASE,
  type TPayment,
  type TPreparedPayment,
  type TPrepareUpgradeRequest,
  type TResubscribeRequest,
  type TSalesRequestInput,
  type TTestCardRequest,
  type TUpgradeEstimate,
  type TUpgradePlan,
  type TUpgradeRequest,
  type TUpgradeResult,
  type ZHostedCheckout,
  type ZSalesRequestAnswer,
  type ZTestCardAnswer,
  type ZTestCheckoutInfo,
} from "@portico/shared/schemas/billing";
import type { z } from "@portico/shared/zod";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { subscriptionKeys } from "./api";

export type { TPayment, TPreparedPayment, TUpgradeEstimate, TUpgradePlan };
export type THostedCheckout = z.infer<typeof ZHostedCheckout>;
export type TTestCardAnswer = z.infer<typeof ZTestCardAnswer>;
export type TTestCheckoutInfo = z.infer<typeof ZTestCheckoutInfo>;
export type TSalesRequestAnswer = z.infer<typeof ZSalesRequestAnswer>;

/** What the estimate is asked for: the capacity as typed (digits), in its unit. */
export interface EstimateInput {
  service_type: string;
  capacity: string;
  unit: CapacityUnit;
  currency: Currency | undefined;
}

// Under the subscription's keys, so a change that invalidates the subscription refreshes these too.
export const upgradeKeys = {
  plans: (accountId: number) => [...subscriptionKeys.all, accountId, "upgrade-plans"] as const,
  estimate: (accountId: number, input: EstimateInput) =>
    [...subscriptionKeys.all, accountId, "estimate-upgrade", input] as const,
  payment: (accountId: number, paymentIntentId: string) =>
    [...subscriptionKeys.all, accountId, "payment", paymentIntentId] as const,
  testCheckout: (paymentIntentId: string) => ["test-checkout", paymentIntentId] as const,
};

const testPayment = (paymentIntentId: string) =>
  `${TEST_MODE_BASE}/payments/${encodeURIComponent(paymentIntentId)}`;

export const upgradeApi = {
  plans: (accountId: number, signal?: AbortSignal) =>
    api.get<TUpgradePlan[]>(`${SUBSCRIPTION_BASE}/upgrade/plans`, { aid: accountId, signal }),
  estimate: (accountId: number, input: EstimateInput, signal?: AbortSignal) =>
    api.get<TUpgradeEstimate>(`${SUBSCRIPTION_BASE}/estimate/upgrade`, {
      aid: accountId,
      signal,
      query: { ...input },
    }),
  prepare: (accountId: number, body: TPrepareUpgradeRequest) =>
    api.post<TPreparedPayment>(`${SUBSCRIPTION_BASE}/upgrade/prepare`, body, { aid: accountId }),
  resubscribeCheckout: (accountId: number, body: TResubscribeRequest) =>
    api.post<TPreparedPayment>(`${SUBSCRIPTION_BASE}/resubscribe_checkout`, body, { aid: accountId }),
  chargebeeResubscribe: (accountId: number, body: TResubscribeRequest) =>
    api.post<THostedCheckout>(`${SUBSCRIPTION_BASE}/chargebee_resubscribe`, body, { aid: accountId }),
  upgrade: (accountId: number, body: TUpgradeRequest) =>
    api.post<TUpgradeResult>(`${SUBSCRIPTION_BASE}/upgrade`, body, { aid: accountId }),
  requestSales: (accountId: number, body: TSalesRequestInput) =>
    api.post<TSalesRequestAnswer>(`${SUBSCRIPTION_BASE}/upgrade/request`, body, { aid: accountId }),
  payment: (accountId: number, paymentIntentId: string, signal?: AbortSignal) =>
    api.get<TPayment>(`${SUBSCRIPTION_BASE}/payments/${encodeURIComponent(paymentIntentId)}`, {
      aid: accountId,
      signal,
    }),
  /** The test-mode provider's card form (what a provider's own card element would call). */
  confirmTestCard: (paymentIntentId: string, body: TTestCardRequest) =>
    api.post<TTestCardAnswer>(`${testPayment(paymentIntentId)}/confirm`, body, { aid: false }),
  testCheckout: (paymentIntentId: string, signal?: AbortSignal) =>
    api.get<TTestCheckoutInfo>(`${TEST_MODE_BASE}/checkout/${encodeURIComponent(paymentIntentId)}`, {
      aid: false,
      signal,
    }),
};

export const upgradePlansQuery = (accountId: number) =>
  queryOptions({
    queryKey: upgradeKeys.plans(accountId),
    queryFn: ({ signal }) => upgradeApi.plans(accountId, signal),
  });

export const upgradeEstimateQuery = (accountId: number, input: EstimateInput) =>
  queryOptions({
    queryKey: upgradeKeys.estimate(accountId, input),
    queryFn: ({ signal }) => upgradeApi.estimate(accountId, input, signal),
    // The lines stay while the next capacity is priced, instead of flashing empty per keystroke.
    placeholderData: keepPreviousData,
  });

/** How often the confirmation screen asks whether the provider has confirmed the payment. */
export const PAYMENT_POLL_MS = 1500;

/** The payment's story is over: the change is made, or it will not be. */
export function paymentSettled(payment: TPayment): boolean {
  return payment.applied || payment.status === "failed" || payment.status === "canceled";
}

export const paymentQuery = (accountId: number, paymentIntentId: string) =>
  queryOptions({
    queryKey: upgradeKeys.payment(accountId, paymentIntentId),
    queryFn: ({ signal }) => upgradeApi.payment(accountId, paymentIntentId, signal),
    refetchInterval: (query) =>
      query.state.data && paymentSettled(query.state.data) ? false : PAYMENT_POLL_MS,
  });

export const testCheckoutQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: upgradeKeys.testCheckout(paymentIntentId),
    queryFn: ({ signal }) => upgradeApi.testCheckout(paymentIntentId, signal),
  });

/** The confirmation screen of a payment. */
export const confirmationPath = (paymentIntentId: string) =>
  `/upgrade-subscription-confirmation?payment_intent=${encodeURIComponent(paymentIntentId)}`;

/** A provider's hosted page is another site: the browser leaves the app for it. */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}

/**
 * Where a hosted checkout returns to: inside the app it is a route change (the session and the
 * query cache stay); anywhere else a page load.
 */
export function followReturnUrl(url: string, navigate: (to: string) => void): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) navigate(target.pathname + target.search + target.hash);
  else leaveForCheckout(target.href);
}
