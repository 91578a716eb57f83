/**
 * Plan rank of spec §4: the order in which accounts' open issues are served (lower first).
 * Ranks come from the account's service type plus its trial flag.
 */

export const PLAN_RANKS = {
  standard: 1,
  enterprise: 2,
  "enterprise-lite": 3,
  "enterprise-plus": 4,
  "trial enterprise-plus": 5,
  "trial enterprise-lite": 6,
  trial: 7,
  none: 8,
} as const;

export type PlanRankKey = keyof typeof PLAN_RANKS;
export const NO_PLAN_RANK = PLAN_RANKS.none;

/** "Enterprise_Plus " → "enterprise-plus": case and separators vary between billing providers. */
function normalizeServiceType(serviceType: string | null | undefined): string {
  return (serviceType ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}

/**
 * Which row of the table an account falls in. A trial of a plan without its own trial row
 * (standard, enterprise) and a trial without a service type rank as plain "trial"; service
 * types outside the table (CUSTOM, unknown) and no plan rank as "none".
 */
export function planRankKey(serviceType: string | null | undefined, isTrial: boolean): PlanRankKey {
  const type = normalizeServiceType(serviceType);
  if (type === "trial") return "trial";
  if (isTrial) {
    if (type === "enterprise-plus") return "trial enterprise-plus";
    if (type === "enterprise-lite") return "trial enterprise-lite";
    return "trial";
  }
  if (
    type === "standard" ||
    type === "enterprise" ||
    type === "enterprise-lite" ||
    type === "enterprise-plus"
  ) {
    return type;
  }
  return "none";
}

export function planRank(serviceType: string | null | undefined, isTrial = false): number {
  return PLAN_RANKS[planRankKey(serviceType, isTrial)];
}
