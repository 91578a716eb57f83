import { describe, expect, it } from "vitest";
import { PANIC_MESSAGES } from "../schemas/search";
import { type PanicInput, panicRefusal } from "./panic";

const paid: PanicInput["account"] = {
  isDisabled: false,
  hasSupport: true,
  planStatus: "active",
  serviceType: "ENTERPRISE",
  isTrial: false,
};

describe("panicRefusal", () => {
  it.each<[string, Partial<PanicInput["account"]>, boolean, string | null]>([
    ["a paid plan with support", {}, false, null],
    ["standard", { serviceType: "STANDARD" }, false, null],
    ["a trial of enterprise-plus", { serviceType: "ENTERPRISE-PLUS", isTrial: true }, false, null],
    ["a custom contract", { serviceType: "CUSTOM" }, false, null],
    ["past due still has support", { planStatus: "past_due" }, false, null],
    ["no plan", { serviceType: null }, false, PANIC_MESSAGES.notAllowedPlan],
    ["a plain trial", { serviceType: "TRIAL" }, false, PANIC_MESSAGES.notAllowedPlan],
    ["a trial of standard", { serviceType: "STANDARD", isTrial: true }, false, PANIC_MESSAGES.notAllowedPlan],
    ["no support contract", { hasSupport: false }, false, PANIC_MESSAGES.notAllowedSupport],
    ["a cancelled plan", { planStatus: "canceled" }, false, PANIC_MESSAGES.cancelled],
    ["a disabled organization", { isDisabled: true }, false, PANIC_MESSAGES.disabled],
    ["an engineer, for an account without a plan", { serviceType: null, hasSupport: false }, true, null],
    ["an engineer, for a disabled organization", { isDisabled: true }, true, PANIC_MESSAGES.disabled],
  ])("%s", (_name, account, isEngineer, expected) => {
    expect(panicRefusal({ isEngineer, account: { ...paid, ...account } })).toBe(expected);
  });
});
