/** Spec §6 feature gating on the server: the shared rule, fed with the deployment and the viewer. */
import { type GatedFeature, isFeatureAllowed } from "@portico/shared/rules/feature-gating";
import type { Config } from "../../config";
import { membershipRole, VENDOR_ACCOUNT_ID, type Viewer } from "./viewer";

export function featureAllowed(
  config: Pick<Config, "deployEnv">,
  /** null: a machine credential, neither an engineer nor a vendor member. */
  viewer: Viewer | null,
  feature: GatedFeature,
  accountId: number | null,
): boolean {
  return isFeatureAllowed({
    feature,
    env: config.deployEnv,
    accountId,
    isEngineer: viewer?.isEngineer ?? false,
    isVendorMember: viewer ? membershipRole(viewer, VENDOR_ACCOUNT_ID) !== undefined : false,
  });
}
