/** Placeholder until its owner lands it (issue 15): the Chargebee provider. */
import type { BillingProviderName } from "@portico/shared/schemas/billing";
import type { Config } from "../../config";
import type { BillingProvider } from "./provider";

export type ChargebeeConfig = NonNullable<Config["billing"]["chargebee"]>;

export function createChargebeeProvider(
  _config: ChargebeeConfig,
  _opts: { publicUrl: string },
): BillingProvider {
  const name: BillingProviderName = "CHARGEBEE";
  throw new Error(`the ${name} provider is not built yet`);
}
