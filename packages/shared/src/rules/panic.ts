/**
 * Who may raise a panic (spec §1, §6, §7.2 ispanicallowed): a panic alerts every engineer, so it
 * is for accounts whose plan carries support. Engineers may raise one for any account. The
 * server refuses with the reason; the web app shows the same reason instead of the form.
 */
import { PANIC_MESSAGES } from "../schemas/search";
import { planRankKey } from "./plan-rank";
import { isRestricted } from "./roles";

export interface PanicInput {
  isEngineer: boolean;
  account: {
    isDisabled: boolean;
    hasSupport: boolean;
    planStatus: string | null;
    serviceType: string | null;
    isTrial: boolean;
  };
}

/** The reason a panic is refused, or null when it is allowed. */
export function panicRefusal({ isEngineer, account }: PanicInput): string | null {
  if (account.isDisabled) return PANIC_MESSAGES.disabled;
  if (isEngineer) return null;
  if (!account.hasSupport) return PANIC_MESSAGES.notAllowedSupport;
  if (isRestricted({ isEngineer, planStatus: account.planStatus })) return PANIC_MESSAGES.cancelled;
  const key = planRankKey(account.serviceType, account.isTrial);
  // A custom contract is a paid contract; no plan and a plain trial carry no panic support.
  const custom = (account.serviceType ?? "").trim().toUpperCase() === "CUSTOM";
  if (!custom && (key === "none" || key === "trial")) return PANIC_MESSAGES.notAllowedPlan;
  return null;
}
