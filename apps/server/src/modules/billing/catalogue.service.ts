/**
 * Changing the catalogue (issue 14). A plan is never edited in place: its next version is
 * inserted and becomes the current one, so subscriptions keep the price they bought until they
 * change or renew.
 */
import { BILLING_MESSAGES, type TEditPlanRequest } from "@portico/shared/schemas/billing";
import { and, eq } from "drizzle-orm";
import { billingPlans } from "../../db/schema";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/errors";
import { conflict, notFound } from "../../platform/errors";
import type { PlanRow } from "./catalogue.queries";

/**
 * Makes `edit` the next version of plan version `planId`, which must still be the current one:
 * of two admins editing the same version at once, one wins and the other is told (409) rather
 * than silently overwriting what they did not see.
 */
export async function editPlan(
  db: Db,
  planId: number,
  edit: TEditPlanRequest,
  userId: number,
): Promise<PlanRow> {
  try {
    return await db.transaction(async (tx) => {
      // The row lock makes a second edit of this version wait for the first, then see it is no longer current.
      const [base] = await tx.select().from(billingPlans).where(eq(billingPlans.id, planId)).for("update");
      if (!base) throw notFound(BILLING_MESSAGES.planNotFound);
      if (!base.isCurrent) throw conflict(BILLING_MESSAGES.planChanged);
      const retired = await tx
        .update(billingPlans)
        .set({ isCurrent: false })
        .where(and(eq(billingPlans.id, base.id), eq(billingPlans.isCurrent, true)))
        .returning({ id: billingPlans.id });
      if (retired.length === 0) throw conflict(BILLING_MESSAGES.planChanged);
      const [next] = await tx
        .insert(billingPlans)
        .values({
          productId: base.productId,
          code: base.code,
          version: base.version + 1,
          slaHours: edit.sla_hours,
          slaCoverage: edit.sla_coverage,
          minQuantity: edit.min_quantity,
          selfServeCapTib: edit.self_serve_cap_tib,
          priceUsdMinor: edit.price_per_tib_month.USD,
          priceEurMinor: edit.price_per_tib_month.EUR,
          isCurrent: true,
          createdBy: userId,
        })
        .returning();
      if (!next) throw new Error("plan version insert returned nothing");
      return next;
    });
  } catch (err) {
    // The unique indexes (one current row, one row per version) are the last word on a race.
    if (isUniqueViolation(err)) throw conflict(BILLING_MESSAGES.planChanged);
    throw err;
  }
}
