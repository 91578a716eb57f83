/**
 * The billing services of one app: the provider registry and the jobs the subscription life
 * cycle runs. An account is billed by its `subscription_provider` (STRIPE or CHARGEBEE): by the
 * real provider when its keys are configured (STRIPE_*, CHARGEBEE_*), otherwise, with
 * BILLING_TEST_MODE, by the local test-mode provider of that name; otherwise not at all (503).
 */
import type { BillingProviderName } from "@portico/shared/schemas/billing";
import type { AppContext } from "../../platform/context";
import { HttpError } from "../../platform/errors";
import { createChargebeeProvider } from "./chargebee-provider";
import { handleProviderEvent } from "./events";
import type { BillingProvider } from "./provider";
import { registerReconcileJob } from "./reconcile";
import { createStripeProvider } from "./stripe-provider";
import { registerSyncJob } from "./sync";
import { registerTestModeJobs, TestModeProvider } from "./test-mode-provider";

export const PAYMENTS_NOT_SET_UP = "Card payments are not set up on this server";

export interface BillingProviders {
  /** The provider of that name; 503 when this server has none. */
  for(name: BillingProviderName): BillingProvider;
  /** Whether payments through that provider are test payments (what the screens say). */
  isTestMode(name: BillingProviderName): boolean;
  /** The real provider of that name when its keys are configured (its webhook endpoint answers). */
  real(name: BillingProviderName): BillingProvider | undefined;
}

export interface Billing {
  ctx: AppContext;
  providers: BillingProviders;
}

export function createBilling(ctx: AppContext): Billing {
  const made = new Map<BillingProviderName, BillingProvider>();
  const { testMode, testDelayMs, stripe, chargebee } = ctx.config.billing;
  const { publicUrl } = ctx.config;
  const configured = (name: BillingProviderName) => (name === "STRIPE" ? stripe : chargebee) !== undefined;
  const real = (name: BillingProviderName): BillingProvider | undefined => {
    if (name === "STRIPE" && stripe) return createStripeProvider(stripe, { publicUrl });
    if (name === "CHARGEBEE" && chargebee) return createChargebeeProvider(chargebee, { publicUrl });
    return undefined;
  };
  const providers: BillingProviders = {
    for(name) {
      let provider = made.get(name);
      if (!provider) {
        provider =
          real(name) ??
          (testMode
            ? new TestModeProvider({ name, db: ctx.db, jobs: ctx.jobs, delayMs: testDelayMs, publicUrl })
            : undefined);
        if (!provider) throw new HttpError(503, PAYMENTS_NOT_SET_UP);
        made.set(name, provider);
      }
      return provider;
    },
    // Stripe test keys and a Chargebee test site are test mode too: the screens say so.
    isTestMode: (name) => (configured(name) ? providers.for(name).testMode : testMode),
    real: (name) => (configured(name) ? providers.for(name) : undefined),
  };
  const billing: Billing = { ctx, providers };
  // Registered whatever the mode: events already queued by a test provider are still delivered.
  registerTestModeJobs(ctx.jobs, async (tx, event) => {
    await handleProviderEvent(billing, tx, event);
  });
  registerSyncJob(billing);
  registerReconcileJob(billing);
  return billing;
}
