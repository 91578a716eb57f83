/**
 * Feature gating of spec §6 for features still being rolled out (todos, cluster explorer).
 * Checked by the server on the feature's calls and by the web app to hide its entry points.
 */
import { VENDOR_ACCOUNT_ID } from "../schemas/accounts";
import type { DeployEnv } from "../schemas/operations";

export const GATED_FEATURES = ["todo", "cluster_explorer"] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

/** The one customer account that sees gated features in production (the vendor's own). */
export const PRODUCTION_FEATURE_ACCOUNT_ID = VENDOR_ACCOUNT_ID;

export interface FeatureGateInput {
  /** Both features follow the same rule today; named so a per-feature rule has a place. */
  feature: GatedFeature;
  /** Unknown or missing environments are treated as production: fail closed. */
  env: DeployEnv | string | null | undefined;
  /** The account acted on, or null for a user without one. */
  accountId: number | null;
  isEngineer: boolean;
  /** Member of the vendor's own company. */
  isVendorMember: boolean;
}

export function isFeatureAllowed(input: FeatureGateInput): boolean {
  if (input.isEngineer || input.isVendorMember) return true;
  if (input.env === "development" || input.env === "staging") return true;
  return input.accountId === PRODUCTION_FEATURE_ACCOUNT_ID;
}
