/** Plans, estimates and payments as the upgrade flow's calls answer them, for its screens' tests. */
import type { TPayment, TPreparedPayment, TUpgradeEstimate, TUpgradePlan } from "./upgrade-api";

export function upgradePlan(over: Partial<TUpgradePlan> = {}): TUpgradePlan {
  return {
    plan_id: 1,
    product_id: 1,
    plan: "STANDARD",
    plan_version: 1,
    sla_hours: 24,
    sla_coverage: "business-hours",
    min_quantity: 1,
    self_serve_cap_tib: 25,
    price_per_tib_month: { USD: 10_00, EUR: 9_00 },
    is_current: true,
    currency: "USD",
    is_current_plan: false,
    min_capacity_tib: 1,
    ...over,
  };
}

export const PLANS: TUpgradePlan[] = [
  upgradePlan({ is_current_plan: true }),
  upgradePlan({
    plan_id: 3,
    plan: "ENTERPRISE",
    sla_hours: 4,
    sla_coverage: "24x7",
    min_quantity: 10,
    self_serve_cap_tib: 400,
    price_per_tib_month: { USD: 25_00, EUR: 23_00 },
    min_capacity_tib: 10,
  }),
];

export function upgradeEstimate(over: Partial<TUpgradeEstimate> = {}): TUpgradeEstimate {
  const term = (plan: "STANDARD" | "ENTERPRISE", capacity: number, perTib: number) => ({
    plan,
    plan_version: 1,
    currency: "USD" as const,
    capacity_tib: capacity,
    per_tib_month_minor: perTib,
    monthly_minor: perTib * capacity,
    term_minor: perTib * capacity * 12,
    term_months: 12,
  });
  return {
    kind: "upgrade",
    contact_sales: false,
    self_serve_cap_tib: 400,
    current: term("STANDARD", 25, 10_00),
    target: term("ENTERPRISE", 100, 25_00),
    credit_minor: 1_500_00,
    charge_minor: 15_000_00,
    amount_due_minor: 13_500_00,
    next_renewal_minor: 30_000_00,
    period_end: "2027-03-01T09:00:00Z",
    remaining_days: 182,
    ...over,
  };
}

export function payment(over: Partial<TPayment> = {}): TPayment {
  return {
    payment_intent_id: "pi_test_1",
    kind: "upgrade",
    status: "requires_payment_method",
    plan: "ENTERPRISE",
    capacity_tib: 100,
    amount_minor: 13_500_00,
    currency: "USD",
    failure_message: null,
    applied: false,
    created_at: "2026-09-01T10:00:00Z",
    ...over,
  };
}

export function preparedPayment(over: Partial<TPreparedPayment> = {}): TPreparedPayment {
  return {
    payment: payment(),
    checkout: { kind: "card", client_secret: "pi_test_1_secret_abc", publishable_key: null },
    estimate: upgradeEstimate(),
    test_mode: true,
    ...over,
  };
}
