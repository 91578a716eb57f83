/**
 * Reading the catalogue (issue 14): products and their versioned plans, and presenting them as
 * the API answers them. The one product is `object-storage`; a plan code (a SERVICE_TYPES value)
 * names one current version of it at a time.
 */
import type { PlanPrice } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, type TPlan, type TProduct } from "@portico/shared/schemas/billing";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { billingPlans, billingProducts } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { notFound } from "../../platform/errors";

export type PlanRow = typeof billingPlans.$inferSelect;
export type ProductRow = typeof billingProducts.$inferSelect;

/** The product every subscription is of (seeded by 0014_billing). */
export const DEFAULT_PRODUCT_CODE = "object-storage";

export function planPrice(row: PlanRow): PlanPrice {
  return {
    plan: row.code,
    version: row.version,
    pricePerTibMonth: { USD: row.priceUsdMinor, EUR: row.priceEurMinor },
    minQuantity: row.minQuantity,
    selfServeCapTib: row.selfServeCapTib,
  };
}

export function presentPlan(row: PlanRow): TPlan {
  return {
    plan_id: row.id,
    product_id: row.productId,
    plan: row.code as TPlan["plan"],
    plan_version: row.version,
    sla_hours: row.slaHours,
    sla_coverage: row.slaCoverage,
    min_quantity: row.minQuantity,
    self_serve_cap_tib: row.selfServeCapTib,
    price_per_tib_month: { USD: row.priceUsdMinor, EUR: row.priceEurMinor },
    is_current: row.isCurrent,
  };
}

export function presentProduct(row: ProductRow): TProduct {
  return {
    product_id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    unit: row.unit,
  };
}

/** Plans keep the catalogue's order (their first version's), whatever version they are at. */
const catalogueOrder = sql`(select min(earliest.id) from ${billingPlans} earliest
  where earliest.product_id = ${billingPlans.productId} and earliest.code = ${billingPlans.code})`;

/** The current version of a plan of the default product, if the code names one. */
export async function findCurrentPlan(exec: Executor, code: string): Promise<PlanRow | undefined> {
  const [row] = await exec
    .select({ plan: billingPlans })
    .from(billingPlans)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPlans.productId))
    .where(
      and(
        eq(billingProducts.code, DEFAULT_PRODUCT_CODE),
        eq(billingPlans.code, code),
        eq(billingPlans.isCurrent, true),
      ),
    );
  return row?.plan;
}

/** The current version of a plan; 404 planNotFound when the code names none. */
export async function currentPlan(exec: Executor, code: string): Promise<PlanRow> {
  const row = await findCurrentPlan(exec, code);
  if (!row) throw notFound(BILLING_MESSAGES.planNotFound);
  return row;
}

/** One plan version by id (any version); 404 planNotFound when there is none. */
export async function planById(exec: Executor, id: number): Promise<PlanRow> {
  const [row] = await exec.select().from(billingPlans).where(eq(billingPlans.id, id));
  if (!row) throw notFound(BILLING_MESSAGES.planNotFound);
  return row;
}

export function listProducts(exec: Executor): Promise<ProductRow[]> {
  return exec.select().from(billingProducts).orderBy(asc(billingProducts.id));
}

/** Plans of every product: the current versions, or (`all`) every version, oldest first. */
export function listPlans(exec: Executor, opts: { all?: boolean } = {}): Promise<PlanRow[]> {
  return exec
    .select()
    .from(billingPlans)
    .where(opts.all ? undefined : eq(billingPlans.isCurrent, true))
    .orderBy(asc(billingPlans.productId), asc(catalogueOrder), asc(billingPlans.version));
}

/** Current plans a customer can buy on their own (a cap above 0), of the default product. */
export async function selfServePlans(exec: Executor): Promise<PlanRow[]> {
  const rows = await exec
    .select({ plan: billingPlans })
    .from(billingPlans)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPlans.productId))
    .where(
      and(
        eq(billingProducts.code, DEFAULT_PRODUCT_CODE),
        eq(billingPlans.isCurrent, true),
        gt(billingPlans.selfServeCapTib, 0),
      ),
    )
    .orderBy(asc(catalogueOrder));
  return rows.map((r) => r.plan);
}
