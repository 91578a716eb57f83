/** Placeholder until its owner lands it (issue 15): the Stripe provider. */
import type { BillingProviderName } from "@portico/shared/schemas/billing";
import type { Config } from "../../config";
import type { BillingProvider } from "./provider";

export type StripeConfig = NonNullable<Config["billing"]["stripe"]>;

export function createStripeProvider(_config: StripeConfig, _opts: { publicUrl: string }): BillingProvider {
  const name: BillingProviderName = "STRIPE";
  throw new Error(`the ${name} provider is not built yet`);
}
