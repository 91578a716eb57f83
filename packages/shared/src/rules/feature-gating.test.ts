import { describe, expect, it } from "vitest";
import { type FeatureGateInput, isFeatureAllowed } from "./feature-gating";

const customer = { accountId: 42, isEngineer: false, isVendorMember: false };

describe("isFeatureAllowed", () => {
  it.each<[string, Omit<FeatureGateInput, "feature">, boolean]>([
    ["engineer in production", { ...customer, env: "production", isEngineer: true }, true],
    ["vendor member in production", { ...customer, env: "production", isVendorMember: true }, true],
    ["customer in production", { ...customer, env: "production" }, false],
    ["account 1 in production", { ...customer, env: "production", accountId: 1 }, true],
    ["no account in production", { ...customer, env: "production", accountId: null }, false],
    ["customer in staging", { ...customer, env: "staging" }, true],
    ["customer in development", { ...customer, env: "development" }, true],
    ["unknown env treated as production", { ...customer, env: "qa" }, false],
    ["missing env treated as production", { ...customer, env: undefined }, false],
    ["account 1 with unknown env", { ...customer, env: null, accountId: 1 }, true],
  ])("%s → %s", (_name, input, expected) => {
    expect(isFeatureAllowed({ ...input, feature: "todo" })).toBe(expected);
    expect(isFeatureAllowed({ ...input, feature: "cluster_explorer" })).toBe(expected);
  });
});
