/**
 * Money and capacity of subscriptions (issue 14; spec §5 capacity, §9 plans, caps, currencies).
 * Every amount is an integer count of the currency's minor units (cents); nothing here touches a
 * floating-point amount. Prices are per TiB per month; a term is BILLING_TERM_MONTHS long and paid
 * up front; a change mid-term is prorated by the time left, to the second.
 */

export const CURRENCIES = ["USD", "EUR"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CAPACITY_UNITS = ["TiB", "PiB"] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];
export const TIB_PER_PIB = 1024;

/** A term is a year, paid up front, at twelve times the monthly price. */
export const BILLING_TERM_MONTHS = 12;

/** §9: the default self-serve cap (TiB) when a plan row does not say otherwise. */
export const DEFAULT_SELF_SERVE_CAP_TIB = { enterprise: 400, other: 25 } as const;

/** ENTERPRISE, ENTERPRISE-LITE and ENTERPRISE-PLUS are the enterprise family (cap 400 TiB). */
export function isEnterprisePlan(plan: string): boolean {
  return plan.toUpperCase().startsWith("ENTERPRISE");
}

export function defaultSelfServeCapTib(plan: string): number {
  return isEnterprisePlan(plan) ? DEFAULT_SELF_SERVE_CAP_TIB.enterprise : DEFAULT_SELF_SERVE_CAP_TIB.other;
}

/** 3 PiB → 3072 TiB. The input is already a validated whole number. */
export function toTib(capacity: number, unit: CapacityUnit): number {
  return unit === "PiB" ? capacity * TIB_PER_PIB : capacity;
}

/** The part of a plan version an estimate needs. */
export interface PlanPrice {
  plan: string;
  version: number;
  /** Minor units per TiB per month, by currency. */
  pricePerTibMonth: Record<Currency, number>;
  minQuantity: number;
  /** Largest capacity (TiB) a customer may buy without sales; 0: never self-serve. */
  selfServeCapTib: number;
}

export interface TermEstimate {
  plan: string;
  planVersion: number;
  currency: Currency;
  capacityTib: number;
  perTibMonthMinor: number;
  monthlyMinor: number;
  /** What one term costs: the amount of a new subscription and of a renewal. */
  termMinor: number;
}

/**
 * Integer division rounded half up, exact for any size (BigInt inside): the one rounding rule of
 * every prorated amount. `denominator` must be positive.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError("amount out of range");
  return n;
}

/** A new subscription, or a renewal, of `capacityTib` on `price` (estimate; renewal estimate). */
export function estimateTerm(price: PlanPrice, capacityTib: number, currency: Currency): TermEstimate {
  const perTib = BigInt(price.pricePerTibMonth[currency]);
  const monthly = perTib * BigInt(capacityTib);
  return {
    plan: price.plan,
    planVersion: price.version,
    currency,
    capacityTib,
    perTibMonthMinor: toSafeNumber(perTib),
    monthlyMinor: toSafeNumber(monthly),
    termMinor: toSafeNumber(monthly * BigInt(BILLING_TERM_MONTHS)),
  };
}

export interface UpgradeEstimate {
  current: TermEstimate;
  target: TermEstimate;
  /** Seconds of the current term left at `now`, and the term's length. */
  remainingSeconds: number;
  termSeconds: number;
  /** The unused part of the current term, given back (rounded half up on its own). */
  creditMinor: number;
  /** The target for the rest of the term (rounded half up on its own). */
  chargeMinor: number;
  /** chargeMinor − creditMinor: the lines add up to what is charged now. */
  amountDueMinor: number;
  /** What the next renewal costs on the target. */
  nextRenewalMinor: number;
}

export interface CurrentTerm {
  price: PlanPrice;
  capacityTib: number;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * A change mid-term (estimate/upgrade): the target's price for the time left, less the current
 * plan's price for the same time. The period does not move. A term that has ended (or not begun)
 * leaves nothing to prorate: the change costs nothing now and the renewal pays the target.
 */
export function estimateUpgrade(
  current: CurrentTerm,
  target: { price: PlanPrice; capacityTib: number },
  currency: Currency,
  now: Date,
): UpgradeEstimate {
  const currentTerm = estimateTerm(current.price, current.capacityTib, currency);
  const targetTerm = estimateTerm(target.price, target.capacityTib, currency);
  const termMs = Math.max(0, current.periodEnd.getTime() - current.periodStart.getTime());
  const remainingMs = Math.min(termMs, Math.max(0, current.periodEnd.getTime() - now.getTime()));
  const termSeconds = Math.floor(termMs / 1000);
  const remainingSeconds = Math.floor(remainingMs / 1000);
  const share = (amount: number) =>
    termSeconds === 0
      ? 0
      : toSafeNumber(divideRounded(BigInt(amount) * BigInt(remainingSeconds), BigInt(termSeconds)));
  const creditMinor = share(currentTerm.termMinor);
  const chargeMinor = share(targetTerm.termMinor);
  return {
    current: currentTerm,
    target: targetTerm,
    remainingSeconds,
    termSeconds,
    creditMinor,
    chargeMinor,
    amountDueMinor: chargeMinor - creditMinor,
    nextRenewalMinor: targetTerm.termMinor,
  };
}

/** The end of a term that starts at `start`: the same day and time BILLING_TERM_MONTHS later (UTC). */
export function termEnd(start: Date): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + BILLING_TERM_MONTHS);
  // 29 February plus a year is 28 February, not 1 March.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export type CapacityVerdict =
  | { kind: "ok" }
  | { kind: "below-minimum"; minQuantity: number }
  | { kind: "contact-sales"; capTib: number };

/** Whether `capacityTib` of `price` can be bought here, or needs sales (above the cap, or no cap). */
export function judgeCapacity(price: PlanPrice, capacityTib: number): CapacityVerdict {
  if (price.selfServeCapTib <= 0 || capacityTib > price.selfServeCapTib)
    return { kind: "contact-sales", capTib: price.selfServeCapTib };
  if (capacityTib < price.minQuantity) return { kind: "below-minimum", minQuantity: price.minQuantity };
  return { kind: "ok" };
}

/** 123456 USD → "$1,234.56"; EUR in the same locale → "€1,234.56". */
export function formatMoney(minor: number, currency: Currency, locale = "en-US"): string {
  const digits = 2;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
