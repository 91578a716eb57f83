/** The billing services of one app (owned by the life-cycle work; this is its starting shape). */
import type { AppContext } from "../../platform/context";

export interface Billing {
  ctx: AppContext;
}

export function createBilling(ctx: AppContext): Billing {
  return { ctx };
}
