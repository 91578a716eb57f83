/**
 * The billing services of one app: the provider registry and the jobs the subscription life
 * cycle runs. An account is billed by its `subscription_provider` (STRIPE or CHARGEBEE). With
 * BILLING_TEST_MODE every name answers the local test-mode provider of that name; real providers
 * (issue 15) are added here, and until then a server without test mode has no card payments.
 */
import type { BillingProviderName } from "@portico/shared/schemas/billing";
import type { AppContext } from "../../platform/context";
import { HttpError } from "../../platform/errors";
import { handleProviderEvent } from "./events";
import type { BillingProvider } from "./provider";
import { registerSyncJob } from "./sync";
import { registerTestModeJobs, TestModeProvider } from "./test-mode-provider";

export const PAYMENTS_NOT_SET_UP = "Card payments are not set up on this server";

export interface BillingProviders {
  /** The provider of that name; 503 when this server has none. */
  for(name: BillingProviderName): BillingProvider;
  /** Whether payments through that provider are test payments (what the screens say). */
  isTestMode(name: BillingProviderName): boolean;
}

export interface Billing {
  ctx: AppContext;
  providers: BillingProviders;
}

export function createBilling(ctx: AppContext): Billing {
  const made = new Map<BillingProviderName, BillingProvider>();
  const { testMode, testDelayMs } = ctx.config.billing;
  const providers: BillingProviders = {
    for(name) {
      if (!testMode) throw new HttpError(503, PAYMENTS_NOT_SET_UP);
      let provider = made.get(name);
      if (!provider) {
        provider = new TestModeProvider({
          name,
          db: ctx.db,
          jobs: ctx.jobs,
          delayMs: testDelayMs,
          publicUrl: ctx.config.publicUrl,
        });
        made.set(name, provider);
      }
      return provider;
    },
    isTestMode: () => testMode,
  };
  const billing: Billing = { ctx, providers };
  // Registered whatever the mode: events already queued by a test provider are still delivered.
  registerTestModeJobs(ctx.jobs, (tx, event) => handleProviderEvent(billing, tx, event));
  registerSyncJob(billing);
  return billing;
}
